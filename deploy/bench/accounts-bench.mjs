// @ts-check
// `npm run bench:accounts`: sign up, then sign in, through the whole product (HTTP → gateway →
// NATS → users service → Postgres, argon2id hashing and checking, the session in Redis), for
// --members=60 new members, --concurrency=4 at a time. Prints figures; asserts nothing.
//
// Uses its own database (hdiya_bench_accounts, reset each run) and Redis database.
import { randomUUID } from 'node:crypto';
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import { percentile, prepareBenchData, runBench, startBenchStack } from './bench-stack.mjs';

const DATABASE = 'hdiya_bench_accounts';
const REDIS_URL = 'redis://127.0.0.1:6379/12';
const args = Object.fromEntries(process.argv.slice(2).map((a) => a.replace(/^--/, '').split('=')));
const MEMBERS = Number(args.members ?? 60);
const CONCURRENCY = Number(args.concurrency ?? 4);
/** @type {import('./bench-stack.mjs').Cleanups} */
const cleanups = [];

const say = (/** @type {string} */ line) => console.log(`bench     | ${line}`);

/** A valid signup of its own (unique username, e-mail and phone). */
/** @param {number} i */
function newMember(i) {
  const tag = randomUUID().replace(/-/g, '').slice(0, 10);
  return {
    username: `b_${tag}`,
    email: `b_${tag}@example.ma`,
    phone: `06${String(10_000_000 + i).slice(-8)}`,
    password: 'motdepasse-sur',
    confirmPassword: 'motdepasse-sur',
    firstName: 'Bench',
    lastName: 'Membre',
  };
}

/**
 * @param {string} url
 * @param {string} path
 * @param {unknown} body
 */
async function timedPost(url, path, body) {
  const started = performance.now();
  const res = await fetch(`${url}${path}`, { method: 'POST', headers: { 'content-type': 'application/json', origin: url }, body: JSON.stringify(body) });
  await res.arrayBuffer();
  const ms = performance.now() - started;
  if (res.status !== 200 && res.status !== 201) throw new Error(`POST ${path}: ${res.status}`);
  return ms;
}

async function main() {
  await prepareBenchData(DATABASE, REDIS_URL, cleanups);
  // One address signs everybody up here: lift the per-address limits a real visitor meets.
  const stack = await startBenchStack(
    { database: DATABASE, redisUrl: REDIS_URL, envFor: { gateway: { RATE_SIGNUPS_PER_ADDRESS: '100000', RATE_FORMS_PER_ADDRESS: '100000' } } },
    cleanups,
  );
  say(`${MEMBERS} members, ${CONCURRENCY} at a time, ${os.cpus().length} cores`);
  // Warm-up: the first requests pay for lazy loading and connection pools.
  await timedPost(stack.url, '/api/signup', newMember(MEMBERS + 1));

  /** @type {number[]} */
  const signups = [];
  /** @type {number[]} */
  const logins = [];
  /** @type {number[]} */
  const pairs = [];
  let next = 0;
  const started = performance.now();
  const worker = async () => {
    while (next < MEMBERS) {
      const member = newMember(next++);
      const signup = await timedPost(stack.url, '/api/signup', member);
      const login = await timedPost(stack.url, '/api/login', { username: member.username, password: member.password });
      signups.push(signup);
      logins.push(login);
      pairs.push(signup + login);
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  const seconds = (performance.now() - started) / 1000;

  /**
   * @param {string} name
   * @param {number[]} values
   */
  const line = (name, values) => {
    values.sort((a, b) => a - b);
    const f = (/** @type {number} */ p) => percentile(values, p).toFixed(1).padStart(8);
    return `${name.padEnd(24)} ${f(50)} ${f(95)} ${f(99)}`;
  };
  console.log(`\nsign up → sign in through the API (argon2id both ways), ${CONCURRENCY} members at a time`);
  console.log(`${'measure'.padEnd(24)} ${'p50 ms'.padStart(8)} ${'p95 ms'.padStart(8)} ${'p99 ms'.padStart(8)}`);
  console.log(line('sign up', signups));
  console.log(line('sign in', logins));
  console.log(line('sign up + sign in', pairs));
  console.log(`${(MEMBERS / seconds).toFixed(1)} members signed up and in per second\n`);
}

await runBench(main, cleanups);
