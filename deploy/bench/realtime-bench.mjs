// @ts-check
// `npm run bench:realtime`: message send → socket receive latency through the whole product
// (HTTP → gateway → NATS → messaging service → Postgres commit → outbox → JetStream → gateway →
// Redis adapter → socket.io), with 100 and 1,000 conversations open at once, and the resident
// memory of one gateway holding 5,000 idle signed-in sockets. Then the capacity (issue 25): the
// highest offered rate at which send → receive p99 stays within 100 ms with none failed or lost,
// for the product and for the messaging floor (messaging-floor.mjs: the same path with nothing on
// it), with the CPU milliseconds each process spends per message at that rate, from /proc.
// Prints figures; asserts nothing.
//
// Conversations are open loops at a member's pace: each sends one message every --interval=5
// seconds (with jitter), so 1,000 conversations offer 200 messages a second. Members are made
// directly (a session in Redis, a row in the messaging service's member copy): signing 10,000
// members up through argon2id would measure password hashing, not messaging.
// Options: --duration=20 (seconds per measurement), --interval=5, --sockets=5000,
// --step-duration=10 (seconds per capacity step), --only=capacity (skip the fixed measurements),
// --reference-rate=50 (the rate both paths' CPU per message is also measured at, to compare runs),
// --rates=200,300,400 (the capacity steps, rising, for a quicker comparison around a known capacity),
// --profile=DIR (CPU profiles of the gateway and the messaging service, written there as they stop;
// read them with profile-top.mjs).
import { fork } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { io } from 'socket.io-client';
import { ROOT, databaseUrl, freePort } from '../local/stack.mjs';
import { connectSocket, percentile, prepareBenchData, runBench, signedInMembers, startBenchStack } from './bench-stack.mjs';
import { cpuMeter, cpuTable, pidsNamed } from './process-cpu.mjs';

