import { createHmac, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import { DISPATCHED_KINDS, type DispatchedKind } from '@hdiya/contracts';

/** What a mail's unsubscribe link turns off: this member's mails of these kinds. */
export interface UnsubscribeGrant {
  memberId: string;
  kinds: DispatchedKind[];
  channel: 'email';
}

const Payload = z.object({
  v: z.literal(1),
  m: z.guid(),
  k: z.array(z.enum(DISPATCHED_KINDS)).min(1).max(DISPATCHED_KINDS.length),
  c: z.literal('email'),
});

const mac = (secret: string, body: string) => createHmac('sha256', secret).update(`unsubscribe:${body}`).digest('base64url');

/**
 * The signed token of a one-click unsubscribe (RFC 8058): base64url JSON naming the member, the
 * kinds and the channel, then an HMAC-SHA256 of it with MAIL_LINK_SECRET. It needs no session
 * and never expires (a mail read a year later still unsubscribes); it can only turn mails off.
 */
export function signUnsubscribe(secret: string, grant: UnsubscribeGrant): string {
  const body = Buffer.from(JSON.stringify({ v: 1, m: grant.memberId, k: grant.kinds, c: grant.channel })).toString('base64url');
  return `${body}.${mac(secret, body)}`;
}

/** The grant a token carries, or null when it is malformed or its signature does not match. */
export function verifyUnsubscribe(secret: string, token: string): UnsubscribeGrant | null {
  const [body, signature, ...rest] = token.split('.');
  if (!body || !signature || rest.length > 0) return null;
  const expected = Buffer.from(mac(secret, body));
  const given = Buffer.from(signature);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  try {
    const parsed = Payload.safeParse(JSON.parse(Buffer.from(body, 'base64url').toString('utf8')));
    return parsed.success ? { memberId: parsed.data.m, kinds: [...new Set(parsed.data.k)], channel: parsed.data.c } : null;
  } catch {
    return null;
  }
}
