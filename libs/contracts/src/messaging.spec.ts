import { badgeText } from './messaging.js';

describe('header badges', () => {
  it('should show nothing at zero, the count up to 9, then 9+', () => {
    expect([0, 1, 9, 10, 250].map(badgeText)).toEqual(['', '1', '9', '9+', '9+']);
  });
});
