import { Controller, Get, HttpCode, Param, Post, UseGuards } from '@nestjs/common';
import { AskMessages, ErrorCodes, Rpc, type DonationAskMatchesView } from '@hdiya/contracts';
import { CurrentUser, type SessionUser } from '../session/session-user.js';
import { SignedInGuard } from '../session/signed-in.guard.js';
import { ServiceClient } from '../rpc/service-client.js';
import { DonationId } from './donations.controller.js';
import { UuidParam } from './uuid-param.js';

/** The owner's view of who nearby asked for a donation (unnamed), and the offer to one of them. */
@Controller('api/donations/:id/ask-matches')
@UseGuards(SignedInGuard)
export class DonationAskMatchesController {
  constructor(private readonly services: ServiceClient) {}

  @Get()
  matches(@Param('id', DonationId()) donationId: number, @CurrentUser() user: SessionUser): Promise<DonationAskMatchesView> {
    return this.services.call(Rpc.donations.askMatches, { actor: user, donationId });
  }

  @Post(':matchId/offer')
  @HttpCode(200)
  offer(
    @Param('id', DonationId()) donationId: number,
    @Param('matchId', UuidParam(ErrorCodes.ASK_MATCH_NOT_FOUND, AskMessages.matchNotFound)) matchId: string,
    @CurrentUser() user: SessionUser,
  ): Promise<DonationAskMatchesView> {
    return this.services.call(Rpc.donations.offerToAsk, { actor: user, donationId, matchId });
  }
}
