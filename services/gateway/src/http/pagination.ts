import type { Response } from 'express';
import type { DonationPage } from '@hdiya/contracts';

export const NEXT_CURSOR_HEADER = 'X-Next-Cursor';
/** How many a search found in all: a number, or the cap followed by `+` when there are more. */
export const TOTAL_COUNT_HEADER = 'X-Total-Count';
/** "Did you mean": words that find something when a search found nothing, URI-encoded (a header is ASCII). */
export const SUGGESTION_HEADER = 'X-Search-Suggestion';

/**
 * Lists stay plain JSON arrays, as the older client reads them (docs/api.md#the-older-client); the cursor of the next page
 * travels in a header (pass it back as `?cursor=`), and so do a search's total (first page) and its suggestion.
 */
export function sendPage<T>(res: Response, page: DonationPage<T>): T[] {
  if (page.nextCursor) res.setHeader(NEXT_CURSOR_HEADER, page.nextCursor);
  if (page.total) res.setHeader(TOTAL_COUNT_HEADER, `${page.total.count}${page.total.capped ? '+' : ''}`);
  if (page.suggestion) res.setHeader(SUGGESTION_HEADER, encodeURIComponent(page.suggestion));
  return page.items;
}
