import type { Response } from 'express';
import type { DonationPage } from '@hdiya/contracts';

export const NEXT_CURSOR_HEADER = 'X-Next-Cursor';

/**
 * Lists stay plain JSON arrays, as the older client reads them (docs/api.md#the-older-client); the cursor of the next page
 * travels in a header (pass it back as `?cursor=`).
 */
export function sendPage<T>(res: Response, page: DonationPage<T>): T[] {
  if (page.nextCursor) res.setHeader(NEXT_CURSOR_HEADER, page.nextCursor);
  return page.items;
}
