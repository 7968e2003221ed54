import { Body, Controller, Delete, Get, HttpCode, Param, Post, UseGuards, type PipeTransform } from '@nestjs/common';
import { AskDonationSchema, ErrorCodes, RequestMessages, Rpc, type AskDonationInput, type DonationRequestsView } from '@hdiya/contracts';
import { ApiException } from '../errors/api-exception.js';
import { CurrentUser, type SessionUser } from '../session/session-user.js';
import { SignedInGuard } from '../session/signed-in.guard.js';
import { ValidatedBody } from '../requests/validated-body.pipe.js';
import { ServiceClient } from '../rpc/service-client.js';
import { DonationId } from './donations.controller.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** `/requests/{requestId}`: anything but a UUID names no request. */
const RequestId = (): PipeTransform<string, string> => ({
  transform(value: string): string {
    if (!UUID.test(value)) throw new ApiException(404, ErrorCodes.REQUEST_NOT_FOUND, RequestMessages.notFound);
    return value.toLowerCase();
  },
});

/** A donation's request window (docs/product.md#request-window): ask, withdraw, and the owner's choice. */
@Controller('api/donations/:id/requests')
@UseGuards(SignedInGuard)
export class DonationRequestsController {
  constructor(private readonly services: ServiceClient) {}

  @Get()
  view(@Param('id', DonationId()) donationId: number, @CurrentUser() user: SessionUser): Promise<DonationRequestsView> {
    return this.services.call(Rpc.donations.requests, { actor: user, donationId });
  }

  /** Ask with a few words; nothing is held until the donor chooses. */
  @Post()
  @HttpCode(201)
  ask(
    @Param('id', DonationId()) donationId: number,
    @Body(new ValidatedBody(AskDonationSchema)) request: AskDonationInput,
    @CurrentUser() user: SessionUser,
  ): Promise<DonationRequestsView> {
    return this.services.call(Rpc.donations.ask, { actor: user, donationId, request });
  }

  @Delete()
  withdraw(@Param('id', DonationId()) donationId: number, @CurrentUser() user: SessionUser): Promise<DonationRequestsView> {
    return this.services.call(Rpc.donations.withdrawRequest, { actor: user, donationId });
  }

  /** The owner's choice: the asker gets the ordinary reservation (the donations service checks who may). */
  @Post(':requestId/choose')
  @HttpCode(200)
  choose(@Param('id', DonationId()) donationId: number, @Param('requestId', RequestId()) requestId: string, @CurrentUser() user: SessionUser): Promise<DonationRequestsView> {
    return this.services.call(Rpc.donations.chooseRequest, { actor: user, donationId, requestId });
  }
}
