import { editDistance } from './edit-distance.js';

describe(editDistance.name, () => {
  it.each([
    ['frgo', 'frigo', 1],
    ['pousette', 'poussette', 1],
    ['chiase', 'chaise', 1],
    ['portable', 'table', 3],
    ['tableau', 'table', 2],
    ['', 'abc', 3],
    ['كرسي', 'كراسي', 1],
  ])('should count %s → %s as %i edits', (a, b, edits) => {
    expect(editDistance(a, b)).toBe(edits);
    expect(editDistance(b, a)).toBe(edits);
  });
});
