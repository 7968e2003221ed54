// @ts-check
// `npm start`: the whole product with demo data on http://localhost:3000, without Docker.
//   1. npm install   2. npm run build (Nx, every project)   3. deploy/local/infra.sh
//   (Postgres + PostGIS, Redis, NATS JetStream, database, migrations)   4. the product's own NATS
//   (per-process users and subject permissions, deploy/nats/nats-server.conf) on 127.0.0.1:4223 and
//   Redis with a password on 127.0.0.1:6380, fresh passwords each run (the nats CLI's, user
//   operator, in .data/nats-operator-password)   5. s3rver as the object store
//   6. a mail catcher (maildev, web inbox on http://localhost:1080 when free) unless SMTP_URL is set
//   7. every service from dist   8. demo data (deploy/demo), when the database has none.
// Ctrl-C stops every process this script started, and only those.
//
// Options: --skip-install, --skip-build (when you know they are up to date).
// Node built-ins only: this runs before anything is installed.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import {
  DEFAULTS,
  ROOT,
  ensureSessionSecret,
  freePort,
  ensureVapidKeys,
  isPortOpen,
  NATS_OPERATOR,
  natsPasswords,
  redisUrlOf,
  spawnNats,
  spawnRedis,
  restartWithBackoff,
  startMailCatcher,
  startStack,
  waitForPort,
} from './stack.mjs';

const PORT = 3000;
const NATS_PORT = 4223;
const REDIS_PORT = 6380;
/** maildev's usual ports, taken when free (else any free port). */
const MAIL_SMTP_PORT = 1025;
const MAIL_WEB_PORT = 1080;
const SEED = path.join('deploy', 'demo', 'seed-demo.mjs');
const args = new Set(process.argv.slice(2));
for (const arg of args) {
  if (!['--skip-install', '--skip-build'].includes(arg)) {
    console.error(`start: unknown option ${arg} (known: --skip-install, --skip-build)`);
    process.exit(2);
  }
}

process.chdir(ROOT);
/** @type {import('./stack.mjs').Stack | undefined} */
let stack;
/** @type {import('node:child_process').ChildProcess[]} our NATS and Redis processes */
let brokers = [];
/** @type {Awaited<ReturnType<typeof startMailCatcher>> | undefined} maildev, when SMTP_URL is not set */
let mailCatcher;
/** @type {import('node:child_process').ChildProcess | undefined} the preparation command currently running */
let step;
let stopping = false;

/** @param {string} line */
function say(line) {
  console.log(`hdiya     | ${line}`);
}

/** @param {number} code */
async function shutdown(code) {
  if (stopping) return;
  stopping = true;
  if (step?.exitCode === null) step.kill('SIGTERM');
  if (stack) {
    say('stopping...');
    await stack.stop();
  }
  await mailCatcher?.stop().catch(() => undefined);
  for (const child of brokers) child.kill('SIGTERM');
  process.exit(code);
}

process.on('SIGINT', () => {
  if (stopping) process.exit(130); // second Ctrl-C: the exit hook SIGKILLs what is left
  shutdown(0);
});
process.on('SIGTERM', () => shutdown(0));
process.on('SIGHUP', () => shutdown(0));

/**
 * Runs a preparation command with the terminal attached; exits on failure.
 * @param {string} title
 * @param {string} command
 * @param {string[]} commandArgs
 * @returns {Promise<void>}
 */
function run(title, command, commandArgs, env = process.env) {
  say(title);
  return new Promise((resolve) => {
    const child = spawn(command, commandArgs, { cwd: ROOT, env, stdio: 'inherit' });
    step = child;
    child.once('error', (error) => {
      console.error(`start: could not run ${command}: ${error.message}`);
      shutdown(1);
    });
    child.once('exit', (code, signal) => {
      step = undefined;
      if (stopping) return;
      if (code === 0) return resolve();
      console.error(`start: '${[command, ...commandArgs].join(' ')}' failed (${signal ?? `exit ${code}`})`);
      shutdown(code || 1);
    });
  });
}

