import type { INestMicroservice } from '@nestjs/common';
import type { NatsConnection } from '@nats-io/transport-node';
import { randomUUID } from 'node:crypto';
import { DataSource } from 'typeorm';
import { Rpc, type AccountView } from '@hdiya/contracts';
import { RetentionJob } from '@hdiya/platform';
import { requestRpc, startTestService, stopTestService, testServiceEnv } from '@hdiya/testing';
import { AppModule } from '../src/app.module.js';
import { loadUsersConfig } from '../src/config.js';

// Issue 47, "keep nothing longer than needed", on the real users service and database: its
// retention job deletes reset requests and verification links that ended, answered contact
// messages, and sent mails once their periods (here from the environment) are over; what is
// younger, or still needed, stays.

let app: INestMicroservice;
let nc: NatsConnection;
let db: DataSource;

beforeAll(async () => {
  const env = { ...testServiceEnv('users'), RETENTION_ENDED_TOKEN_DAYS: '2', RETENTION_ANSWERED_CONTACT_DAYS: '10', RETENTION_SENT_MAIL_DAYS: '20' };
  ({ app, nc } = await startTestService('users', AppModule.register(loadUsersConfig(env)), 'users-retention-test'));
  db = app.get(DataSource);
});

afterAll(() => stopTestService({ app, nc }));

const run = () => app.get(RetentionJob).run();

async function member(role: 'member' | 'admin' = 'member') {
  const tag = randomUUID().slice(0, 8);
  const created = await requestRpc<AccountView>(nc, Rpc.users.signup, {
    username: `re_${tag}`,
    email: `re_${tag}@example.ma`,
    phone: `06${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`,
    password: 'un-mot-de-passe',
    confirmPassword: 'un-mot-de-passe',
    firstName: 'Rim',
  });
  if (role === 'admin') await db.query(`UPDATE users.users SET role = 'admin' WHERE id = $1`, [created.id]);
  return { ...created, email: `re_${tag}@example.ma`, actor: { id: created.id, role } };
}

const present = async (table: string, ids: string[]): Promise<string[]> =>
  (await db.query(`SELECT id FROM users.${table} WHERE id = ANY($1)`, [ids])).map((r: { id: string }) => r.id).sort();

