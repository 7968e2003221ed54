import { describe, expect, it } from 'vitest';
import { reliabilityLevel } from './reliability';

describe(reliabilityLevel.name, () => {
  it.each([
    [100, 'reliable'],
    [80, 'reliable'],
    [79, 'average'],
    [50, 'average'],
    [49, 'watch'],
    [0, 'watch'],
  ] as const)('should label a score of %i as %s', (score, level) => {
    expect(reliabilityLevel(score)).toBe(level);
  });
});