async function main() {
  // `npm install` rather than `npm ci`: it keeps a node_modules already there, so a second start is
  // quick; the lockfile holds every platform's optional packages, so it rewrites nothing (.ci/run
  // fails when a fresh clone's tree changes).
  if (!args.has('--skip-install')) await run('npm install', 'npm', ['install', '--no-audit', '--no-fund']);
  if (!args.has('--skip-build')) {
    await run('npm run build', 'npm', ['run', 'build'], { ...process.env, NX_DAEMON: 'false', NX_TUI: 'false' });
  }
  await run('infrastructure and migrations', 'bash', [path.join('deploy', 'local', 'infra.sh')]);
  if (stopping) return;

  const dataDir = path.join(ROOT, '.data');
  for (const port of [NATS_PORT, REDIS_PORT]) {
    if (await isPortOpen('127.0.0.1', port)) {
      console.error(`start: port ${port} is already in use (another \`npm start\`?): stop it first`);
      return shutdown(1);
    }
  }
  say(`starting NATS (127.0.0.1:${NATS_PORT}, a user per process) and Redis (127.0.0.1:${REDIS_PORT}, with a password)`);
  const passwords = natsPasswords();
  const redisPassword = randomBytes(18).toString('base64url');
  mkdirSync(path.join(dataDir, 'nats'), { recursive: true });
  // The nats CLI's user (decision 0068), for a developer trying the runbook's commands:
  // nats -s nats://127.0.0.1:4223 --user operator --password "$(cat .data/nats-operator-password)" stream info EVENTS
  writeFileSync(path.join(dataDir, 'nats-operator-password'), `${passwords[NATS_OPERATOR]}\n`, { mode: 0o600 });
  brokers = [
    spawnNats({ port: NATS_PORT, storeDir: path.join(dataDir, 'nats'), passwords }),
    spawnRedis({ port: REDIS_PORT, password: redisPassword }),
  ];
  for (const child of brokers) {
    child.once('exit', (code, signal) => {
      if (stopping) return;
      console.error(`start: ${path.basename(child.spawnfile)} stopped (${signal ?? `exit ${code}`}); stopping everything`);
      shutdown(1);
    });
  }
  process.once('exit', () => brokers.forEach((child) => child.kill('SIGKILL')));
  await waitForPort('127.0.0.1', NATS_PORT, 10_000);
  await waitForPort('127.0.0.1', REDIS_PORT, 10_000);

  // Mails go to SMTP_URL when given; otherwise to a local catcher whose inbox anyone can open.
  let smtpUrl = process.env.SMTP_URL;
  if (!smtpUrl) {
    const port = async (/** @type {number} */ preferred) => ((await isPortOpen('127.0.0.1', preferred)) ? freePort() : preferred);
    mailCatcher = await startMailCatcher(await port(MAIL_SMTP_PORT), await port(MAIL_WEB_PORT), { detached: true });
    smtpUrl = mailCatcher.smtpUrl;
    say(`mail catcher (maildev): SMTP on ${smtpUrl}, inbox on http://localhost:${mailCatcher.webPort}`);
  }

  say('starting s3rver and the services');
  try {
    stack = await startStack({
      database: DEFAULTS.database,
      port: PORT,
      nodeEnv: 'production',
      natsUrl: `nats://127.0.0.1:${NATS_PORT}`,
      natsPasswords: passwords,
      redisUrl: redisUrlOf(REDIS_PORT, redisPassword),
      logFormat: 'pretty', // read by a person, in a terminal
      publicOrigins: [`http://localhost:${PORT}`, `http://127.0.0.1:${PORT}`],
      publicUrl: `http://localhost:${PORT}`,
      smtpUrl,
      sessionSecret: ensureSessionSecret(path.join(dataDir, 'session-secret')),
      // Web Push: one key pair kept across restarts (VAPID_* in the environment win), so devices stay subscribed.
      // The support inbox's arrival mail (SUPPORT_EMAIL in the environment wins) lands in the mail catcher.
      envFor: {
        messaging: process.env.VAPID_PUBLIC_KEY ? {} : ensureVapidKeys(path.join(dataDir, 'vapid-keys.json')),
        users: { SUPPORT_EMAIL: process.env.SUPPORT_EMAIL ?? 'support@hdiya.local' },
      },
      s3DataDir: path.join(dataDir, 's3'), // reused when something already listens on 4569
      detached: true, // Ctrl-C reaches this script only; it stops the children in order
      // A crashed service comes back (with backoff) instead of taking the product down.
      onExit: restartWithBackoff(() => /** @type {import('./stack.mjs').Stack} */ (stack)),
    });
  } catch (error) {
    if (stopping) return;
    console.error(`start: the stack did not come up: ${error instanceof Error ? error.message : error}`);
    await shutdown(1);
    return;
  }
  if (stopping) return;

  // Demo data goes in through the public API, as members would publish it.
  const started = stack;
  const seeded = await new Promise((resolve) => {
    const child = spawn('node', [SEED], {
      cwd: ROOT,
      env: { ...process.env, GATEWAY_URL: started.url, DATABASE_URL: started.env('users').DATABASE_URL },
      stdio: 'inherit',
    });
    step = child;
    child.once('exit', (code) => resolve(code));
  });
  step = undefined;
  if (stopping) return;
  if (seeded !== 0) say('demo data could not be loaded; the app runs without it');
  const mails = mailCatcher ? `mails sent by Hdiya: http://localhost:${mailCatcher.webPort}` : `mails go to ${new URL(smtpUrl).host}`;
  console.log(`\nHdiya is running on http://localhost:${PORT} (Ctrl-C to stop)\n${mails}\n`);
}

main().catch((error) => {
  console.error(`start: ${error.stack ?? error}`);
  shutdown(1);
});