describe('the users service’s retention job', () => {
  it('should delete reset requests and verification links RETENTION_ENDED_TOKEN_DAYS after they ended, and keep those still working', async () => {
    const someone = await member();
    await requestRpc(nc, Rpc.users.forgotPassword, { email: someone.email });
    await requestRpc(nc, Rpc.users.forgotPassword, { email: someone.email });
    await requestRpc(nc, Rpc.users.forgotPassword, { email: `nobody_${randomUUID().slice(0, 8)}@example.ma` });
    const [expiredLongAgo, working] = (await db.query(`SELECT id FROM users.password_reset_requests WHERE user_id = $1 ORDER BY created_at`, [someone.id])).map((r: { id: string }) => r.id);
    const [unknownAddress] = (await db.query(`SELECT id FROM users.password_reset_requests WHERE user_id IS NULL ORDER BY created_at DESC LIMIT 1`)).map((r: { id: string }) => r.id);
    await db.query(`UPDATE users.password_reset_requests SET created_at = now() - interval '3 days 1 hour', expires_at = now() - interval '3 days' WHERE id = $1`, [expiredLongAgo]);
    // A request for an unknown address has no token: it counts from when it was made (1 day: stays).
    await db.query(`UPDATE users.password_reset_requests SET created_at = now() - interval '1 day' WHERE id = $1`, [unknownAddress]);
    const [open] = (await db.query(`SELECT id FROM users.email_verifications WHERE user_id = $1`, [someone.id])).map((r: { id: string }) => r.id);
    await requestRpc(nc, Rpc.users.resendVerification, { userId: someone.id });
    const [used] = (await db.query(`SELECT id FROM users.email_verifications WHERE user_id = $1 AND id <> $2`, [someone.id, open])).map((r: { id: string }) => r.id);
    await db.query(`UPDATE users.email_verifications SET used_at = now() - interval '3 days' WHERE id = $1`, [used]);
    const usedYesterday = randomUUID();
    await db.query(
      `INSERT INTO users.email_verifications (id, user_id, email, token_hash, expires_at, used_at, created_at)
       VALUES ($1, $2, $3, $4, now() + interval '6 days', now() - interval '1 day', now() - interval '1 day')`,
      [usedYesterday, someone.id, someone.email, randomUUID()],
    );

    await run();

    expect(await present('password_reset_requests', [expiredLongAgo, working, unknownAddress])).toEqual([working, unknownAddress].sort());
    expect(await present('email_verifications', [open, used, usedYesterday])).toEqual([open, usedYesterday].sort());
  });

  it('should delete a contact message RETENTION_ANSWERED_CONTACT_DAYS after its last reply, with its replies, and never one still waiting', async () => {
    const moderator = await member('admin');
    const contact = () => requestRpc<{ id: string }>(nc, Rpc.users.contact, { name: 'Salma', email: `c_${randomUUID().slice(0, 8)}@example.ma`, subject: 'Frigo', message: 'Bonjour, comment donner un frigo ?' });
    const reply = (contactMessageId: string) => requestRpc(nc, Rpc.users.replyToContact, { actor: moderator.actor, contactMessageId, reply: { message: 'Voilà comment faire.' } });
    const done = await contact();
    const followedUp = await contact();
    const waiting = await contact();
    await reply(done.id);
    await reply(followedUp.id);
    await reply(followedUp.id);
    await db.query(`UPDATE users.contact_messages SET created_at = now() - interval '40 days' WHERE id = ANY($1)`, [[done.id, followedUp.id, waiting.id]]);
    await db.query(`UPDATE users.contact_replies SET created_at = now() - interval '11 days' WHERE contact_message_id = $1`, [done.id]);
    // Answered 20 days ago, then again 5 days ago: its period counts from the last reply.
    const [first] = (await db.query(`SELECT id FROM users.contact_replies WHERE contact_message_id = $1 ORDER BY created_at LIMIT 1`, [followedUp.id])).map((r: { id: string }) => r.id);
    await db.query(`UPDATE users.contact_replies SET created_at = CASE WHEN id = $2 THEN now() - interval '20 days' ELSE now() - interval '5 days' END WHERE contact_message_id = $1`, [followedUp.id, first]);

    await run();

    expect(await present('contact_messages', [done.id, followedUp.id, waiting.id])).toEqual([followedUp.id, waiting.id].sort());
    expect(await db.query(`SELECT count(*)::int AS n FROM users.contact_replies WHERE contact_message_id = $1`, [done.id])).toEqual([{ n: 0 }]);
    expect(await db.query(`SELECT count(*)::int AS n FROM users.contact_replies WHERE contact_message_id = $1`, [followedUp.id])).toEqual([{ n: 2 }]);
  });

  it('should delete sent mails after RETENTION_SENT_MAIL_DAYS and keep the younger ones', async () => {
    const someone = await member();
    await requestRpc(nc, Rpc.users.forgotPassword, { email: someone.email });
    const mails = (await db.query(`SELECT id FROM users.mail_outbox WHERE recipient = $1 ORDER BY created_at`, [someone.email])).map((r: { id: string }) => r.id);
    expect(mails.length).toBeGreaterThanOrEqual(2);
    const [old, young] = mails;
    await db.query(`UPDATE users.mail_outbox SET sent_at = now() - interval '21 days' WHERE id = $1`, [old]);
    await db.query(`UPDATE users.mail_outbox SET sent_at = now() - interval '19 days' WHERE id = $1`, [young]);

    await run();

    expect(await present('mail_outbox', mails)).toEqual(mails.filter((id: string) => id !== old).sort());
  });
});