const DATABASE = 'hdiya_bench_realtime';
const REDIS_URL = 'redis://127.0.0.1:6379/13';
const SESSION_SECRET = `bench-${randomUUID()}`;
const args = Object.fromEntries(process.argv.slice(2).map((a) => a.replace(/^--/, '').split('=')));
const DURATION = Number(args.duration ?? 20);
const INTERVAL_MS = Number(args.interval ?? 5) * 1000;
const IDLE_SOCKETS = Number(args.sockets ?? 5000);
const STEP_SECONDS = Number(args['step-duration'] ?? 10);
const ONLY_CAPACITY = args.only === 'capacity';
/** The capacity steps: each conversation sends every 2 s ± 50 %, so a rate R takes 2R conversations. */
const STEP_INTERVAL_MS = 2000;
const RATES = args.rates ? args.rates.split(',').map(Number) : [25, 50, 100, 200, 400, 800, 1200, 1600];
const P99_LIMIT_MS = 100;
/** The rate CPU per message is compared at, run to run: the capacity's rate moves with p99 noise. */
const REFERENCE_RATE = Number(args['reference-rate'] ?? 50);
const PROFILE = args.profile ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(args.profile)}`] : [];
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
 * How a benchmark reaches a messaging path: how a member's socket connects and how a message is
 * sent (answers whether it was stored).
 * @typedef {{ connect: (member: BenchMember) => Promise<import('socket.io-client').Socket>, send: (from: BenchMember, to: BenchMember, clientId: string) => Promise<boolean> }} MessagingPath
 */

/**
 * The product: `POST /api/messages` with the member's session, the gateway's socket.io.
 * @param {string} url
 * @returns {MessagingPath}
 */
const productPath = (url) => ({
  connect: (member) => connectSocket(url, member),
  send: async (from, to, clientId) => {
    const res = await fetch(`${url}/api/messages`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: from.cookie, origin: url },
      body: JSON.stringify({ content: 'Bonjour, toujours disponible ?', receiverId: to.id, clientId }),
    }).catch(() => null);
    if (res) await res.arrayBuffer();
    return res?.status === 201;
  },
});

/**
 * The floor (messaging-floor.mjs): a plain POST, a socket in the member's room.
 * @param {string} url
 * @returns {MessagingPath}
 */
const floorPath = (url) => ({
  connect: (member) =>
    new Promise((resolve, reject) => {
      const socket = io(url, { transports: ['websocket'], reconnection: false, query: { member: member.id } });
      socket.once('connect', () => resolve(socket));
      socket.once('connect_error', reject);
    }),
  send: async (from, to, clientId) => {
    const res = await fetch(url, { method: 'POST', body: JSON.stringify({ from: from.id, to: to.id, clientId, content: 'Bonjour, toujours disponible ?' }) }).catch(() => null);
    if (res) await res.arrayBuffer();
    return res?.status === 201;
  },
});

/**
 * `conversations` pairs; each sender sends every `intervalMs` ± 50 %, for `seconds` after one
 * interval of warm-up; the receiver's socket stamps arrival. `meter`, when given, measures the
 * recorded part.
 * @param {MessagingPath} route
 * @param {BenchMember[]} members
 * @param {number} conversations
 * @param {{ intervalMs?: number, seconds?: number, meter?: ReturnType<typeof cpuMeter> }} [options]
 */
async function measureLatency(route, members, conversations, { intervalMs = INTERVAL_MS, seconds = DURATION, meter } = {}) {
  const pairs = Array.from({ length: conversations }, (_, i) => ({
    sender: /** @type {BenchMember} */ (members[2 * i]),
    receiver: /** @type {BenchMember} */ (members[2 * i + 1]),
  }));
  /** @type {import('socket.io-client').Socket[]} */
  const sockets = [];
  for (let i = 0; i < pairs.length; i += 200) sockets.push(...(await Promise.all(pairs.slice(i, i + 200).map((p) => route.connect(p.receiver)))));
  /** @type {Map<string, { at: number, recorded: boolean }>} */
  const sentAt = new Map();
  /** @type {number[]} */
  const latencies = [];
  /** @type {number[]} the HTTP answer alone (stored), of the same messages */
  const answered = [];
  let failed = 0;
  for (const socket of sockets) {
    socket.on('message:new', (/** @type {{ clientId: string }} */ message) => {
      const sent = sentAt.get(message.clientId);
      if (sent === undefined) return;
      sentAt.delete(message.clientId);
      if (sent.recorded) latencies.push(performance.now() - sent.at);
    });
  }
  // One interval of warm-up (which also spreads the senders out), then `seconds` recorded.
  const recordFrom = performance.now() + intervalMs;
  const deadline = recordFrom + seconds * 1000;
  setTimeout(() => meter?.start(), intervalMs);
  const loop = async (/** @type {typeof pairs[number]} */ pair) => {
    await sleep(Math.random() * intervalMs);
    while (performance.now() < deadline) {
      const clientId = randomUUID();
      const at = performance.now();
      sentAt.set(clientId, { at, recorded: at >= recordFrom });
      if (!(await route.send(pair.sender, pair.receiver, clientId))) {
        if (at >= recordFrom) failed += 1;
        sentAt.delete(clientId);
      } else if (at >= recordFrom) answered.push(performance.now() - at);
      await sleep(intervalMs * (0.5 + Math.random()));
    }
  };
  await Promise.all(pairs.map(loop));
  await sleep(2000); // the last messages in flight
  const cpu = meter?.stop(latencies.length) ?? null;
  const lost = [...sentAt.values()].filter((sent) => sent.recorded).length;
  for (const socket of sockets) socket.disconnect();
  latencies.sort((a, b) => a - b);
  answered.sort((a, b) => a - b);
  const http = { p50: percentile(answered, 50), p99: percentile(answered, 99) };
  return { conversations, count: latencies.length, rate: latencies.length / seconds, p50: percentile(latencies, 50), p95: percentile(latencies, 95), p99: percentile(latencies, 99), failed, lost, cpu, http };
}

/**
 * The highest offered rate (messages/s) whose p99 stays within 100 ms with none failed or lost:
 * RATES in turn until one fails (a failing step is measured twice), then halfway between the last
 * that held and the first that did not, twice. Each step's CPU per message, by process group.
 * @param {string} label
 * @param {MessagingPath} route
 * @param {BenchMember[]} members
 * @param {ReturnType<typeof cpuMeter>} meter
 */
async function capacityOf(label, route, members, meter) {
  /** @type {Map<number, Awaited<ReturnType<typeof measureLatency>>>} */
  const steps = new Map();
  // A step that fails is measured once more: one stall of a shared machine (a collection, another
  // process's burst) does not end the search; a rate that cannot be held fails twice.
  const holds = async (/** @type {number} */ rate, retry = true) => {
    const result = await measureLatency(route, members, Math.round((rate * STEP_INTERVAL_MS) / 1000), { intervalMs: STEP_INTERVAL_MS, seconds: STEP_SECONDS, meter });
    const ok = result.p99 <= P99_LIMIT_MS && result.failed === 0 && result.lost === 0 && result.count > 0;
    if (ok || !steps.has(rate)) steps.set(rate, result);
    say(
      `${label}: ${rate} msgs/s offered → ${result.rate.toFixed(0)} delivered, p50 ${result.p50.toFixed(1)} / p99 ${result.p99.toFixed(1)} ms (HTTP answer p50 ${result.http.p50.toFixed(1)} / p99 ${result.http.p99.toFixed(1)}), ${result.failed} failed, ${result.lost} lost: ${ok ? 'holds' : 'does not hold'}`,
    );
    await sleep(1000);
    if (!ok && retry) return holds(rate, false);
    return ok;
  };
  // Unrecorded: a fresh stack's first seconds pay for compiling its code and opening its pools.
  await measureLatency(route, members, Math.round((RATES[0] * STEP_INTERVAL_MS) / 1000), { intervalMs: STEP_INTERVAL_MS, seconds: STEP_SECONDS });
  let held = 0;
  let broke = 0;
  for (const rate of RATES) {
    if (await holds(rate)) held = rate;
    else {
      broke = rate;
      break;
    }
  }
  for (let i = 0; i < 2 && broke > 0 && broke - held > 25; i += 1) {
    const middle = Math.round((held + broke) / 2);
    if (await holds(middle)) held = middle;
    else broke = middle;
  }
  // At a fixed rate too: per message, a process's periodic work weighs more at a lower rate.
  const reference = await measureLatency(route, members, Math.round((REFERENCE_RATE * STEP_INTERVAL_MS) / 1000), { intervalMs: STEP_INTERVAL_MS, seconds: STEP_SECONDS, meter });
  return { capacity: held, at: steps.get(held) ?? null, reference };
}

/**
 * The floor's two processes on the bench's NATS and database; answers its URL and their pids.
 * @param {string} natsUrl
 */
async function startMessagingFloor(natsUrl) {
  const port = await freePort();
  /** @type {import('node:child_process').ChildProcess[]} */
  const children = [];
  for (const role of ['service', 'gateway']) {
    const child = fork(path.join(ROOT, 'deploy', 'bench', 'messaging-floor.mjs'), [role], {
      env: { ...process.env, NATS_URL: natsUrl, DATABASE_URL: databaseUrl('messaging', { database: DATABASE }), PORT: String(port) },
      stdio: 'inherit',
    });
    cleanups.push(() => child.kill());
    await new Promise((resolve, reject) => {
      child.once('message', resolve);
      child.once('exit', (code) => reject(new Error(`messaging floor ${role} exited (${code})`)));
    });
    children.push(child);
  }
  return { url: `http://127.0.0.1:${port}`, service: children[0]?.pid ?? 0, gateway: children[1]?.pid ?? 0 };
}

