// Query keys of the points feature in one place, so mutations invalidate exactly what they change.
export const pointsKeys = {
  history: ['points', 'history'] as const,
};
