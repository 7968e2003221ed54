// @ts-check
// `npm run bench:mail`: notification mails for members who are away (decision 0027). 10,000
// members with verified addresses exist; 1,000 of them, none with a page open, each receive a
// message at the same moment. Measured: the message's POST answered → its digest mail accepted by
// SMTP (a local maildev, whose receive time is read back), p50/p95/p99, with the first-digest delay
// shortened to FIRST_DELAY_MS; the same less that delay is what the dispatcher and the mail sender
// add. Prints figures; asserts nothing.
// Options: --members=10000 --away=1000 --first-delay=2000 --concurrency=50
import { randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { databaseUrl, freePort, startMailCatcher } from '../local/stack.mjs';
import { percentile, prepareBenchData, runBench, signedInMembers, startBenchStack } from './bench-stack.mjs';

const DATABASE = 'hdiya_bench_mail';
const REDIS_URL = process.env.HDIYA_BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379/14';
const SESSION_SECRET = `bench-${randomUUID()}`;
const args = Object.fromEntries(process.argv.slice(2).map((a) => a.replace(/^--/, '').split('=')));
const MEMBERS = Number(args.members ?? 10_000);
const AWAY = Number(args.away ?? 1_000);
const FIRST_DELAY_MS = Number(args['first-delay'] ?? 2000);
const CONCURRENCY = Number(args.concurrency ?? 50);
/** @type {import('./bench-stack.mjs').Cleanups} */
const cleanups = [];

const say = (/** @type {string} */ line) => console.log(`bench     | ${line}`);
const sleep = (/** @type {number} */ ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** A private maildev: the SMTP server the stack sends to, and its REST API for the receive times. */
async function startCatcher() {
  const catcher = await startMailCatcher(await freePort(), await freePort());
  cleanups.push(() => catcher.stop());
  return { smtpUrl: catcher.smtpUrl, api: catcher.webUrl };
}

/**
 * MEMBERS members, straight into the users table (verified, French) and messaging's read model.
 * @param {{ id: string, index: number }[]} members
 */
async function insertMembers(members) {
  const users = new pg.Client({ connectionString: databaseUrl('users', { database: DATABASE }) });
  const messaging = new pg.Client({ connectionString: databaseUrl('messaging', { database: DATABASE }) });
  await users.connect();
  await messaging.connect();
  try {
    for (let from = 0; from < members.length; from += 5000) {
      const batch = members.slice(from, from + 5000);
      await users.query(
        `INSERT INTO users.users (id, username, email, phone, password_hash, first_name, last_name, language, email_verified_at)
         SELECT id, 'bench' || i, 'bench' || i || '@bench.ma', '+2126' || lpad(i::text, 8, '0'), 'x', 'Membre', 'Banc', 'fr', now()
         FROM unnest($1::uuid[], $2::int[]) AS t(id, i)`,
        [batch.map((m) => m.id), batch.map((m) => m.index)],
      );
      await messaging.query(
        `INSERT INTO messaging.members (user_id, username, first_name, last_name, profile_image_url, updated_at)
         SELECT id, 'bench' || i, 'Membre', 'B.', NULL, '-infinity' FROM unnest($1::uuid[], $2::int[]) AS t(id, i)`,
        [batch.map((m) => m.id), batch.map((m) => m.index)],
      );
    }
  } finally {
    await users.end();
    await messaging.end();
  }
}

async function main() {
  const redis = await prepareBenchData(DATABASE, REDIS_URL, cleanups);
  const catcher = await startCatcher();
  const logDir = mkdtempSync(path.join(os.tmpdir(), 'hdiya-bench-mail-logs-'));
  say(`service logs in ${logDir}`);
  const stack = await startBenchStack(
    {
      logDir,
      database: DATABASE,
      redisUrl: REDIS_URL,
      sessionSecret: SESSION_SECRET,
      smtpUrl: catcher.smtpUrl,
      envFor: {
        gateway: { RATE_MESSAGES_PER_MINUTE: '1000000' },
        messaging: { MAIL_DIGEST_FIRST_DELAY_MS: String(FIRST_DELAY_MS), NOTIFICATION_PUSH_DELAY_MS: '500', DISPATCH_POLL_MS: '200', MAIL_LINK_SECRET: randomUUID().repeat(2) },
      },
    },
    cleanups,
  );
  const members = (await signedInMembers(MEMBERS, redis, SESSION_SECRET)).map((m, index) => ({ ...m, index }));
  await insertMembers(members);
  say(`${MEMBERS.toLocaleString('en')} members with verified addresses; ${AWAY.toLocaleString('en')} of them away get a message at once`);

  const [sender, ...others] = members;
  if (!sender) throw new Error('no members');
  const away = others.slice(0, AWAY);
  const sentAt = new Map();
  const begun = Date.now();
  // All at once: CONCURRENCY requests in flight, as many senders' browsers would.
  let next = 0;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < away.length) {
        const receiver = /** @type {typeof away[number]} */ (away[next++]);
        const res = await fetch(`${stack.url}/api/messages`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', cookie: sender.cookie, origin: stack.url },
          body: JSON.stringify({ content: 'Bonjour, est-ce toujours disponible ?', receiverId: receiver.id }),
        });
        if (res.status !== 201) throw new Error(`message ${res.status} ${await res.text()}`);
        sentAt.set(`bench${receiver.index}@bench.ma`, Date.now());
      }
    }),
  );
  say(`${AWAY} messages sent in ${((Date.now() - begun) / 1000).toFixed(1)} s; waiting for the digests`);

  /** @type {{ to: { address: string }[], time: string }[]} */
  let mails = [];
  const deadline = Date.now() + 5 * 60 * 1000;
  while (Date.now() < deadline) {
    mails = /** @type {typeof mails} */ (await (await fetch(`${catcher.api}/email`)).json());
    if (mails.length >= AWAY) break;
    await sleep(1000);
  }
  const latencies = mails
    .map((mail) => {
      const sent = sentAt.get(mail.to[0]?.address);
      return sent === undefined ? null : new Date(mail.time).getTime() - sent;
    })
    .filter((v) => v !== null)
    .sort((a, b) => a - b);
  const less = latencies.map((v) => v - FIRST_DELAY_MS);
  // When each digest was written (the dispatcher's part) and accepted (the sender's), from the mail outbox.
  const outbox = new pg.Client({ connectionString: databaseUrl('messaging', { database: DATABASE }) });
  await outbox.connect();
  const { rows } = await outbox.query(`SELECT recipient, created_at, sent_at FROM messaging.mail_outbox WHERE kind = 'notification_digest'`);
  await outbox.end();
  const written = rows
    .map((row) => {
      const sent = sentAt.get(row.recipient);
      return sent === undefined ? null : row.created_at.getTime() - sent - FIRST_DELAY_MS;
    })
    .filter((v) => v !== null)
    .sort((a, b) => a - b);
  const ms = (/** @type {number} */ v) => String(Math.round(v)).padStart(8);
  console.log(`\nnotification digests, ${MEMBERS.toLocaleString('en')} members, ${AWAY.toLocaleString('en')} away at once, first delay ${FIRST_DELAY_MS} ms, all processes on this machine`);
  console.log(`${'measure'.padEnd(48)} ${'p50 ms'.padStart(8)} ${'p95 ms'.padStart(8)} ${'p99 ms'.padStart(8)}`);
  console.log(`${'message answered → mail accepted by SMTP'.padEnd(48)} ${ms(percentile(latencies, 50))} ${ms(percentile(latencies, 95))} ${ms(percentile(latencies, 99))}`);
  console.log(`${'the same, less the first-digest delay'.padEnd(48)} ${ms(percentile(less, 50))} ${ms(percentile(less, 95))} ${ms(percentile(less, 99))}`);
  console.log(`${'digest written (outbox), less the delay'.padEnd(48)} ${ms(percentile(written, 50))} ${ms(percentile(written, 95))} ${ms(percentile(written, 99))}`);
  console.log(`\n${latencies.length} of ${AWAY} digests received\n`);
}

await runBench(main, cleanups);
