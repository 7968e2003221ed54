import { memberLevel, type TrustRecordView } from './trust.js';

const record = (changes: Partial<TrustRecordView>): TrustRecordView => ({ given: 0, received: 0, ratings: null, noShows90d: 0, ...changes });

describe(memberLevel.name, () => {
  it('should call a member new until three gifts, given or received', () => {
    expect(memberLevel(record({}))).toBe('new');
    expect(memberLevel(record({ given: 1, received: 1 }))).toBe('new');
    expect(memberLevel(record({ given: 2, received: 1 }))).toBe('reliable');
  });

  it('should keep reliable within one no-show in 90 days and 80 % good ratings once they show', () => {
    expect(memberLevel(record({ given: 3, noShows90d: 1 }))).toBe('reliable');
    expect(memberLevel(record({ given: 3, noShows90d: 2 }))).toBe('new');
    expect(memberLevel(record({ given: 3, ratings: { up: 4, down: 1, verified: 0 } }))).toBe('reliable');
    expect(memberLevel(record({ given: 3, ratings: { up: 3, down: 1, verified: 0 } }))).toBe('new');
  });

  it('should ask very reliable for ten gifts, no no-show, five ratings and 95 % of them good', () => {
    const good = { up: 19, down: 1, verified: 12 };
    expect(memberLevel(record({ given: 6, received: 4, ratings: good }))).toBe('very_reliable');
    expect(memberLevel(record({ given: 6, received: 3, ratings: good }))).toBe('reliable');
    expect(memberLevel(record({ given: 10, ratings: good, noShows90d: 1 }))).toBe('reliable');
    expect(memberLevel(record({ given: 10, ratings: { up: 4, down: 0, verified: 4 } }))).toBe('reliable');
    expect(memberLevel(record({ given: 10 }))).toBe('reliable');
    expect(memberLevel(record({ given: 10, ratings: { up: 18, down: 2, verified: 0 } }))).toBe('reliable');
  });
});
