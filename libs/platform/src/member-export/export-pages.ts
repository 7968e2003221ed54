import { MEMBER_EXPORT_PAGE_BYTES, type MemberExportPage, type MemberExportPiece } from '@hdiya/contracts';

/** A list's rows fetched per query; a page takes as many of them as its size allows. */
const ROWS_PER_QUERY = 500;

/** One row of a list file and where the next query starts after it (an id, or a position). */
export interface ExportRow {
  item: unknown;
  key: string;
}

/**
 * A file of a service's part of the export (issue 47), in order: `whole`, small by nature (the
 * account, the settings); `list`, as many rows as the member has, read `limit` at a time after
 * `after` (null: from the first), in a fixed order; `photos`, storage keys of their photos.
 */
export type ExportSource =
  | { name: string; whole: () => Promise<unknown> }
  | { name: string; list: (after: string | null, limit: number) => Promise<ExportRow[]>; head?: () => Promise<Record<string, unknown>>; field?: string }
  | { photos: (after: string | null, limit: number) => Promise<ExportRow[]> };

/** A list read by position: for rows without a unique order of their own. */
export const byPosition =
  (read: (offset: number, limit: number) => Promise<unknown[]>) =>
  async (after: string | null, limit: number): Promise<ExportRow[]> => {
    const offset = after === null ? 0 : Number(after);
    return (await read(offset, limit)).map((item, i) => ({ item, key: String(offset + i + 1) }));
  };

const bytesOf = (value: unknown) => Buffer.byteLength(JSON.stringify(value) ?? 'null');

/** `<source index>:<key after which it goes on>`; what the previous page answered as `next`. */
function parseCursor(cursor: string | undefined, sources: number): { index: number; after: string | null } {
  if (!cursor) return { index: 0, after: null };
  const at = cursor.indexOf(':');
  const index = Number(cursor.slice(0, at));
  if (at < 1 || !Number.isInteger(index) || index < 0 || index > sources) throw new Error(`not an export cursor: ${cursor}`);
  const after = cursor.slice(at + 1);
  return { index, after: after === '' ? null : after };
}

/**
 * One page of a service's part of the export: the pieces from `cursor` on, until they weigh
 * `budget` bytes as JSON (always at least one row or file, so every page moves on), and the
 * cursor of the next page. Each page is read afresh: a row added meanwhile at the end of a list
 * is in the export, one removed before the cursor shifts nothing (keys, not positions, where the
 * rows have them).
 */
export async function exportPage(sources: ExportSource[], cursor: string | undefined, budget = MEMBER_EXPORT_PAGE_BYTES): Promise<MemberExportPage> {
  let { index, after } = parseCursor(cursor, sources.length);
  const pieces: MemberExportPiece[] = [];
  let size = 0;
  const full = (bytes: number) => pieces.length > 0 && size + bytes > budget;
  while (index < sources.length) {
    const source = sources[index]!;
    if ('whole' in source) {
      const content = await source.whole();
      const bytes = bytesOf(content);
      if (full(bytes)) return { pieces, next: `${index}:` };
      pieces.push({ name: source.name, content });
      size += bytes;
      index += 1;
      after = null;
      continue;
    }
    const read = 'list' in source ? source.list : source.photos;
    const starting = after === null;
    const rows = await read(after, ROWS_PER_QUERY);
    const taken: unknown[] = [];
    let stopped = false;
    for (const row of rows) {
      const bytes = bytesOf(row.item) + 4;
      if (full(bytes) || (taken.length > 0 && size + bytes > budget)) {
        stopped = true;
        break;
      }
      taken.push(row.item);
      size += bytes;
      after = row.key;
    }
    // Not one row fitted after what the page holds already: the list starts on the next page.
    if (stopped && taken.length === 0) return { pieces, next: `${index}:${after ?? ''}` };
    const more = stopped || rows.length === ROWS_PER_QUERY;
    if ('list' in source) {
      // A list that is a field of an object: the object's other fields come with its first piece.
      const head = starting && source.field ? { head: (await source.head?.()) ?? {}, field: source.field } : {};
      pieces.push({ name: source.name, items: taken, more, ...head });
    } else if (taken.length > 0) {
      pieces.push({ photoKeys: taken as string[] });
    }
    if (stopped) return { pieces, next: `${index}:${after ?? ''}` };
    if (!more) {
      index += 1;
      after = null;
    }
  }
  return { pieces, next: null };
}
