/**
 * How many single-letter edits (insert, delete, replace, swap two neighbours) turn `a` into `b`
 * (optimal string alignment): "frgo" → "frigo" 1, "portable" → "table" 3.
 */
export function editDistance(a: string, b: string): number {
  const x = [...a];
  const y = [...b];
  // rows[i][j]: the distance between the first i letters of x and the first j of y.
  const rows = Array.from({ length: x.length + 1 }, (_, i) => Array.from({ length: y.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)));
  for (let i = 1; i <= x.length; i++) {
    for (let j = 1; j <= y.length; j++) {
      const cost = x[i - 1] === y[j - 1] ? 0 : 1;
      let best = Math.min(rows[i - 1]![j]! + 1, rows[i]![j - 1]! + 1, rows[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && x[i - 1] === y[j - 2] && x[i - 2] === y[j - 1]) best = Math.min(best, rows[i - 2]![j - 2]! + 1);
      rows[i]![j] = best;
    }
  }
  return rows[x.length]![y.length]!;
}
