export type ReliabilityLevel = 'reliable' | 'average' | 'watch';

/** docs/product.md#reliability: score ≥ 80 "Fiable", 50–79 "Moyen", < 50 "À surveiller". */
export function reliabilityLevel(score: number): ReliabilityLevel {
  if (score >= 80) return 'reliable';
  if (score >= 50) return 'average';
  return 'watch';
}
