import type { Response } from 'express';
import type { DonationPage } from '@hdiya/contracts';

export const NEXT_CURSOR_HEADER = 'X-Next-Cursor';
/** How many a search found in all: a number, or the cap followed by `+` when there are more. */
export const TOTAL_COUNT_HEADER = 'X-Total-Count';

/**
 * Lists stay plain JSON arrays, as the older client reads them (docs/api.md#the-older-client); the cursor of the next page
 * travels in a header (pass it back as `?cursor=`), and so does a search's total (first page).
 */
export function sendPage<T>(res: Response, page: DonationPage<T>): T[] {
  if (page.nextCursor) res.setHeader(NEXT_CURSOR_HEADER, page.nextCursor);
  if (page.total) res.setHeader(TOTAL_COUNT_HEADER, `${page.total.count}${page.total.capped ? '+' : ''}`);
  return page.items;
}
