import { DonationMessages, ErrorCodes } from '@hdiya/contracts';
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
    const keyOk = kind === 'number' ? Number.isFinite(value.k) : typeof value.k === 'string' && !Number.isNaN(Date.parse(value.k));
    if (keyOk && Number.isInteger(value.id)) return value;
  } catch {
    // fall through
  }
  throw rpcError(400, ErrorCodes.VALIDATION_FAILED, DonationMessages.cursor, 'cursor');
}
