import type { DonationPage } from '@hdiya/contracts';
import { toDonationView, type DonationRow } from './donation-row.js';
import { encodeCursor } from './page-cursor.js';

/** Cuts a page from `limit + 1` rows; `withDistance` when the sort key is the distance in metres. */
export function pageOf(rows: (DonationRow & { sort_key: number | Date })[], limit: number, withDistance = false): DonationPage {
  const items = rows.slice(0, limit);
  const last = items[items.length - 1];
  const nextCursor =
    rows.length > limit && last
      ? encodeCursor({ k: last.sort_key instanceof Date ? last.sort_key.toISOString() : Number(last.sort_key), id: last.id })
      : null;
  return { items: items.map((row) => toDonationView(row, withDistance ? Number(row.sort_key) : undefined)), nextCursor };
}