const rssMb = (/** @type {number | undefined} */ pid) => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1]) / 1024;

async function main() {
  const redis = await prepareBenchData(DATABASE, REDIS_URL, cleanups);

  const stack = await startBenchStack(
    { database: DATABASE, redisUrl: REDIS_URL, sessionSecret: SESSION_SECRET, envFor: { gateway: { RATE_MESSAGES_PER_MINUTE: '1000000' } }, nodeArgsFor: { gateway: PROFILE, messaging: PROFILE } },
    cleanups,
  );

  const db = new pg.Client({ connectionString: databaseUrl('messaging', { database: DATABASE }) });
  await db.connect();
  cleanups.push(() => db.end());
  // Two members a conversation, as many conversations as the highest capacity step needs.
  const members = await makeMembers(Math.max(2000, IDLE_SOCKETS, (2 * Math.max(...RATES) * STEP_INTERVAL_MS) / 1000), redis, db);
  say(`${members.length.toLocaleString('en')} members; ${DURATION} s per measurement; one message per conversation every ${INTERVAL_MS / 1000} s ± 50 %; ${os.cpus().length} cores`);

  const product = productPath(stack.url);
  const results = [];
  for (const conversations of ONLY_CAPACITY ? [] : [100, 1000]) {
    say(`${conversations} conversations...`);
    results.push(await measureLatency(product, members, conversations));
  }

  // Capacity: the product, then the floor on the same NATS and database.
  const pidOf = (/** @type {string} */ name) => stack.children.get(name)?.pid ?? 0;
  const shared = { nats: () => pidsNamed('nats-server'), postgres: () => pidsNamed('postgres'), redis: () => pidsNamed('redis-server'), 'load generator': () => [process.pid] };
  const productMeter = cpuMeter({ gateway: () => [pidOf('gateway')], messaging: () => [pidOf('messaging')], ...shared });
  say(`capacity at p99 <= ${P99_LIMIT_MS} ms, ${STEP_SECONDS} s a step...`);
  const productCapacity = await capacityOf('product', product, members, productMeter);
  const floor = await startMessagingFloor(stack.env('messaging').NATS_URL);
  const floorMeter = cpuMeter({ gateway: () => [floor.gateway], messaging: () => [floor.service], ...shared });
  const floorCapacity = await capacityOf('floor', floorPath(floor.url), members, floorMeter);

  if (ONLY_CAPACITY) {
    printCapacity(productCapacity, floorCapacity);
    return;
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
  printCapacity(productCapacity, floorCapacity);
}

/**
 * @param {Awaited<ReturnType<typeof capacityOf>>} product
 * @param {Awaited<ReturnType<typeof capacityOf>>} floor
 */
function printCapacity(product, floor) {
  console.log(`messaging capacity at p99 <= ${P99_LIMIT_MS} ms: ${product.capacity} messages/s`);
  console.log(`messaging floor capacity at p99 <= ${P99_LIMIT_MS} ms: ${floor.capacity} messages/s`);
  console.log(`messaging capacity / floor: ${floor.capacity > 0 ? ((product.capacity / floor.capacity) * 100).toFixed(0) : '-'} %`);
  const ms = (/** @type {number} */ value) => value.toFixed(2);
  console.log(`\nCPU ms per message at that rate, by process (${os.cpus().length} cores)`);
  console.log(`${cpuTable([['product', product.at?.cpu], ['floor', floor.at?.cpu]], ms)}\n`);
  console.log(`CPU ms per message at ${REFERENCE_RATE} messages/s, by process (p99 ${product.reference.p99.toFixed(0)} / ${floor.reference.p99.toFixed(0)} ms)`);
  console.log(`${cpuTable([['product', product.reference.cpu], ['floor', floor.reference.cpu]], ms)}\n`);
}

await runBench(main, cleanups);
