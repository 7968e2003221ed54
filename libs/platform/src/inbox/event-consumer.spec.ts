import { MAX_DELIVERIES, retryDelayMs } from './event-consumer.js';

// Decision 0032: an event whose handler keeps failing is dead-lettered on its last delivery, but
// not before an outage of several minutes has been waited out.
describe('the retries before an event is dead-lettered', () => {
  it('should wait at least seven minutes between the first delivery and the last', () => {
    let waited = 0;
    for (let delivery = 1; delivery < MAX_DELIVERIES; delivery += 1) waited += retryDelayMs(delivery);
    expect(waited).toBeGreaterThanOrEqual(7 * 60_000);
  });

  it('should retry soon at first, then every 30 seconds at most', () => {
    expect(retryDelayMs(1)).toBe(1000);
    expect(retryDelayMs(5)).toBe(16_000);
    expect(retryDelayMs(6)).toBe(30_000);
    expect(retryDelayMs(50)).toBe(30_000);
  });
});
