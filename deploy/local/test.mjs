// @ts-check
// `npm test`: every test, against real Postgres, NATS JetStream, Redis and an S3 server.
// `pretest` has installed dependencies and built every project. This script:
//   0. the fast lane, before anything is started: checks that no landed migration was edited
//      (deploy/checks/migrations-unchanged.mjs), then runs each project's lint, typecheck and unit
//      tests through Nx (`npm run test:fast` runs this lane alone: CI runs it before it prepares
//      the machine, so a broken change fails in minutes);
//   1. starts the test infrastructure (@hdiya/testing's startTestInfrastructure: in containers when
//      a container engine answers, else on this machine): a fresh `hdiya_test` database (migrations
//      included), a private NATS server (so a running `npm start` never answers a test's requests)
//      and Redis for integration tests, NATS with the product's per-process users and subject
//      permissions and Redis with a password for the stack, and an S3 server;
//   2. checks the typed query layer's generated row types against the migrated schema, then the
//      static checks of the
//      deployment files (e2e/deploy: Kubernetes render, compose config, k6 parse, boundaries), then
//      each project's integration tests;
//   3. starts the whole stack on a free port, on those secured brokers, and runs the end-to-end suite
//      (every e2e file but the static ones) in lanes (decision 0039): the fault tests on private
//      stacks beside the other files on the shared stack, then the files that must run alone.
// Node built-ins and the built @hdiya/testing only.
//
// `node deploy/local/test.mjs --e2e-only [jest arguments]` skips step 2 (after `npm run build`),
// e.g. `--e2e-only e2e/api/reservations.e2e.ts`. `--integration-only PROJECT...` runs only those
// projects' integration tests on the private infrastructure, e.g. `--integration-only @hdiya/points`.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import os from 'node:os';
import { createInterface } from 'node:readline';
import path from 'node:path';
import { freePort, ROOT, SERVICES, startStack, vapidKeys, waitForHttp } from './stack.mjs';

// Overridable so two checkouts on one machine can test side by side.
const DATABASE = process.env.HDIYA_TEST_DATABASE ?? 'hdiya_test';
const E2E_ONLY = process.argv[2] === '--e2e-only';
const JEST_ARGS = E2E_ONLY ? process.argv.slice(3) : [];
const INTEGRATION_ONLY = process.argv[2] === '--integration-only' ? process.argv.slice(3) : undefined;
const FAST_ONLY = process.argv[2] === '--fast-only';
const REDIS_DATABASE = Number(process.env.HDIYA_TEST_REDIS_DB ?? 15);
// The end-to-end suite's jest; its static files (no stack needed) run apart, first.
const JEST = ['--experimental-vm-modules', path.join('node_modules', 'jest', 'bin', 'jest.js'), '-c', path.join('e2e', 'jest.config.js')];
const E2E_JEST = [...JEST, '--runInBand'];
const STATIC_E2E = '/e2e/deploy/';
// Independent end-to-end files run side by side, this many at a time (decision 0039).
const E2E_WORKERS = Math.max(1, Number(process.env.HDIYA_E2E_WORKERS ?? 2));
const FAULTS_E2E = '/e2e/faults/';
/** @type {(() => unknown)[]} */
const cleanups = [];
/** @type {[string, number][]} */
const timings = [];

/** @param {string} line */
function say(line) {
  console.log(`test      | ${line}`);
}

/**
 * @template T
 * @param {string} title
 * @param {() => Promise<T>} fn
 * @returns {Promise<T>}
 */
async function timed(title, fn) {
  const started = Date.now();
  say(`${title}...`);
  try {
    return await fn();
  } finally {
    timings.push([title, (Date.now() - started) / 1000]);
  }
}

/**
 * @param {string} command
 * @param {string[]} args
 * @param {string} [prefix] each line of output prefixed with it (for lanes that run side by side)
 * @returns {Promise<number>}
 */
