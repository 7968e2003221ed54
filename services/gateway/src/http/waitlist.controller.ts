import { Controller, Delete, Get, HttpCode, Param, Post, UseGuards } from '@nestjs/common';
import { HandoverCodeSchema, Rpc, type DonationView, type HandoverCodeInput, type HandoverView, type WaitlistView } from '@hdiya/contracts';
import { CurrentUser, type SessionUser } from '../session/session-user.js';
import { SignedInGuard } from '../session/signed-in.guard.js';
import { ServiceClient } from '../rpc/service-client.js';
import { DonationId } from './donations.controller.js';
import { ValidatedBody } from '../input/validated-body.pipe.js';
import { JsonBody } from '../input/json-body.decorator.js';

/**
 * Around a reserved donation: its waiting list, the handover code, and the donor's dispute of a
 * reception confirmed without it. Accepting an item offered
 * from the waiting list is reserving it (`POST /api/donations/{id}/reserve`).
 */
@Controller('api/donations/:id')
@UseGuards(SignedInGuard)
export class WaitlistController {
  constructor(private readonly services: ServiceClient) {}

  @Get('waitlist')
  waitlist(@Param('id', DonationId()) donationId: number, @CurrentUser() user: SessionUser): Promise<WaitlistView> {
    return this.services.call(Rpc.donations.waitlist, { actor: user, donationId });
  }

  /** Join the line of a reserved donation (one place per member). */
  @Post('waitlist')
  @HttpCode(200)
  join(@Param('id', DonationId()) donationId: number, @CurrentUser() user: SessionUser): Promise<WaitlistView> {
    return this.services.call(Rpc.donations.joinWaitlist, { actor: user, donationId });
  }

  /** Leave the line, or decline the item offered to you (it goes to the next in line). */
  @Delete('waitlist')
  leave(@Param('id', DonationId()) donationId: number, @CurrentUser() user: SessionUser): Promise<WaitlistView> {
    return this.services.call(Rpc.donations.leaveWaitlist, { actor: user, donationId });
  }

  /** The owner passes the item offered from the line to the next (or frees it when nobody waits). */
  @Post('waitlist/skip-offer')
  @HttpCode(200)
  skipOffer(@Param('id', DonationId()) donationId: number, @CurrentUser() user: SessionUser): Promise<WaitlistView> {
    return this.services.call(Rpc.donations.skipWaitlistOffer, { actor: user, donationId });
  }

  /** The reserver's code, or for the owner the tries left. */
  @Get('handover')
  handover(@Param('id', DonationId()) donationId: number, @CurrentUser() user: SessionUser): Promise<HandoverView> {
    return this.services.call(Rpc.donations.handover, { actor: user, donationId });
  }

  /** The owner enters the reserver's code: reception confirmed. */
  @Post('handover')
  @HttpCode(200)
  confirmHandover(
    @Param('id', DonationId()) donationId: number,
    @JsonBody(new ValidatedBody(HandoverCodeSchema)) handover: HandoverCodeInput,
    @CurrentUser() user: SessionUser,
  ): Promise<DonationView> {
    return this.services.call(Rpc.donations.confirmHandover, { actor: user, donationId, handover });
  }

  /** The owner says a reception the reserver confirmed alone never happened (48 hours, decision 0056). */
  @Post('dispute')
  @HttpCode(200)
  dispute(@Param('id', DonationId()) donationId: number, @CurrentUser() user: SessionUser): Promise<DonationView> {
    return this.services.call(Rpc.donations.disputeReception, { actor: user, donationId });
  }
}
