import type { MemberExportPage, MemberExportPiece } from '@hdiya/contracts';
import { byPosition, exportPage, type ExportSource } from './export-pages.js';

// The pager of a service's part of the export (issue 47): whatever the member's data weighs, each
// page stays near its budget, and following the cursors gives back every file whole, in order.

const BUDGET = 10_000;

/** `count` rows of about `size` bytes each, read by position. */
const rowsOf = (count: number, size: number) =>
  byPosition(async (offset, limit) => Array.from({ length: Math.max(0, Math.min(limit, count - offset)) }, (_, i) => ({ n: offset + i, text: 'x'.repeat(size) })));

/** Every page from the first, as the gateway asks for them. */
async function allPages(sources: ExportSource[]): Promise<MemberExportPage[]> {
  const pages: MemberExportPage[] = [];
  let cursor: string | undefined;
  for (;;) {
    const page = await exportPage(sources, cursor, BUDGET);
    pages.push(page);
    if (page.next === null) return pages;
    expect(page.next).not.toBe(cursor);
    cursor = page.next;
  }
}

/** The files the pieces make, as the gateway zips them. */
function filesOf(pages: MemberExportPage[]): { files: Map<string, unknown>; photos: string[] } {
  const files = new Map<string, unknown>();
  const photos: string[] = [];
  interface OpenList {
    name: string;
    items: unknown[];
    head?: Record<string, unknown>;
    field?: string;
  }
  // In an object: a variable assigned in a closure would be narrowed to null below.
  const state: { open: OpenList | null } = { open: null };
  const close = () => {
    const { open } = state;
    if (open) files.set(open.name, open.field ? { ...open.head, [open.field]: open.items } : open.items);
    state.open = null;
  };
  for (const piece of pages.flatMap((p) => p.pieces) as MemberExportPiece[]) {
    if ('photoKeys' in piece) photos.push(...piece.photoKeys);
    else if ('content' in piece) {
      close();
      files.set(piece.name, piece.content);
    } else {
      if (state.open?.name !== piece.name) {
        close();
        state.open = { name: piece.name, items: [], head: piece.head, field: piece.field };
      }
      state.open!.items.push(...piece.items);
      if (!piece.more) close();
    }
  }
  close();
  return { files, photos };
}

describe(exportPage.name, () => {
  it('should split lists far over the budget into pages near it, and give every item back once, in order', async () => {
    const sources: ExportSource[] = [
      { name: 'account.json', whole: async () => ({ id: 'm1' }) },
      { name: 'messages.json', list: rowsOf(1234, 300) },
      { name: 'empty.json', list: rowsOf(0, 10) },
      { name: 'settings.json', whole: async () => [{ kind: 'mail' }] },
      { photos: byPosition(async (offset, limit) => Array.from({ length: Math.max(0, Math.min(limit, 700 - offset)) }, (_, i) => `donations/${offset + i}.webp`)) },
    ];
    const pages = await allPages(sources);
    expect(pages.length).toBeGreaterThan(30);
    for (const page of pages) expect(Buffer.byteLength(JSON.stringify(page))).toBeLessThan(BUDGET + 2_000);

    const { files, photos } = filesOf(pages);
    expect([...files.keys()]).toEqual(['account.json', 'messages.json', 'empty.json', 'settings.json']);
    expect((files.get('messages.json') as { n: number }[]).map((m) => m.n)).toEqual(Array.from({ length: 1234 }, (_, i) => i));
    expect(files.get('empty.json')).toEqual([]);
    expect(files.get('settings.json')).toEqual([{ kind: 'mail' }]);
    expect(photos).toEqual(Array.from({ length: 700 }, (_, i) => `donations/${i}.webp`));
  });

  it('should give a list that is an object’s field its head once, and read it by key', async () => {
    const entries = Array.from({ length: 900 }, (_, i) => ({ id: String(900 - i), amount: 1 }));
    const sources: ExportSource[] = [
      {
        name: 'points.json',
        field: 'history',
        head: async () => ({ balance: { points: 12 } }),
        // Newest first: the key is the entry's id, the next query starts below it.
        list: async (after, limit) => entries.filter((e) => after === null || Number(e.id) < Number(after)).slice(0, limit).map((e) => ({ item: e, key: e.id })),
      },
    ];
    const pages = await allPages(sources);
    expect(pages.length).toBeGreaterThan(1);
    const heads = pages.flatMap((p) => p.pieces).filter((p) => 'head' in p && p.head !== undefined);
    expect(heads).toHaveLength(1);
    expect(filesOf(pages).files.get('points.json')).toEqual({ balance: { points: 12 }, history: entries });
  });

  it('should move on by one row even when a single row outweighs the budget', async () => {
    const pages = await allPages([{ name: 'big.json', list: rowsOf(3, BUDGET * 2) }]);
    expect(pages).toHaveLength(3);
    expect((filesOf(pages).files.get('big.json') as unknown[]).length).toBe(3);
  });

  it('should refuse a cursor it did not give', async () => {
    await expect(exportPage([{ name: 'a.json', whole: async () => 1 }], 'nonsense')).rejects.toThrow('not an export cursor');
  });
});
