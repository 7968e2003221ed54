import { DonationMessages, ErrorCodes, MAX_INT_ID } from '@hdiya/contracts';
import { rpcError } from '@hdiya/platform';

/**
 * Keyset pagination: the cursor carries the sort key and id of the last item served, so items
 * inserted meanwhile never shift a page (no duplicates, no gaps among what existed).
 */
export interface PageCursor {
  /** The sort key: a distance in metres, or a time in ISO form. */
  k: number | string;
  id: number;
}

export function encodeCursor(cursor: PageCursor): string {
  return Buffer.from(JSON.stringify(cursor)).toString('base64url');
}

export function decodeCursor(text: string | undefined, kind: 'number' | 'time'): PageCursor | null {
  if (!text) return null;
  try {
    const value = JSON.parse(Buffer.from(text, 'base64url').toString('utf8')) as PageCursor;
    // Within what PostgreSQL accepts: a bad cursor is the client's error (400), never a 500.
    const keyOk =
      kind === 'number'
        ? typeof value.k === 'number' && value.k >= 0 && value.k < 1e15
        : typeof value.k === 'string' && Date.parse(value.k) >= 0 && Date.parse(value.k) < Date.UTC(10000, 0, 1);
    if (keyOk && Number.isInteger(value.id) && value.id >= 0 && value.id <= MAX_INT_ID) return value;
  } catch {
    // fall through
  }
  throw rpcError(400, ErrorCodes.VALIDATION_FAILED, DonationMessages.cursor, 'cursor');
}
