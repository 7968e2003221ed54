import { Controller, Delete, Get, HttpCode, Param, Post, UseGuards } from '@nestjs/common';
import { AskDonationSchema, ErrorCodes, RequestMessages, Rpc, type AskDonationInput, type DonationRequestsView } from '@hdiya/contracts';
import { CurrentUser, type SessionUser } from '../session/session-user.js';
import { SignedInGuard } from '../session/signed-in.guard.js';
import { ValidatedBody } from '../input/validated-body.pipe.js';
import { ServiceClient } from '../rpc/service-client.js';
import { DonationId } from './donations.controller.js';
import { UuidParam } from './uuid-param.js';
import { JsonBody } from '../input/json-body.decorator.js';

/** `/requests/{requestId}`: anything but a UUID names no request. */
const RequestId = () => UuidParam(ErrorCodes.REQUEST_NOT_FOUND, RequestMessages.notFound);

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
    @JsonBody(new ValidatedBody(AskDonationSchema)) request: AskDonationInput,
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
