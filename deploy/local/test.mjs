// `npm test`: every test, against real Postgres, NATS JetStream, Redis and the S3 stand-in.
// `pretest` has installed dependencies and built every project. This script:
//   0. checks that no landed migration was edited (deploy/checks/migrations-unchanged.mjs);
//   1. prepares the machine and a fresh `hdiya_test` database (infra.sh, migrations included);
//   2. starts a private NATS server (so a running `npm start` never answers a test's requests);
//   3. runs each project's lint, typecheck and unit tests, then its integration tests, through Nx;
//   4. starts the whole stack on a free port, on its own NATS (with the product's per-process users and
//      subject permissions) and its own Redis (with a password), and runs the end-to-end suite.
// Node built-ins only.
//
// `node deploy/local/test.mjs --e2e-only [jest arguments]` skips step 3 (after `npm run build`),
// e.g. `--e2e-only e2e/api/reservations.e2e.ts`.
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { freePort, natsPasswords, redisUrlOf, ROOT, spawnNats, spawnRedis, startPrivateNats, startStack, waitForHttp, waitForPort } from './stack.mjs';

// Overridable so two checkouts on one machine can test side by side.
const DATABASE = process.env.HDIYA_TEST_DATABASE ?? 'hdiya_test';
const E2E_ONLY = process.argv[2] === '--e2e-only';
const JEST_ARGS = E2E_ONLY ? process.argv.slice(3) : [];
const REDIS_URL = `redis://127.0.0.1:6379/${process.env.HDIYA_TEST_REDIS_DB ?? 15}`;
const cleanups = [];
const timings = [];

function say(line) {
  console.log(`test      | ${line}`);
}

async function timed(title, fn) {
  const started = Date.now();
  say(`${title}...`);
  try {
    return await fn();
  } finally {
    timings.push([title, (Date.now() - started) / 1000]);
  }
}

