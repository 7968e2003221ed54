import { encodeModerationLogCursor, type ModerationLogEntry } from '@hdiya/contracts';

/** Newest first; entries of one instant by the greater id first, as each service orders its own. */
const newestFirst = (a: ModerationLogEntry, b: ModerationLogEntry) => (a.at === b.at ? (a.id < b.id ? 1 : a.id > b.id ? -1 : 0) : a.at < b.at ? 1 : -1);

/**
 * One page of the services' logs merged (decision 0058). Each service answered its newest
 * `limit + 1` entries older than the cursor, so the first `limit` of them all are the page, and
 * anything beyond means there is a next one, starting after the page's last entry.
 */
export function mergeModerationLogs(pages: ModerationLogEntry[][], limit: number): { items: ModerationLogEntry[]; nextCursor: string | null } {
  const merged = pages.flat().sort(newestFirst);
  const items = merged.slice(0, limit);
  const last = items.at(-1);
  return { items, nextCursor: merged.length > limit && last ? encodeModerationLogCursor(last) : null };
}