function run(command, args, env = process.env, prefix = undefined) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: ROOT, env, stdio: prefix ? ['ignore', 'pipe', 'pipe'] : 'inherit' });
    if (prefix) {
      const label = `${prefix.padEnd(10)}| `;
      for (const stream of [child.stdout, child.stderr]) {
        if (stream) createInterface({ input: stream, crlfDelay: Infinity }).on('line', (line) => console.log(label + line));
      }
    }
    child.once('error', (error) => {
      console.error(`test: could not run ${command}: ${error.message}`);
      resolve(1);
    });
    // 'exit', not 'close': a process the child left behind may hold its output open.
    child.once('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

/** The built @hdiya/testing's infrastructure entry point (without the rest of the library). */
async function loadTestInfrastructure() {
  try {
    return await import('@hdiya/testing/infrastructure');
  } catch (error) {
    throw new Error(`could not load @hdiya/testing/infrastructure (run \`npm run build\` first): ${error instanceof Error ? error.message : error}`);
  }
}

async function main() {
  const migrations = await timed('landed migrations unchanged', () => run('node', [path.join('deploy', 'checks', 'migrations-unchanged.mjs')]));
  if (migrations !== 0) return migrations;
  if (!E2E_ONLY && !INTEGRATION_ONLY) {
    // Nothing of it needs a server: it fails before the infrastructure would take a minute to start.
    const fastEnv = { ...process.env, NX_DAEMON: 'false', NX_TUI: 'false', FORCE_COLOR: '0' };
    const unit = await timed('lint, typecheck and unit tests', () =>
      run('npx', ['nx', 'run-many', '-t', 'lint', 'typecheck', 'test:unit', '--parallel=2', '--outputStyle=stream'], fastEnv),
    );
    if (unit !== 0 || FAST_ONLY) return unit;
  }

  const { startTestInfrastructure } = await loadTestInfrastructure();
  const infrastructure = await timed('infrastructure and a fresh test database', () =>
    startTestInfrastructure({
      name: 'test',
      database: DATABASE,
      // Open brokers for the integration tests, secured ones (as in production) for the stack.
      brokers: ['open', 'secured'],
      machineTools: ['browser', 'compose'],
      redisDatabase: REDIS_DATABASE,
      log: say,
    }),
  );
  cleanups.push(() => infrastructure.stop());
  // HDIYA_DATABASE, PG*, NATS_URL and REDIS_URL for the integration tests; HDIYA_E2E_NATS_URL,
  // _NATS_PASSWORDS and _REDIS_URL (the stack's brokers) for the broker permission tests.
  const env = {
    ...process.env,
    ...infrastructure.env(),
    NX_DAEMON: 'false',
    NX_TUI: 'false',
    FORCE_COLOR: '0',
  };

  if (INTEGRATION_ONLY) {
    return timed('integration tests', () =>
      run('npx', ['nx', 'run-many', '-t', 'test:integration', `--projects=${INTEGRATION_ONLY.join(',')}`, '--parallel=1', '--outputStyle=stream'], env),
    );
  }
  if (!E2E_ONLY) {
    // The typed query layer's row types against the schema the migrations just built (decision 0035).
    const types = await timed('database types match the migrated schema', () => run('node', [path.join('deploy', 'checks', 'database-types.mjs'), '--verify'], env));
    if (types !== 0) return types;
    // Files only, no stack: a broken manifest fails here, minutes before the stack would start.
    const deployment = await timed('static checks of the deployment files', () => run('node', [...E2E_JEST, STATIC_E2E], env));
    if (deployment !== 0) return deployment;
    // Against the real Postgres, NATS JetStream, Redis and S3 server.
    const integration = await timed('integration tests', () =>
      run('npx', ['nx', 'run-many', '-t', 'test:integration', '--parallel=2', '--outputStyle=stream'], env),
    );
    if (integration !== 0) return integration;
  }

  const port = await freePort();
  // Sockets' sessions checked every half second, so the test of an ended session need not wait a minute.
  const gatewayEnv = {
    RATE_LOGIN_FAILURES_PER_ACCOUNT: '5',
    RATE_LOGIN_FAILURES_PER_ACCOUNT_TOTAL: '12',
    RATE_SIGNUPS_PER_ADDRESS: '100000',
    RATE_FORMS_PER_ADDRESS: '100000',
    RATE_PASSWORD_RESETS_PER_ADDRESS: '100000',
    RATE_SIGNUP_CONFLICTS_PER_ADDRESS: '30',
    SOCKET_SESSION_CHECK_MS: '500',
  };
  const MAIL_RETRIES = { MAIL_BACKOFF_MS: '200', MAIL_MAX_BACKOFF_MS: '2000' };
  const SUPPORT_EMAIL = 'support@hdiya.test';
  const TEST_PASSWORD_HASH_COST = { PASSWORD_HASH_MEMORY_KIB: '4096', PASSWORD_HASH_TIME_COST: '1' };
  const logDir = mkdtempSync(path.join(os.tmpdir(), 'hdiya-test-logs-'));
  // Each process serves Prometheus metrics on a port of its own, as in production.
  /** @type {Record<string, number>} */
  const metricsPorts = {};
  for (const service of SERVICES) metricsPorts[service] = await freePort();
  /**
   * @param {string} service
   * @param {Record<string, string>} [env]
   */
  const withMetrics = (service, env = {}) => ({ ...env, METRICS_PORT: String(metricsPorts[service]) });
  const stack = await timed('starting the stack', () =>
    startStack({
      ...infrastructure.stackConnection(),
      port,
      // Links in mails open this stack's web app.
      publicUrl: `http://127.0.0.1:${port}`,
      nodeEnv: 'test',
      logLevel: 'warn',
      // The reservation jobs run every half second and undo interrupted reservations after 3 s.
      // An unanswered conversation is reminded after 20 s instead of a day (who owes a reply).
      envFor: {
        gateway: withMetrics('gateway', gatewayEnv),
        donations: withMetrics('donations', { RESERVATION_JOBS_INTERVAL_MS: '500', RESERVATION_RECOVERY_AFTER_MS: '3000' }),
        // Mail retries a fifth of a second apart (doubling to 2 s), so SMTP's return shows soon.
        // Passwords hashed at a test cost: hundreds of sign-ups at 200 ms of CPU each add up.
        // New contact messages are mailed to the support team at this address (the mail catcher's).
        users: withMetrics('users', { ...MAIL_RETRIES, ...TEST_PASSWORD_HASH_COST, SUPPORT_EMAIL }),
        points: withMetrics('points'),
        // Web Push: a key pair per run; pushes go to the tests' stand-in on 127.0.0.1 and are retried quickly.
        // Notification digests (decision 0027): the first 4 s after the first unseen event, pushes after 1 s.
        messaging: withMetrics('messaging', {
          ...MAIL_RETRIES,
          ...vapidKeys(),
          PUSH_POLL_INTERVAL_MS: '100',
          PUSH_RETRY_BASE_MS: '100',
          MAIL_DIGEST_FIRST_DELAY_MS: '4000',
          MAIL_DIGEST_INTERVAL_MS: '60000',
          NOTIFICATION_PUSH_DELAY_MS: '1000',
          DISPATCH_POLL_MS: '250',
          // Reply reminders after 20 s (decision 0026).
          REPLY_REMINDER_AFTER_MS: '20000',
          REPLY_REMINDER_INTERVAL_MS: '1000',
        }),
      },
      log: false,
      logDir,
    }),
  );
  cleanups.push(() => stack.stop());
  // A second gateway on the same Redis and NATS: sockets and sessions must work across replicas.
  const secondGatewayPort = await freePort();
  await timed('starting a second gateway', async () => {
    /** @type {Record<string, string>} */
    const env = { ...stack.env('gateway'), PORT: String(secondGatewayPort) };
    delete env.METRICS_PORT;
    const gateway = /** @type {import('./stack.mjs').Child} */ (stack.supervisor.children.get('gateway'));
    stack.supervisor.spawn('gateway-2', { ...gateway.spec, env });
    await waitForHttp(`http://127.0.0.1:${secondGatewayPort}/api/health`, { timeoutMs: 60_000 });
  });

  const e2eEnv = {
    ...env,
    ...gatewayEnv,
    GATEWAY_URL: stack.url,
    HDIYA_E2E_SECOND_GATEWAY_URL: `http://127.0.0.1:${secondGatewayPort}`,
    HDIYA_E2E_METRICS_PORTS: JSON.stringify(metricsPorts),
    HDIYA_E2E_SUPPORT_EMAIL: SUPPORT_EMAIL,
  };
  const e2e = await timed('end-to-end tests', () => runEndToEnd(JEST_ARGS, e2eEnv));
  if (e2e !== 0) say(`service logs are in ${logDir}`);
  return e2e;
}

/**
 * The end-to-end files (all but the static ones, or those named) in two lanes at once: the fault
 * tests one after another, each on a private stack of its own, and beside them the files on the
 * shared stack, E2E_WORKERS at a time; then the files marked `e2e: alone` one at a time (they read
 * or change what every other file shares, such as the whole country's newest donations). Other
 * jest arguments (a name pattern, flags) run as given, one file at a time.
 * @param {string[]} args
 * @param {NodeJS.ProcessEnv} env
 */
async function runEndToEnd(args, env) {
  const named = args.length > 0 && args.every((arg) => arg.endsWith('.e2e.ts') && existsSync(path.resolve(ROOT, arg)));
  if (args.length > 0 && !named) return run('node', [...E2E_JEST, ...args], env);
  const files = named ? args.map((file) => path.resolve(ROOT, file)) : endToEndFiles(path.join(ROOT, 'e2e'));
  const alone = files.filter((file) => ALONE_MARK.test(readFileSync(file, 'utf8').slice(0, 4000)));
  const faults = files.filter((file) => file.includes(FAULTS_E2E) && !alone.includes(file));
  const shared = files.filter((file) => !alone.includes(file) && !faults.includes(file));
  /** @type {Promise<number>[]} */
  const lanes = [];
  if (faults.length > 0) {
    say(`${faults.length} fault test files, one at a time, each on its own stack`);
    lanes.push(run('node', [...E2E_JEST, '--runTestsByPath', ...faults], env, 'e2e faults'));
  }
  if (shared.length > 0) {
    const workers = Math.min(E2E_WORKERS, shared.length);
    say(`${shared.length} end-to-end files on the shared stack, ${workers} at a time`);
    lanes.push(run('node', [...JEST, `--maxWorkers=${workers}`, '--runTestsByPath', ...shared], { ...env, ...ONE_BROWSER }, lanes.length > 0 ? 'e2e' : undefined));
  }
  let code = Math.max(0, ...(await Promise.all(lanes)));
  if (alone.length > 0) {
    say(`${alone.length} end-to-end files alone: ${alone.map((file) => path.relative(ROOT, file)).join(', ')}`);
    code = Math.max(code, await run('node', [...E2E_JEST, '--runTestsByPath', ...alone], { ...env, ...ONE_BROWSER }));
  }
  return code;
}

// The browser files of a lane connect to one Chromium its jest starts (e2e/support/shared-browser.setup.mjs).
const ONE_BROWSER = { HDIYA_E2E_SHARED_BROWSER: '1' };

const ALONE_MARK = /^\/\/ e2e: alone\b/m;

/**
 * Every end-to-end file below `dir` but the static checks.
 * @param {string} dir
 * @returns {string[]}
 */
function endToEndFiles(dir) {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.e2e.ts') && !file.includes('node_modules'))
    .map((file) => path.join(dir, file))
    .filter((file) => !file.includes(STATIC_E2E))
    .sort();
}

let code = 1;
try {
  code = await main();
} catch (error) {
  console.error(`test: ${error instanceof Error ? error.stack : error}`);
} finally {
  for (const cleanup of cleanups.reverse()) await Promise.resolve(cleanup()).catch(() => undefined);
}
for (const [title, seconds] of timings) say(`${title}: ${seconds.toFixed(1)} s`);
say(code === 0 ? (FAST_ONLY ? 'the fast lane passed' : 'all tests passed') : 'tests failed');
process.exit(code);