function run(command, args, env = process.env) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: ROOT, env, stdio: 'inherit' });
    child.once('error', (error) => {
      console.error(`test: could not run ${command}: ${error.message}`);
      resolve(1);
    });
    child.once('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

/** NATS and Redis as the product runs them: credentials required, permissions enforced. */
async function startSecuredBrokers() {
  const passwords = natsPasswords();
  const natsPort = await freePort();
  const store = mkdtempSync(path.join(os.tmpdir(), 'hdiya-test-nats-'));
  const nats = spawnNats({ port: natsPort, storeDir: store, passwords });
  const redisPort = await freePort();
  const redisPassword = randomBytes(18).toString('base64url');
  const redis = spawnRedis({ port: redisPort, password: redisPassword });
  cleanups.push(() => {
    nats.kill('SIGTERM');
    redis.kill('SIGTERM');
    rmSync(store, { recursive: true, force: true });
  });
  await waitForPort('127.0.0.1', natsPort, 10_000);
  await waitForPort('127.0.0.1', redisPort, 10_000);
  return { natsUrl: `nats://127.0.0.1:${natsPort}`, natsPasswords: passwords, redisUrl: redisUrlOf(redisPort, redisPassword) };
}

async function main() {
  const migrations = await timed('landed migrations unchanged', () => run('node', [path.join('deploy', 'checks', 'migrations-unchanged.mjs')]));
  if (migrations !== 0) return migrations;

  const infra = await timed('infrastructure and a fresh test database', () =>
    run('bash', [path.join('deploy', 'local', 'infra.sh'), '--with-browser', '--with-compose'], {
      ...process.env,
      HDIYA_DATABASE: DATABASE,
      HDIYA_RESET: '1',
    }),
  );
  if (infra !== 0) return infra;

  spawnSync('redis-cli', ['-u', REDIS_URL, 'FLUSHDB'], { stdio: 'ignore' });
  const privateNats = await startPrivateNats('hdiya-test-nats-');
  cleanups.push(privateNats.stop);
  const natsUrl = privateNats.url;
  const env = {
    ...process.env,
    HDIYA_DATABASE: DATABASE,
    NATS_URL: natsUrl,
    REDIS_URL,
    NX_DAEMON: 'false',
    NX_TUI: 'false',
    FORCE_COLOR: '0',
  };

  if (!E2E_ONLY) {
    const unit = await timed('lint, typecheck and unit tests', () =>
      run('npx', ['nx', 'run-many', '-t', 'lint', 'typecheck', 'test:unit', '--parallel=2', '--outputStyle=stream'], env),
    );
    if (unit !== 0) return unit;
    // Against the real Postgres, NATS JetStream, Redis and S3 server.
    const integration = await timed('integration tests', () =>
      run('npx', ['nx', 'run-many', '-t', 'test:integration', '--parallel=2', '--outputStyle=stream'], env),
    );
    if (integration !== 0) return integration;
  }

  const brokers = await startSecuredBrokers();
  const port = await freePort();
  const s3Port = await freePort();
  const s3Dir = mkdtempSync(path.join(os.tmpdir(), 'hdiya-test-s3-'));
  cleanups.push(() => rmSync(s3Dir, { recursive: true, force: true }));
  const gatewayEnv = { RATE_LOGIN_FAILURES_PER_ACCOUNT: '5', RATE_SIGNUPS_PER_ADDRESS: '100000', RATE_FORMS_PER_ADDRESS: '100000', RATE_SIGNUP_CONFLICTS_PER_ADDRESS: '30' };
  const logDir = mkdtempSync(path.join(os.tmpdir(), 'hdiya-test-logs-'));
  // Each process serves Prometheus metrics on a port of its own, as in production.
  const metricsPorts = {};
  for (const service of ['users', 'points', 'donations', 'messaging', 'gateway']) metricsPorts[service] = await freePort();
  const withMetrics = (service, env = {}) => ({ ...env, METRICS_PORT: String(metricsPorts[service]) });
  const stack = await timed('starting the stack', () =>
    startStack({
      database: DATABASE,
      port,
      natsUrl: brokers.natsUrl,
      natsPasswords: brokers.natsPasswords,
      redisUrl: brokers.redisUrl,
      nodeEnv: 'test',
      logLevel: 'warn',
      s3DataDir: s3Dir,
      s3: { port: s3Port },
      // The reservation jobs run every half second and undo interrupted reservations after 3 s.
      envFor: {
        gateway: withMetrics('gateway', gatewayEnv),
        donations: withMetrics('donations', { RESERVATION_JOBS_INTERVAL_MS: '500', RESERVATION_RECOVERY_AFTER_MS: '3000' }),
        users: withMetrics('users'),
        points: withMetrics('points'),
        messaging: withMetrics('messaging'),
      },
      log: false,
      logDir,
    }),
  );
  cleanups.push(() => stack.stop());
  // A second gateway on the same Redis and NATS: sockets and sessions must work across replicas.
  const secondGatewayPort = await freePort();
  await timed('starting a second gateway', async () => {
    const env = { ...stack.env('gateway'), PORT: String(secondGatewayPort) };
    delete env.METRICS_PORT;
    stack.supervisor.spawn('gateway-2', { ...stack.supervisor.children.get('gateway').spec, env });
    await waitForHttp(`http://127.0.0.1:${secondGatewayPort}/api/health`, { timeoutMs: 60_000 });
  });

  const e2e = await timed('end-to-end tests', () =>
    run('node', ['--experimental-vm-modules', path.join('node_modules', 'jest', 'bin', 'jest.js'), '-c', path.join('e2e', 'jest.config.js'), '--runInBand', ...JEST_ARGS], {
      ...env,
      ...gatewayEnv,
      GATEWAY_URL: stack.url,
      HDIYA_E2E_SECOND_GATEWAY_URL: `http://127.0.0.1:${secondGatewayPort}`,
      // For the broker permission tests: the stack's NATS and Redis, and each process's password.
      HDIYA_E2E_NATS_URL: brokers.natsUrl,
      HDIYA_E2E_NATS_PASSWORDS: JSON.stringify(brokers.natsPasswords),
      HDIYA_E2E_REDIS_URL: brokers.redisUrl,
      HDIYA_E2E_METRICS_PORTS: JSON.stringify(metricsPorts),
    }),
  );
  if (e2e !== 0) say(`service logs are in ${logDir}`);
  return e2e;
}

let code = 1;
try {
  code = await main();
} catch (error) {
  console.error(`test: ${error.stack ?? error}`);
} finally {
  for (const cleanup of cleanups.reverse()) await Promise.resolve(cleanup()).catch(() => undefined);
}
for (const [title, seconds] of timings) say(`${title}: ${seconds.toFixed(1)} s`);
say(code === 0 ? 'all tests passed' : 'tests failed');
process.exit(code);
