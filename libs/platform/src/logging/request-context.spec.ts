import { Writable } from 'node:stream';
import { createLogger } from './create-logger.js';
import { acceptableRequestId, withRequestId } from './request-context.js';

function capture(): { lines: Record<string, unknown>[]; stream: Writable } {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      for (const line of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(line) as Record<string, unknown>);
      done();
    },
  });
  return { lines, stream };
}

describe('request ids in logs', () => {
  it('should write JSON lines naming the service, the context and the request in progress', async () => {
    const { lines, stream } = capture();
    const logger = createLogger('donations', 'log', 'json', stream);
    logger.log('outside any request', 'jobs');
    await withRequestId('req-0123456789', async () => {
      await Promise.resolve();
      logger.warn('inside one', 'reservations');
    });
    expect(lines).toEqual([
      expect.objectContaining({ service: 'donations', context: 'jobs', msg: 'outside any request', level: 30 }),
      expect.objectContaining({ service: 'donations', context: 'reservations', msg: 'inside one', requestId: 'req-0123456789', level: 40 }),
    ]);
    expect(lines[0]).not.toHaveProperty('requestId');
  });

  it('should take a caller’s id only when it is short and plain', () => {
    expect(acceptableRequestId('0f8e6a52-3c1b-4d7e-9a51-2b1f4c9e7d10')).toBe(true);
    expect(acceptableRequestId('short')).toBe(false);
    expect(acceptableRequestId('x'.repeat(65))).toBe(false);
    expect(acceptableRequestId('abc\ninjected-line')).toBe(false);
    expect(acceptableRequestId(['a', 'b'])).toBe(false);
  });
});
