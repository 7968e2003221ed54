// @ts-check
// The product as the benchmarks run it: production mode, on a private NATS (so nothing else
// answers or consumes) and a private S3 folder, quiet logs.
import { spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sign } from 'cookie-signature';
import { io } from 'socket.io-client';
import { Redis } from 'ioredis';
import { freePort, ROOT, startPrivateNats, startStack } from '../local/stack.mjs';

/**
 * What a benchmark undoes at the end, last registered first.
 * @typedef {(() => unknown)[]} Cleanups
 * @typedef {{ id: string, sid: string, name: string, cookie: string }} BenchMember  a signed-in member
 */

/**
 * A benchmark's own database, reset (roles, schemas, migrations), and its Redis database, emptied.
 * Returns the Redis client; `cleanups` receives how to close it.
 * @param {string} database
 * @param {string} redisUrl
 * @param {Cleanups} cleanups
 */
export async function prepareBenchData(database, redisUrl, cleanups) {
  console.log(`bench     | preparing ${database} (roles, migrations)`);
  const infra = spawnSync('bash', [path.join('deploy', 'local', 'infra.sh')], { cwd: ROOT, env: { ...process.env, HDIYA_DATABASE: database, HDIYA_RESET: '1' }, stdio: 'inherit' });
  if (infra.status !== 0) throw new Error('infra.sh failed');
  const redis = new Redis(redisUrl);
  cleanups.push(() => redis.quit());
  await redis.flushdb();
  return redis;
}

/**
 * Starts every service on `options` (database, redisUrl, ...); `cleanups` receives how to stop it all.
 * @param {Record<string, any>} options
 * @param {Cleanups} cleanups
 */
export async function startBenchStack(options, cleanups) {
  const nats = await startPrivateNats('hdiya-bench-nats-');
  cleanups.push(nats.stop);
  const s3Dir = mkdtempSync(path.join(os.tmpdir(), 'hdiya-bench-s3-'));
  cleanups.push(() => rmSync(s3Dir, { recursive: true, force: true }));
  const stack = await startStack({
    port: await freePort(),
    natsUrl: nats.url,
    nodeEnv: 'production',
    logLevel: 'warn',
    s3DataDir: s3Dir,
    s3: { port: await freePort() },
    log: false,
    ...options,
  });
  cleanups.push(() => stack.stop());
  return stack;
}

/**
 * Runs a benchmark's `main`, then every cleanup it registered, whatever happens; exits 1 on failure.
 * @param {() => Promise<void>} main
 * @param {Cleanups} cleanups
 */
export async function runBench(main, cleanups) {
  let code = 0;
  try {
    await main();
  } catch (error) {
    console.error(`bench: ${error instanceof Error ? error.stack : error}`);
    code = 1;
  } finally {
    for (const cleanup of cleanups.reverse()) await Promise.resolve(cleanup()).catch(() => undefined);
  }
  process.exit(code);
}

/**
 * The p-th percentile of ascending values.
 * @param {number[]} sorted
 * @param {number} p
 * @returns {number}
 */
export function percentile(sorted, p) {
  return /** @type {number} */ (sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]);
}

/**
 * Signed-in members without the signup: a session in Redis and its signed cookie. Signing
 * thousands of members up through argon2id would measure password hashing, not what is benched.
 * @param {number} count
 * @param {Redis} redis
 * @param {string} sessionSecret
 * @returns {Promise<BenchMember[]>}
 */
export async function signedInMembers(count, redis, sessionSecret) {
  const members = Array.from({ length: count }, (_, i) => ({ id: randomUUID(), sid: randomUUID(), name: `bench${i}`, cookie: '' }));
  const day = 24 * 60 * 60 * 1000;
  for (let from = 0; from < count; from += 1000) {
    const pipeline = redis.pipeline();
    for (const m of members.slice(from, from + 1000)) {
      const session = {
        cookie: { originalMaxAge: day, expires: new Date(Date.now() + day).toISOString(), httpOnly: true, path: '/', sameSite: 'lax' },
        passport: { user: { id: m.id, role: 'member' } },
        signedInAt: Date.now(),
      };
      pipeline.set(`sess:${m.sid}`, JSON.stringify(session), 'EX', 86400);
    }
    await pipeline.exec();
  }
  for (const m of members) m.cookie = `hdiya.sid=${encodeURIComponent(`s:${sign(m.sid, sessionSecret)}`)}`;
  return members;
}

/**
 * A member's socket.io connection to the gateway (WebSocket only, as the web app).
 * @param {string} url
 * @param {Pick<BenchMember, 'cookie'>} member
 * @returns {Promise<import('socket.io-client').Socket>}
 */
export function connectSocket(url, member) {
  return new Promise((resolve, reject) => {
    const socket = io(url, { transports: ['websocket'], reconnection: false, extraHeaders: { cookie: member.cookie, origin: url } });
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', (error) => reject(error));
  });
}
