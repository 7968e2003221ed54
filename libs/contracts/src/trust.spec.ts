import { memberLevel, type LevelFacts } from './trust.js';

const facts = (changes: Partial<LevelFacts>): LevelFacts => ({ gifts: 0, ratings: null, noShows90d: 0, memberDays: 365, ...changes });

describe(memberLevel.name, () => {
  it('should call a member new until three gifts that count', () => {
    expect(memberLevel(facts({}))).toBe('new');
    expect(memberLevel(facts({ gifts: 2 }))).toBe('new');
    expect(memberLevel(facts({ gifts: 3 }))).toBe('reliable');
  });

  it('should keep reliable within one no-show in 90 days and 80 % good ratings once they show', () => {
    expect(memberLevel(facts({ gifts: 3, noShows90d: 1 }))).toBe('reliable');
    expect(memberLevel(facts({ gifts: 3, noShows90d: 2 }))).toBe('new');
    expect(memberLevel(facts({ gifts: 3, ratings: { up: 4, down: 1, verified: 0 } }))).toBe('reliable');
    expect(memberLevel(facts({ gifts: 3, ratings: { up: 3, down: 1, verified: 0 } }))).toBe('new');
  });

  it('should ask very reliable for ten gifts, no no-show, five ratings and 95 % of them good', () => {
    const good = { up: 19, down: 1, verified: 12 };
    expect(memberLevel(facts({ gifts: 10, ratings: good }))).toBe('very_reliable');
    expect(memberLevel(facts({ gifts: 9, ratings: good }))).toBe('reliable');
    expect(memberLevel(facts({ gifts: 10, ratings: good, noShows90d: 1 }))).toBe('reliable');
    expect(memberLevel(facts({ gifts: 10, ratings: { up: 4, down: 0, verified: 4 } }))).toBe('reliable');
    expect(memberLevel(facts({ gifts: 10 }))).toBe('reliable');
    expect(memberLevel(facts({ gifts: 10, ratings: { up: 18, down: 2, verified: 0 } }))).toBe('reliable');
  });

  it('should ask two weeks of membership for reliable and sixty days for very reliable (decision 0056)', () => {
    const good = { up: 19, down: 1, verified: 12 };
    expect(memberLevel(facts({ gifts: 3, memberDays: 13 }))).toBe('new');
    expect(memberLevel(facts({ gifts: 3, memberDays: 14 }))).toBe('reliable');
    expect(memberLevel(facts({ gifts: 10, ratings: good, memberDays: 59 }))).toBe('reliable');
    expect(memberLevel(facts({ gifts: 10, ratings: good, memberDays: 60 }))).toBe('very_reliable');
    // Joined before the sign-up date was kept: old enough.
    expect(memberLevel(facts({ gifts: 3, memberDays: null }))).toBe('reliable');
  });
});
