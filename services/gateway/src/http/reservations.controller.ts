import { Controller, Get, HttpCode, Inject, Param, Patch, Post, Query, Res, UseGuards } from '@nestjs/common';
import type { Response } from 'express';
import {
  canonicalStatus,
  DonationStatusSchema,
  ErrorCodes,
  PageQuerySchema,
  reservedDonationForViewer,
  Rpc,
  type DonationStatusInput,
  type DonationView,
  type PageQuery,
  type RpcSubject,
} from '@hdiya/contracts';
import { CurrentUser, type SessionUser } from '../session/session-user.js';
import { NOT_SIGNED_IN, SignedInGuard } from '../session/signed-in.guard.js';
import { GATEWAY_CONFIG, type GatewayConfig } from '../config.js';
import { ApiException } from '../errors/api-exception.js';
import { ServiceClient } from '../rpc/service-client.js';
import { DonationId } from './donations.controller.js';
import { sendPage } from './pagination.js';
import { ValidatedBody } from '../input/validated-body.pipe.js';
import { JsonBody } from '../input/json-body.decorator.js';

const SIGN_IN_TO_RESERVE = 'Veuillez vous connecter pour réserver cet objet';

type Action = 'reserve' | 'confirm' | 'cancel';
const SUBJECTS = { reserve: Rpc.donations.reserve, confirm: Rpc.donations.confirm, cancel: Rpc.donations.cancel } as const satisfies Record<Action, RpcSubject>;

/**
 * The reservation lifecycle (docs/product.md#reservations). The reserver is always the session member; the
 * `reservedById` the older client sends is ignored (docs/api.md#the-older-client). Answers are final outcomes, never "pending".
 */
@Controller('api')
export class ReservationsController {
  constructor(
    private readonly services: ServiceClient,
    @Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig,
  ) {}

  /** The older client (docs/api.md#the-older-client): `{status: 'reserved', reservedById}`; also `completed` (confirm) and `available` (cancel). */
  @Patch('donations/:id/status')
  changeStatus(
    @Param('id', DonationId()) id: number,
    @JsonBody(new ValidatedBody(DonationStatusSchema)) body: DonationStatusInput,
    @CurrentUser() user: SessionUser | undefined,
  ): Promise<DonationView> {
    const status = canonicalStatus(body.status);
    const action: Action | undefined = status === 'reserved' ? 'reserve' : status === 'completed' ? 'confirm' : status === 'available' ? 'cancel' : undefined;
    if (!action) throw new ApiException(400, ErrorCodes.VALIDATION_FAILED, 'Statut inconnu.', 'status');
    return this.act(action, id, user);
  }

  @Post('donations/:id/reserve')
  @HttpCode(200)
  reserve(@Param('id', DonationId()) id: number, @CurrentUser() user: SessionUser | undefined): Promise<DonationView> {
    return this.act('reserve', id, user);
  }

  /** Reserver only, once: the donor then gets +5 and the hold is captured. */
  @Post('donations/:id/confirm')
  @HttpCode(200)
  confirm(@Param('id', DonationId()) id: number, @CurrentUser() user: SessionUser | undefined): Promise<DonationView> {
    return this.act('confirm', id, user);
  }

  /** Reserver or owner: the item is available again and the 2 points go back. */
  @Post('donations/:id/cancel')
  @HttpCode(200)
  cancel(@Param('id', DonationId()) id: number, @CurrentUser() user: SessionUser | undefined): Promise<DonationView> {
    return this.act('cancel', id, user);
  }

  @Get('user/reservations')
  @UseGuards(SignedInGuard)
  async list(@Query(new ValidatedBody(PageQuerySchema)) page: PageQuery, @CurrentUser() user: SessionUser, @Res({ passthrough: true }) res: Response) {
    const reservations = await this.services.call(Rpc.donations.reservations, { actor: user, page });
    return sendPage(res, { ...reservations, items: reservations.items.map((d) => reservedDonationForViewer(d, user.id)) });
  }

  private act(action: Action, donationId: number, user: SessionUser | undefined): Promise<DonationView> {
    if (!user) {
      throw new ApiException(401, ErrorCodes.UNAUTHENTICATED, action === 'reserve' ? SIGN_IN_TO_RESERVE : NOT_SIGNED_IN);
    }
    return this.services.call(SUBJECTS[action], { actor: user, donationId }, action === 'reserve' ? this.config.RESERVE_TIMEOUT_MS : undefined);
  }
}
