// @ts-check
// `npm run bench:realtime`: message send → socket receive latency through the whole product
// (HTTP → gateway → NATS → messaging service → Postgres commit → outbox → JetStream → gateway →
// Redis adapter → socket.io), with 100 and 1,000 conversations open at once, and the resident
// memory of one gateway holding 5,000 idle signed-in sockets. Prints figures; asserts nothing.
//
// Conversations are open loops at a member's pace: each sends one message every --interval=5
// seconds (with jitter), so 1,000 conversations offer 200 messages a second. Members are made
// directly (a session in Redis, a row in the messaging service's member copy): signing 10,000
// members up through argon2id would measure password hashing, not messaging.
// Options: --duration=20 (seconds per measurement), --interval=5, --sockets=5000.
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { databaseUrl } from '../local/stack.mjs';
import { connectSocket, percentile, prepareBenchData, runBench, signedInMembers, startBenchStack } from './bench-stack.mjs';

const DATABASE = 'hdiya_bench_realtime';
const REDIS_URL = 'redis://127.0.0.1:6379/13';
const SESSION_SECRET = `bench-${randomUUID()}`;
const args = Object.fromEntries(process.argv.slice(2).map((a) => a.replace(/^--/, '').split('=')));
const DURATION = Number(args.duration ?? 20);
const INTERVAL_MS = Number(args.interval ?? 5) * 1000;
const IDLE_SOCKETS = Number(args.sockets ?? 5000);
/** @type {import('./bench-stack.mjs').Cleanups} */
const cleanups = [];

/** @typedef {import('./bench-stack.mjs').BenchMember} BenchMember */

const say = (/** @type {string} */ line) => console.log(`bench     | ${line}`);
const sleep = (/** @type {number} */ ms) => new Promise((resolve) => setTimeout(resolve, ms));


/**
 * Members who can post and hold sockets, with the names messages show (the messaging member copy).
 * @param {number} count
 * @param {import('ioredis').Redis} redis
 * @param {pg.Client} db
 */
async function makeMembers(count, redis, db) {
  const members = await signedInMembers(count, redis, SESSION_SECRET);
  for (let from = 0; from < count; from += 1000) {
    const batch = members.slice(from, from + 1000);
    await db.query(
      `INSERT INTO messaging.members (user_id, username, first_name, last_name, updated_at)
       SELECT unnest($1::uuid[]), unnest($2::text[]), 'Bench', 'Membre', now()`,
      [batch.map((m) => m.id), batch.map((m) => m.name)],
    );
  }
  return members;
}

/**
 * Opens sockets `batch` at a time (a burst of 5,000 handshakes is not what is measured).
 * @param {string} url
 * @param {BenchMember[]} members
 */
async function connectAll(url, members, batch = 200) {
  /** @type {import('socket.io-client').Socket[]} */
  const sockets = [];
  for (let i = 0; i < members.length; i += batch) sockets.push(...(await Promise.all(members.slice(i, i + batch).map((m) => connectSocket(url, m)))));
  return sockets;
}

/**
 * `conversations` pairs; each sender sends every INTERVAL_MS ± 50 %; the receiver's socket stamps arrival.
 * @param {string} url
 * @param {BenchMember[]} members
 * @param {number} conversations
 */
