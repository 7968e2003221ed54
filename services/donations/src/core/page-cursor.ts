import { DonationMessages, ErrorCodes, MAX_INT_ID } from '@hdiya/contracts';
import { rpcError } from '@hdiya/platform';

/**
 * Keyset pagination: the cursor carries the sort key and id of the last item served, so items
 * inserted meanwhile never shift a page (no duplicates, no gaps among what existed).
 */
export interface PageCursor<Id extends number | string = number> {
  /** The sort key: a distance in metres, or a time in ISO form. */
  k: number | string;
  /** A serial id, or a UUID for the rows keyed so (asks). */
  id: Id;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export function encodeCursor(cursor: PageCursor<number | string>): string {
  return Buffer.from(JSON.stringify(cursor)).toString('base64url');
}

export function decodeCursor(text: string | undefined, kind: 'number' | 'time'): PageCursor | null {
  return decode(text, kind, (id): id is number => Number.isInteger(id) && (id as number) >= 0 && (id as number) <= MAX_INT_ID);
}

/** A cursor over rows keyed by UUID, newest first. */
export function decodeUuidCursor(text: string | undefined): PageCursor<string> | null {
  return decode(text, 'time', (id): id is string => typeof id === 'string' && UUID.test(id));
}

function decode<Id extends number | string>(text: string | undefined, kind: 'number' | 'time', idOk: (id: unknown) => id is Id): PageCursor<Id> | null {
  if (!text) return null;
  try {
    const value = JSON.parse(Buffer.from(text, 'base64url').toString('utf8')) as PageCursor<Id>;
    // Within what PostgreSQL accepts: a bad cursor is the client's error (400), never a 500.
    const keyOk =
      kind === 'number'
        ? typeof value.k === 'number' && value.k >= 0 && value.k < 1e15
        : typeof value.k === 'string' && Date.parse(value.k) >= 0 && Date.parse(value.k) < Date.UTC(10000, 0, 1);
    if (keyOk && idOk(value.id)) return value;
  } catch {
    // fall through
  }
  throw rpcError(400, ErrorCodes.VALIDATION_FAILED, DonationMessages.cursor, 'cursor');
}
