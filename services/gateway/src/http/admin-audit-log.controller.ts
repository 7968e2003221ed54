import { Controller, Get, Query, Res, UseGuards } from '@nestjs/common';
import type { Response } from 'express';
import { ModerationLogQuerySchema, ModerationLogRules, Rpc, type ModerationLogEntryView, type ModerationLogQuery } from '@hdiya/contracts';
import { AdminGuard } from '../session/admin.guard.js';
import { CurrentUser, type SessionUser } from '../session/session-user.js';
import { ServiceClient } from '../rpc/service-client.js';
import { ValidatedBody } from '../input/validated-body.pipe.js';
import { mergeModerationLogs } from './moderation-log-pages.js';
import { sendPage } from './pagination.js';

/** The services that keep a moderation log, each of what its moderators did there. */
const LOG_KEEPERS = [Rpc.users.moderationLog, Rpc.donations.moderationLog] as const;

/**
 * The moderation log (docs/product.md#moderation-log): read-only, as nothing in the product may
 * change it. A service that does not answer fails the page (503) rather than leave a silent gap.
 */
@Controller('api/admin/audit-log')
@UseGuards(AdminGuard)
export class AdminAuditLogController {
  constructor(private readonly services: ServiceClient) {}

  @Get()
  async list(
    @Query(new ValidatedBody(ModerationLogQuerySchema)) query: ModerationLogQuery,
    @CurrentUser() user: SessionUser,
    @Res({ passthrough: true }) res: Response,
  ): Promise<ModerationLogEntryView[]> {
    const limit = query.limit ?? ModerationLogRules.defaultPageSize;
    const filters = {
      ...(query.actor ? { actorId: query.actor } : {}),
      ...(query.action ? { action: query.action } : {}),
      ...(query.targetType ? { targetType: query.targetType } : {}),
      ...(query.targetId ? { targetId: query.targetId } : {}),
      ...(query.before ? { before: query.before } : {}),
      limit: limit + 1,
    };
    const pages = await Promise.all(LOG_KEEPERS.map((subject) => this.services.call(subject, { actor: user, filters })));
    const page = mergeModerationLogs(pages, limit);
    const names = await this.actorNames([...new Set(page.items.map((entry) => entry.actorId))]);
    return sendPage(res, { ...page, items: page.items.map((entry) => ({ ...entry, actorName: names.get(entry.actorId) ?? null })) });
  }

  /** The moderators' public names (a handful a page); one the users service cannot give stays unnamed. */
  private async actorNames(actorIds: string[]): Promise<Map<string, string>> {
    const profiles = await Promise.all(
      actorIds.map((userId) => this.services.call(Rpc.users.getPublic, { userId }).then((profile) => [userId, profile.displayName] as const, () => null)),
    );
    return new Map(profiles.filter((entry) => entry !== null));
  }
}
