import { Controller, Delete, Get, HttpCode, Param, Post, Query, Res, UseGuards } from '@nestjs/common';
import type { Response } from 'express';
import {
  donationForViewer,
  FavoriteSchema,
  PageQuerySchema,
  Rpc,
  type FavoriteInput,
  type MemberLimitsView,
  type PageQuery,
} from '@hdiya/contracts';
import { CurrentUser, type SessionUser } from '../session/session-user.js';
import { SignedInGuard } from '../session/signed-in.guard.js';
import { ServiceClient } from '../rpc/service-client.js';
import { DonationId } from './donations.controller.js';
import { sendPage } from './pagination.js';
import { ValidatedBody } from '../input/validated-body.pipe.js';
import { JsonBody } from '../input/json-body.decorator.js';

/** The signed-in member's own lists: favourites and donations; and where they stand against the limits. */
@Controller('api')
@UseGuards(SignedInGuard)
export class MemberListsController {
  constructor(private readonly services: ServiceClient) {}

  /** Idempotent: a second add keeps one favourite. */
  @Post('favorites')
  @HttpCode(201)
  addFavorite(@JsonBody(new ValidatedBody(FavoriteSchema)) input: FavoriteInput, @CurrentUser() user: SessionUser) {
    return this.services.call(Rpc.donations.addFavorite, { actor: user, donationId: input.donationId });
  }

  @Delete('favorites/:donationId')
  removeFavorite(@Param('donationId', DonationId()) donationId: number, @CurrentUser() user: SessionUser) {
    return this.services.call(Rpc.donations.removeFavorite, { actor: user, donationId });
  }

  /** Where the member stands against every limit, from the two services that keep them. */
  @Get('user/limits')
  async limits(@CurrentUser() user: SessionUser): Promise<MemberLimitsView> {
    const [donations, points] = await Promise.all([this.services.call(Rpc.donations.limits, { userId: user.id }), this.services.call(Rpc.points.limits, { userId: user.id })]);
    return { ...donations, ...points };
  }

  @Get('user/favorites')
  async favorites(@Query(new ValidatedBody(PageQuerySchema)) page: PageQuery, @CurrentUser() user: SessionUser, @Res({ passthrough: true }) res: Response) {
    const favorites = await this.services.call(Rpc.donations.favorites, { actor: user, page });
    // A favourite reserved by someone else must not say by whom.
    return sendPage(res, { ...favorites, items: favorites.items.map((d) => donationForViewer(d, user)) });
  }

  @Get('user/donations')
  async donations(@Query(new ValidatedBody(PageQuerySchema)) page: PageQuery, @CurrentUser() user: SessionUser, @Res({ passthrough: true }) res: Response) {
    return sendPage(res, await this.services.call(Rpc.donations.byOwner, { ownerId: user.id, page }));
  }
}
