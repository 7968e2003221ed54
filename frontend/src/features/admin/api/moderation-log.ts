import { useInfiniteQuery } from '@tanstack/react-query';
import { ModerationLogRules } from '@hdiya/contracts';
import { callPage } from '@/lib/api-client';
import { pagedQueryOptions } from '@/lib/paged-query';

/** Every page of the journal, whatever its filters, starts with this key (a moderator's action refreshes them). */
export const moderationLogQueryKey = ['admin', 'audit-log'] as const;

export interface ModerationLogFilter {
  action?: string;
  actor?: string;
}

/** GET /api/admin/audit-log → the moderation log, newest first, a page at a time (admins only). */
export function useModerationLog(enabled: boolean, filter: ModerationLogFilter) {
  return useInfiniteQuery({
    ...pagedQueryOptions([...moderationLogQueryKey, filter] as const, (cursor, signal) =>
      callPage('GET /api/admin/audit-log', { query: { limit: ModerationLogRules.defaultPageSize, before: cursor, action: filter.action, actor: filter.actor }, signal }),
    ),
    enabled,
  });
}
