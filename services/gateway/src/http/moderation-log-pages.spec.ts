import { decodeModerationLogCursor, type ModerationLogEntry } from '@hdiya/contracts';
import { mergeModerationLogs } from './moderation-log-pages.js';

const entry = (at: string, id: string): ModerationLogEntry => ({
  id,
  at,
  actorId: '00000000-0000-4000-8000-000000000001',
  action: 'donation.force_delete',
  targetType: 'donation',
  targetId: '1',
  reason: null,
  details: {},
});
const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

describe('merging the services’ moderation logs', () => {
  it('should interleave the pages newest first, the greater id first within an instant', () => {
    const users = [entry('2026-12-01T10:00:00.000003Z', id(1)), entry('2026-12-01T10:00:00.000001Z', id(2))];
    const donations = [entry('2026-12-01T10:00:00.000002Z', id(3)), entry('2026-12-01T10:00:00.000001Z', id(4))];
    const { items, nextCursor } = mergeModerationLogs([users, donations], 10);
    expect(items.map((e) => e.id)).toEqual([id(1), id(3), id(4), id(2)]);
    expect(nextCursor).toBeNull();
  });

  it('should cut at the limit and point the cursor at the page’s last entry', () => {
    const users = [entry('2026-12-01T10:00:03.000000Z', id(1)), entry('2026-12-01T10:00:01.000000Z', id(2))];
    const donations = [entry('2026-12-01T10:00:02.000000Z', id(3))];
    const { items, nextCursor } = mergeModerationLogs([users, donations], 2);
    expect(items.map((e) => e.id)).toEqual([id(1), id(3)]);
    expect(decodeModerationLogCursor(nextCursor!)).toEqual({ at: '2026-12-01T10:00:02.000000Z', id: id(3) });
  });
});
