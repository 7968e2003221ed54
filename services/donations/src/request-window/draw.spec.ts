import { drawOrder, drawWeight } from './draw.js';

describe('the draw of a request window', () => {
  it('weighs members by what they received in 28 days: 1, 1/2, 1/3 …', () => {
    expect([0, 1, 2, 4].map((n) => drawWeight(n))).toEqual([1, 1 / 2, 1 / 3, 1 / 5]);
    // A member who signed up this week never gets the top weight (issue 45).
    expect([0, 1].map((n) => drawWeight(n, true))).toEqual([1 / 2, 1 / 3]);
  });

  it('puts each request first with probability weight / total weight', () => {
    // Nobody received anything, one member received once, one twice: 6/11, 3/11, 2/11.
    const requests = [
      { id: 'a0000000-0000-4000-8000-000000000001', weight: drawWeight(0) },
      { id: 'a0000000-0000-4000-8000-000000000002', weight: drawWeight(1) },
      { id: 'a0000000-0000-4000-8000-000000000003', weight: drawWeight(2) },
    ];
    const draws = 20_000;
    const firsts = new Map<string, number>();
    for (let i = 0; i < draws; i++) {
      const first = drawOrder(`seed-${i}`, requests)[0]!.id;
      firsts.set(first, (firsts.get(first) ?? 0) + 1);
    }
    const shares = requests.map((r) => (firsts.get(r.id) ?? 0) / draws);
    expect(shares[0]).toBeCloseTo(6 / 11, 1);
    expect(shares[1]).toBeCloseTo(3 / 11, 1);
    expect(shares[2]).toBeCloseTo(2 / 11, 1);
    expect(Math.abs(shares[0]! - 6 / 11)).toBeLessThan(0.015);
    expect(Math.abs(shares[2]! - 2 / 11)).toBeLessThan(0.015);
  });

  it('is replayed exactly from the stored seed and weights, whatever order the rows come in', () => {
    const requests = Array.from({ length: 8 }, (_, i) => ({ id: `b0000000-0000-4000-8000-00000000000${i}`, weight: drawWeight(i % 3) }));
    const once = drawOrder('5f1c0a', requests).map((r) => r.id);
    expect(drawOrder('5f1c0a', [...requests].reverse()).map((r) => r.id)).toEqual(once);
    expect(drawOrder('other-seed', requests).map((r) => r.id)).not.toEqual(once);
    expect(new Set(once).size).toBe(8);
  });
});
