import { Controller, Get, HttpCode, Param, Post, Query, Res, UseGuards } from '@nestjs/common';
import type { Response } from 'express';
import { ForceDeleteSchema, ModerationQuerySchema, Rpc, type DismissedReportsView, type ForceDeleteInput, type GiftPairView, type ModerationDonationView, type ModerationQuery } from '@hdiya/contracts';
import { AdminGuard } from '../session/admin.guard.js';
import { CurrentUser, type SessionUser } from '../session/session-user.js';
import { DonationImages } from '../images/donation-images.service.js';
import { ServiceClient } from '../rpc/service-client.js';
import { DonationId } from './donations.controller.js';
import { sendPage } from './pagination.js';
import { ValidatedBody } from '../input/validated-body.pipe.js';
import { JsonBody } from '../input/json-body.decorator.js';

/** Moderation: every route checks the administrator role on the server. */
@Controller('api/admin')
@UseGuards(AdminGuard)
export class AdminController {
  constructor(
    private readonly services: ServiceClient,
    private readonly images: DonationImages,
  ) {}

  /** All donations (or with `reported=true` the reported ones), reported first, with the owners' e-mails. */
  @Get('donations')
  async donations(
    @Query(new ValidatedBody(ModerationQuerySchema)) page: ModerationQuery,
    @CurrentUser() user: SessionUser,
    @Res({ passthrough: true }) res: Response,
  ): Promise<ModerationDonationView[]> {
    const listed = await this.services.call(Rpc.donations.moderationList, { actor: user, page });
    const ownerIds = [...new Set(listed.items.map((d) => d.userId))];
    const contacts =
      ownerIds.length > 0
        ? await this.services.call(Rpc.users.contacts, { actorId: user.id, userIds: ownerIds })
        : [];
    const emails = new Map(contacts.map((c) => [c.id, c.email]));
    return sendPage(res, { ...listed, items: listed.items.map((d) => ({ ...d, ownerEmail: emails.get(d.userId) ?? null })) });
  }

  /** The donation is fine: its open reports are dismissed (who and when kept), it stays online. */
  @Post('donations/:id/reports/dismiss')
  @HttpCode(200)
  dismissReports(@Param('id', DonationId()) id: number, @CurrentUser() user: SessionUser): Promise<DismissedReportsView> {
    return this.services.call(Rpc.donations.dismissReports, { actor: user, donationId: id });
  }

  /** Any donation goes; an optional `{reason}` (older callers send no body) is kept in the moderation log. */
  @Post('force-delete/:id')
  @HttpCode(200)
  async forceDelete(
    @Param('id', DonationId()) id: number,
    @JsonBody(new ValidatedBody(ForceDeleteSchema)) input: ForceDeleteInput,
    @CurrentUser() user: SessionUser,
  ) {
    const deleted = await this.services.call(Rpc.donations.forceDelete, { actor: user, donationId: id, reason: input.reason ?? null });
    await this.images.remove(deleted.imageKeys);
    return { id: deleted.id, deleted: true };
  }

  /**
   * Pairs of members who gave to each other more than 3 times in 30 days, with their e-mails:
   * their further gifts earn no points (decision 0019); moderators look at them.
   */
  @Get('gift-pairs')
  async giftPairs(@CurrentUser() user: SessionUser): Promise<GiftPairView[]> {
    const pairs = await this.services.call(Rpc.points.giftPairs, { actor: user });
    const userIds = [...new Set(pairs.flatMap((p) => p.members.map((m) => m.id)))];
    const contacts = userIds.length > 0 ? await this.services.call(Rpc.users.contacts, { actorId: user.id, userIds }) : [];
    const emails = new Map(contacts.map((c) => [c.id, c.email]));
    return pairs.map((p) => ({ ...p, members: p.members.map((m) => ({ ...m, email: emails.get(m.id) ?? null })) }));
  }
}