async function measureLatency(url, members, conversations) {
  const pairs = Array.from({ length: conversations }, (_, i) => ({
    sender: /** @type {BenchMember} */ (members[2 * i]),
    receiver: /** @type {BenchMember} */ (members[2 * i + 1]),
  }));
  const sockets = await connectAll(url, pairs.map((p) => p.receiver));
  /** @type {Map<string, { at: number, recorded: boolean }>} */
  const sentAt = new Map();
  /** @type {number[]} */
  const latencies = [];
  let failed = 0;
  for (const socket of sockets) {
    socket.on('message:new', (/** @type {{ clientId: string }} */ message) => {
      const sent = sentAt.get(message.clientId);
      if (sent === undefined) return;
      sentAt.delete(message.clientId);
      if (sent.recorded) latencies.push(performance.now() - sent.at);
    });
  }
  // One interval of warm-up (which also spreads the senders out), then DURATION recorded.
  const recordFrom = performance.now() + INTERVAL_MS;
  const deadline = recordFrom + DURATION * 1000;
  const loop = async (/** @type {typeof pairs[number]} */ pair) => {
    await sleep(Math.random() * INTERVAL_MS);
    while (performance.now() < deadline) {
      const clientId = randomUUID();
      const at = performance.now();
      sentAt.set(clientId, { at, recorded: at >= recordFrom });
      const res = await fetch(`${url}/api/messages`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie: pair.sender.cookie, origin: url },
        body: JSON.stringify({ content: 'Bonjour, toujours disponible ?', receiverId: pair.receiver.id, clientId }),
      }).catch(() => null);
      if (!res || res.status !== 201) {
        if (at >= recordFrom) failed += 1;
        sentAt.delete(clientId);
      } else await res.arrayBuffer();
      await sleep(INTERVAL_MS * (0.5 + Math.random()));
    }
  };
  await Promise.all(pairs.map(loop));
  await sleep(2000); // the last messages in flight
  const lost = [...sentAt.values()].filter((sent) => sent.recorded).length;
  for (const socket of sockets) socket.disconnect();
  latencies.sort((a, b) => a - b);
  return { conversations, count: latencies.length, rate: latencies.length / DURATION, p50: percentile(latencies, 50), p95: percentile(latencies, 95), p99: percentile(latencies, 99), failed, lost };
}

const rssMb = (/** @type {number | undefined} */ pid) => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1]) / 1024;

async function main() {
  const redis = await prepareBenchData(DATABASE, REDIS_URL, cleanups);

  const stack = await startBenchStack(
    { database: DATABASE, redisUrl: REDIS_URL, sessionSecret: SESSION_SECRET, envFor: { gateway: { RATE_MESSAGES_PER_MINUTE: '1000000' } } },
    cleanups,
  );

  const db = new pg.Client({ connectionString: databaseUrl('messaging', { database: DATABASE }) });
  await db.connect();
  cleanups.push(() => db.end());
  const members = await makeMembers(Math.max(2000, IDLE_SOCKETS), redis, db);
  say(`${members.length.toLocaleString('en')} members; ${DURATION} s per measurement; one message per conversation every ${INTERVAL_MS / 1000} s ± 50 %; ${os.cpus().length} cores`);

  const results = [];
  for (const conversations of [100, 1000]) {
    say(`${conversations} conversations...`);
    results.push(await measureLatency(stack.url, members, conversations));
  }

  say(`${IDLE_SOCKETS.toLocaleString('en')} idle sockets on one gateway (restarted, so the runs above leave nothing behind)...`);
  await stack.restart('gateway');
  const gatewayPid = stack.children.get('gateway')?.pid;
  await sleep(5000);
  const before = rssMb(gatewayPid);
  const sockets = await connectAll(stack.url, members.slice(0, IDLE_SOCKETS));
  await sleep(5000);
  const after = rssMb(gatewayPid);
  for (const socket of sockets) socket.disconnect();

  console.log('\nmessage send (HTTP) → receive (socket), all processes on this machine');
  console.log(`${'conversations'.padEnd(14)} ${'msgs/s'.padStart(8)} ${'p50 ms'.padStart(8)} ${'p95 ms'.padStart(8)} ${'p99 ms'.padStart(8)} ${'failed'.padStart(7)} ${'lost'.padStart(5)}`);
  for (const r of results) {
    console.log(`${String(r.conversations).padEnd(14)} ${r.rate.toFixed(0).padStart(8)} ${r.p50.toFixed(1).padStart(8)} ${r.p95.toFixed(1).padStart(8)} ${r.p99.toFixed(1).padStart(8)} ${String(r.failed).padStart(7)} ${String(r.lost).padStart(5)}`);
  }
  const perSocketKb = ((after - before) * 1024) / IDLE_SOCKETS;
  console.log(`\ngateway resident memory: ${before.toFixed(0)} MB idle, ${after.toFixed(0)} MB with ${IDLE_SOCKETS.toLocaleString('en')} sockets`);
  console.log(`≈ ${perSocketKb.toFixed(1)} KB per socket; 10,000 sockets ≈ ${(before + (perSocketKb * 10_000) / 1024).toFixed(0)} MB (extrapolated)\n`);
}

await runBench(main, cleanups);
