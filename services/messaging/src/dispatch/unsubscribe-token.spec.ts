import { createHmac, randomUUID } from 'node:crypto';
import { signUnsubscribe, verifyUnsubscribe } from './unsubscribe-token.js';

// A mail's one-click unsubscribe token (RFC 8058): it needs no session, so its signature is all
// that stands between a link and another member's settings.
const SECRET = 'a-mail-link-secret-of-the-tests';
const memberId = randomUUID();

/** A token signed with the secret over any body, as only someone holding the secret could make. */
function signedBody(payload: unknown): string {
  const body = Buffer.from(JSON.stringify(payload)).toString('base64url');
  return `${body}.${createHmac('sha256', SECRET).update(`unsubscribe:${body}`).digest('base64url')}`;
}

describe('unsubscribe tokens', () => {
  it('should carry the member, the kinds and the channel it was signed for', () => {
    const token = signUnsubscribe(SECRET, { memberId, kinds: ['message_received', 'reservation_made'], channel: 'email' });
    expect(verifyUnsubscribe(SECRET, token)).toEqual({ memberId, kinds: ['message_received', 'reservation_made'], channel: 'email' });
  });

  it('should refuse a token signed with another secret', () => {
    const token = signUnsubscribe('another-secret', { memberId, kinds: ['message_received'], channel: 'email' });
    expect(verifyUnsubscribe(SECRET, token)).toBeNull();
  });

  it('should refuse a token whose member was changed after signing', () => {
    const [, signature] = signUnsubscribe(SECRET, { memberId, kinds: ['message_received'], channel: 'email' }).split('.');
    const forged = Buffer.from(JSON.stringify({ v: 1, m: randomUUID(), k: ['message_received'], c: 'email' })).toString('base64url');
    expect(verifyUnsubscribe(SECRET, `${forged}.${signature}`)).toBeNull();
  });

  it('should refuse malformed tokens without throwing', () => {
    for (const token of ['', '.', 'abc', 'a.b.c', `${Buffer.from('not json').toString('base64url')}.x`, signedBody('not an object')]) {
      expect([token, verifyUnsubscribe(SECRET, token)]).toEqual([token, null]);
    }
  });

  it('should refuse a signed body that names an unknown kind, no kind, another channel or no member id', () => {
    for (const payload of [
      { v: 1, m: memberId, k: ['everything'], c: 'email' },
      { v: 1, m: memberId, k: [], c: 'email' },
      { v: 1, m: memberId, k: ['message_received'], c: 'push' },
      { v: 1, m: 'admin', k: ['message_received'], c: 'email' },
      { v: 2, m: memberId, k: ['message_received'], c: 'email' },
    ]) {
      expect([payload, verifyUnsubscribe(SECRET, signedBody(payload))]).toEqual([payload, null]);
    }
  });

  it('should list each kind once, however often the token names it', () => {
    const token = signUnsubscribe(SECRET, { memberId, kinds: ['message_received', 'message_received'], channel: 'email' });
    expect(verifyUnsubscribe(SECRET, token)?.kinds).toEqual(['message_received']);
  });
});
