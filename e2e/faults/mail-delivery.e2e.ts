import { randomUUID } from 'node:crypto';
import { caughtMails, waitFor, type CaughtMail } from '@hdiya/testing';
import { ApiClient, newMemberPayload } from '../support/api-client.js';
import { withDatabase } from '../support/members.js';
import { withPrivateStack, type PrivateStack } from '../support/private-stack.js';

// Mail survives its faults (decision 0024), on a private stack: SMTP away for a while then back,
// every mail delivered; the sender killed between SMTP's acceptance and its mark, or anywhere in
// a batch, no mail lost and at most one sent twice.

let world: PrivateStack;

withPrivateStack(
  'mail',
  {
    gateway: { RATE_SIGNUPS_PER_ADDRESS: '100000' },
    // Retries a fifth of a second apart (doubling to 2 s); a killed sender's claims free after 2 s.
    // Up to 50 attempts: eight (about 9 s) can run out while a slow machine is still signing up.
    users: { MAIL_BACKOFF_MS: '200', MAIL_MAX_BACKOFF_MS: '2000', MAIL_LEASE_MS: '2000', MAIL_MAX_ATTEMPTS: '50' },
  },
  (started) => (world = started),
);

const query = <T>(sql: string, params: unknown[] = []) => withDatabase(async (db) => (await db.query(sql, params)).rows as T[], world.databaseUrl);

/** Members signed up on the private stack: each sign-up queues a verification mail. */
async function signUp(count: number): Promise<string[]> {
  const emails: string[] = [];
  for (let i = 0; i < count; i += 1) {
    const payload = newMemberPayload();
    const res = await new ApiClient(world.stack.url, world.stack.url).call('POST /api/signup', { body: payload });
    expect(res.status).toBe(201);
    emails.push(payload.email);
  }
  return emails;
}

async function rowsTo(emails: string[]) {
  return query<{ id: string; attempts: number; sent: boolean }>(
    `SELECT id, attempts, sent_at IS NOT NULL AS sent FROM users.mail_outbox WHERE recipient = ANY($1)`,
    [emails],
  );
}

/** Caught mails whose Message-ID names one of these rows. */
async function caughtFor(ids: string[]): Promise<CaughtMail[]> {
  const wanted = new Set(ids);
  return (await caughtMails(world.mail.apiUrl)).filter((m) => wanted.has(m.messageId.split('@')[0]!));
}

/** Every row sent; resolves how many mails the catcher holds for them, and how many rows. */
async function deliveredOnce(ids: string[]) {
  await waitFor(async () => (await query<{ n: number }>(`SELECT count(*)::int AS n FROM users.mail_outbox WHERE id = ANY($1) AND sent_at IS NULL`, [ids]))[0]!.n === 0, {
    what: 'every mail marked sent',
    timeoutMs: 30_000,
  });
  const caught = await waitFor(async () => {
    const found = await caughtFor(ids);
    return new Set(found.map((m) => m.messageId)).size === ids.length ? found : undefined;
  }, { what: 'every mail caught' });
  return { mails: caught.length, distinct: new Set(caught.map((m) => m.messageId)).size };
}

it('should deliver every mail queued while SMTP was away once it is back', async () => {
  await world.mail.stop();
  let emails: string[];
  try {
    emails = await signUp(4);
    for (const email of emails) expect((await new ApiClient(world.stack.url, world.stack.url).call('POST /api/forgot-password', { body: { email } })).status).toBe(200);
    // The sender tried and failed (SMTP refuses connections), and keeps the mails.
    await waitFor(async () => {
      const rows = await rowsTo(emails);
      return rows.length === 8 && rows.every((r) => r.attempts >= 2 && !r.sent);
    }, { what: 'failed attempts on all eight mails', timeoutMs: 20_000 });
  } finally {
    await world.mail.start();
  }
  const ids = (await rowsTo(emails)).map((r) => r.id);
  const { mails, distinct } = await deliveredOnce(ids);
  expect(distinct).toBe(8);
  expect(mails).toBe(8);
});

it('should lose no mail and send one at most twice when the sender dies between SMTP accepting and the mark', async () => {
  // Queue ten mails while SMTP is away, with the crash point armed: the first mail accepted kills the process.
  await world.mail.stop();
  world.envFor.users = { ...world.envFor.users, HDIYA_CRASH_AT: 'mail.after-smtp-accepted' };
  await world.stack.kill('users');
  await world.stack.start('users');
  let emails: string[];
  try {
    emails = await signUp(10);
  } finally {
    await world.mail.start();
  }
  await waitFor(() => !world.stack.children.get('users')!.alive, { what: 'the sender killed after an accepted mail', timeoutMs: 20_000 });
  delete world.envFor.users!.HDIYA_CRASH_AT;
  await world.stack.start('users');
  const ids = (await rowsTo(emails)).map((r) => r.id);
  expect(ids).toHaveLength(10);
  const { mails, distinct } = await deliveredOnce(ids);
  expect(distinct).toBe(10);
  // The one in flight went out again after the restart: one duplicate, no more.
  expect(mails).toBe(11);
});

it('should lose no mail and send at most one twice when the sender is SIGKILLed anywhere in a batch', async () => {
  const to = `lot_${randomUUID().slice(0, 8)}@example.ma`;
  const ids = Array.from({ length: 120 }, () => randomUUID());
  // Rows as their causes write them (enqueueMail), many at once so that the kill lands mid-batch.
  await query(
    `INSERT INTO users.mail_outbox (id, kind, recipient, subject, text_body, html_body)
     SELECT id, 'test', $2, 'Lot', 'texte', '<p>html</p>' FROM unnest($1::uuid[]) AS id`,
    [ids, to],
  );
  await waitFor(async () => (await caughtFor(ids)).length >= 10, { what: 'a few mails of the batch sent', intervalMs: 20 });
  await world.stack.kill('users', 'SIGKILL');
  await world.stack.start('users');
  const { mails, distinct } = await deliveredOnce(ids);
  expect(distinct).toBe(120);
  expect(mails - distinct).toBeLessThanOrEqual(1);
});
