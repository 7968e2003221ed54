// @ts-check
// Runs the Hdiya stack from the built dist folders, without Docker: the environment of each
// service, a supervisor for child processes, port and health waits, and the S3 stand-in.
// Used by `npm start` (deploy/local/start.mjs) and by the test runner for end-to-end tests.
// Which processes there are, and which variables each takes: deploy/topology.mjs.
//
// Node built-ins only: start.mjs imports this before `npm install` has run (so no get-port,
// wait-on or execa here; decision 0037).
import { spawn } from 'node:child_process';
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { createWriteStream, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import { fileURLToPath } from 'node:url';
import { BACKING_SERVICES, processNamed, SERVICE_PROCESSES, servicesUsing } from '../topology.mjs';

/** The servers the processes depend on (image, ports): the container test backend runs these images. */
export { BACKING_SERVICES };

/** Repository root (two levels above this file). */
export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** Every service, in start order (the gateway last). */
export const SERVICES = Object.freeze(SERVICE_PROCESSES.map((proc) => proc.name));

/** Services that own a Postgres schema (and have dist/database/migrate.js). */
export const DB_SERVICES = Object.freeze(servicesUsing('postgres'));

/** The services that send mail (SMTP_URL goes to them). */
export const MAIL_SERVICES = Object.freeze(servicesUsing('smtp'));

export const DEFAULTS = Object.freeze({
  database: 'hdiya',
  pgHost: '127.0.0.1',
  pgPort: 5432,
  natsUrl: 'nats://127.0.0.1:4222',
  redisUrl: 'redis://127.0.0.1:6379',
  port: 3000,
  nodeEnv: 'production',
  s3: Object.freeze({
    endpoint: '127.0.0.1',
    port: 4569,
    useSSL: false,
    accessKey: 'S3RVER',
    secretKey: 'S3RVER',
    bucket: 'hdiya-images',
    region: 'us-east-1',
  }),
  healthPath: '/api/health',
});

/** @param {number} ms */
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

// ------------------------------------------------------------------ environment

/**
 * Connection string of a service's own role: postgres://hdiya_<svc>:<password>@host:port/database.
 * @param {string} service one of DB_SERVICES
 * @param {{database?: string, pgHost?: string, pgPort?: number|string, password?: string}} [opts]
 */
export function databaseUrl(service, opts = {}) {
  const role = `hdiya_${service}`;
  const password = opts.password ?? role;
  const host = opts.pgHost ?? DEFAULTS.pgHost;
  const hostPart = host.includes(':') ? `[${host}]` : host;
  return `postgres://${role}:${encodeURIComponent(password)}@${hostPart}:${opts.pgPort ?? DEFAULTS.pgPort}/${
    opts.database ?? DEFAULTS.database
  }`;
}

/** @type {string | undefined} */
let processSessionSecret;
/** @type {string | undefined} */
let processMailLinkSecret;

/**
 * The Hdiya variables one service needs (strings only; merge over process.env yourself,
 * or let startStack do it).
 *
 * Options (all optional):
 *   database ('hdiya'), pgHost ('127.0.0.1'), pgPort (5432), passwords ({users: ...}; default
 *   the role name), natsUrl, natsPasswords ({gateway, users, ...}: each process signs in to NATS
 *   as itself, see natsPasswords()), redisUrl, port (gateway HTTP, 3000), nodeEnv ('production'),
 *   logLevel (error|warn|log|debug|verbose) and logFormat (json|pretty), both unset unless
 *   given, sessionSecret (random per process if absent), mailLinkSecret (likewise),
 *   publicOrigins (array or comma string; default http://localhost:<port>,http://127.0.0.1:<port>),
 *   trustProxy and cookieSecure (unset unless given: the gateway's defaults),
 *   frontendDist (<root>/frontend/dist), s3 ({endpoint, port, useSSL, accessKey, secretKey,
 *   bucket, region}, merged over the local s3rver defaults), smtpUrl (SMTP_URL of the services that
 *   send mail, unset: they queue mails without sending), publicUrl (PUBLIC_URL, the origin links
 *   in mails open: default http://localhost:<port>), env (raw variables, added last).
 * Any other UPPER_CASE key is copied as a variable too:
 *   serviceEnv('gateway', { port: 3100, RATE_LIMIT_LOGIN: '50' })
 * Each service gets only the variables deploy/topology.mjs declares for it (DATABASE_URL to the
 * four data services, S3_* and REDIS_URL to the gateway, SMTP_URL to the senders of mail, ...);
 * the UPPER_CASE keys and `env` go through unfiltered (tuning variables of tests).
 * @param {string} service
 * @param {Record<string, any>} [opts]
 * @returns {Record<string, string>}
 */
export function serviceEnv(service, opts = {}) {
  if (!SERVICES.includes(service)) throw new Error(`unknown service '${service}' (expected one of ${SERVICES.join(', ')})`);
  const declared = processNamed(service).env;
  const s3 = { ...DEFAULTS.s3, ...(opts.s3 ?? {}) };
  const port = opts.port ?? DEFAULTS.port;
  const origins = opts.publicOrigins ?? [`http://localhost:${port}`, `http://127.0.0.1:${port}`];
  /** Each variable this stack can set, as a function: secrets and URLs are made only for the services that take them. */
  /** @type {Record<string, () => unknown>} */
  const values = {
    NODE_ENV: () => opts.nodeEnv ?? DEFAULTS.nodeEnv,
    NATS_URL: () => opts.natsUrl ?? DEFAULTS.natsUrl,
    NATS_USER: () => (opts.natsPasswords ? service : undefined),
    NATS_PASSWORD: () => opts.natsPasswords?.[service],
    LOG_LEVEL: () => opts.logLevel,
    LOG_FORMAT: () => opts.logFormat,
    DATABASE_URL: () => databaseUrl(service, { ...opts, password: opts.passwords?.[service] }),
    // Links in mails open the web app at the gateway's public origin.
    PUBLIC_URL: () => opts.publicUrl ?? `http://localhost:${port}`,
    SMTP_URL: () => opts.smtpUrl || undefined,
    // Signs the unsubscribe links of notification mails (decision 0027): one per stack, as the session secret.
    MAIL_LINK_SECRET: () => opts.mailLinkSecret ?? (processMailLinkSecret ??= randomBytes(32).toString('hex')),
    PORT: () => port,
    REDIS_URL: () => opts.redisUrl ?? DEFAULTS.redisUrl,
    SESSION_SECRET: () => opts.sessionSecret ?? (processSessionSecret ??= randomBytes(32).toString('hex')),
    PUBLIC_ORIGINS: () => (Array.isArray(origins) ? origins.join(',') : origins),
    FRONTEND_DIST: () => opts.frontendDist ?? path.join(ROOT, 'frontend', 'dist'),
    // Unset unless given: the gateway's own defaults (loopback, auto) suit plain http here.
    TRUST_PROXY: () => opts.trustProxy,
    COOKIE_SECURE: () => opts.cookieSecure,
    S3_ENDPOINT: () => s3.endpoint,
    S3_PORT: () => s3.port,
    S3_USE_SSL: () => s3.useSSL,
    S3_ACCESS_KEY: () => s3.accessKey,
    S3_SECRET_KEY: () => s3.secretKey,
    S3_BUCKET: () => s3.bucket,
    S3_REGION: () => s3.region,
  };
  /** @type {Record<string, string>} */
  const env = {};
  for (const [name, value] of Object.entries(values)) {
    if (!(name in declared)) continue;
    const given = value();
    if (given !== undefined) env[name] = String(given);
  }
  for (const [key, value] of Object.entries(opts)) {
    if (/^[A-Z][A-Z0-9_]*$/.test(key) && value !== undefined) env[key] = String(value);
  }
  for (const [key, value] of Object.entries(opts.env ?? {})) {
    if (value !== undefined) env[key] = String(value);
  }
  return env;
}

/**
 * Reads the session secret from `file`, creating it (random, mode 600) the first time.
 * @param {string} file
 */
export function ensureSessionSecret(file) {
  if (existsSync(file)) {
    const secret = readFileSync(file, 'utf8').trim();
    if (secret.length >= 32) return secret;
  }
  mkdirSync(path.dirname(file), { recursive: true });
  const secret = randomBytes(32).toString('hex');
  writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  return secret;
}

/**
 * A fresh VAPID key pair for Web Push, as the messaging service reads it: base64url of the
 * uncompressed P-256 public point (65 bytes) and of the private scalar (32 bytes).
 */
export function vapidKeys() {
  const { privateKey } = generateKeyPairSync('ec', { namedCurve: 'prime256v1' });
  const jwk = privateKey.export({ format: 'jwk' });
  const point = Buffer.concat([Buffer.from([4]), Buffer.from(String(jwk.x), 'base64url'), Buffer.from(String(jwk.y), 'base64url')]);
  return { VAPID_PUBLIC_KEY: point.toString('base64url'), VAPID_PRIVATE_KEY: String(jwk.d) };
}

/**
 * Reads the VAPID key pair from `file` (JSON, mode 600), creating it the first time: browsers
 * subscribed with the public key, so a new pair on each start would silence every device.
 * @param {string} file
 * @returns {{ VAPID_PUBLIC_KEY: string, VAPID_PRIVATE_KEY: string }}
 */
export function ensureVapidKeys(file) {
  if (existsSync(file)) {
    const keys = JSON.parse(readFileSync(file, 'utf8'));
    if (/^[\w-]{87}$/.test(keys.VAPID_PUBLIC_KEY ?? '') && /^[\w-]{43}$/.test(keys.VAPID_PRIVATE_KEY ?? '')) return keys;
  }
  mkdirSync(path.dirname(file), { recursive: true });
  const keys = vapidKeys();
  writeFileSync(file, `${JSON.stringify(keys)}\n`, { mode: 0o600 });
  return keys;
}

// ------------------------------------------------------------------ NATS and Redis with credentials

/** The NATS configuration every deployment uses: one user per process, least-privilege subjects. */
export const NATS_CONFIG = path.join(ROOT, 'deploy', 'nats', 'nats-server.conf');

/**
 * The NATS user of a person running the nats CLI (decision 0068): stream and consumer
 * information, stream edits, consumer deletion, reading the dead letters; no event publishing.
 */
export const NATS_OPERATOR = 'operator';

/**
 * Fresh random NATS passwords, one per process and one for the operator:
 * {gateway, users, points, donations, messaging, operator}. nats-server refuses to start without
 * any of them. A letter then hex digits: nats-server reads an environment value as a config
 * token, so one starting with a digit or '-' would be taken for a number.
 * @returns {Record<string, string>}
 */
export function natsPasswords() {
  return Object.fromEntries([...SERVICES, NATS_OPERATOR].map((name) => [name, `p${randomBytes(18).toString('hex')}`]));
}

/**
 * The path of an installed program.
 * @param {string} name
 */
function binary(name) {
  for (const dir of (process.env.PATH ?? '').split(path.delimiter).concat(['/usr/sbin', '/usr/bin'])) {
    const candidate = path.join(dir, name);
    if (existsSync(candidate)) return candidate;
  }
  throw new Error(`${name} is not installed: run \`bash deploy/local/infra.sh\` first`);
}

/**
 * The variables NATS_CONFIG reads its passwords from: {NATS_PASSWORD_GATEWAY: ..., ...}.
 * @param {Record<string, string>} passwords
 * @returns {Record<string, string>}
 */
export function natsPasswordVariables(passwords) {
  return Object.fromEntries(Object.entries(passwords).map(([name, password]) => [`NATS_PASSWORD_${name.toUpperCase()}`, password]));
}

/**
 * Spawns nats-server with deploy/nats/nats-server.conf, JetStream stored in storeDir, on
 * 127.0.0.1:port, the passwords given to it through the environment (as compose and Kubernetes do).
 * Returns the ChildProcess; wait for the port with waitForPort.
 * @param {{ port: number, storeDir: string, passwords: Record<string, string> }} options
 */
export function spawnNats({ port, storeDir, passwords }) {
  const env = { ...process.env, ...natsPasswordVariables(passwords) };
  return spawn(binary('nats-server'), ['-c', NATS_CONFIG, '-a', '127.0.0.1', '-p', String(port), '-js', '-sd', storeDir], {
    env,
    stdio: 'ignore',
  });
}

/**
 * Spawns a private redis-server on 127.0.0.1:port that requires `password` and keeps nothing on disk.
 * @param {{ port: number, password: string }} options
 */
export function spawnRedis({ port, password }) {
  return spawn(binary('redis-server'), ['--bind', '127.0.0.1', '--port', String(port), '--requirepass', password, '--save', '', '--appendonly', 'no'], {
    stdio: 'ignore',
  });
}

/**
 * redis://:password@host:port (host 127.0.0.1 unless given)
 * @param {number | string} port
 * @param {string} password
 */
export const redisUrlOf = (port, password, host = '127.0.0.1') => `redis://:${encodeURIComponent(password)}@${host}:${port}`;

/**
 * A TCP port nothing listens on at the moment, drawn below Linux's ephemeral range (32768–60999).
 * A port the system picks with `listen(0)` comes from that range, the one outgoing connections
 * take theirs from too: a busy test run's client socket took one between the check and the
 * service's own listen (EADDRINUSE). Checked on every address (`::`, which covers IPv4 too).
 * @returns {Promise<number>}
 */
export async function freePort() {
  for (let attempt = 0; attempt < 100; attempt += 1) {
    const port = 20_000 + Math.floor(Math.random() * 12_000);
    if (await canListen(port)) return port;
  }
  throw new Error('no free TCP port between 20000 and 32000');
}

/** @param {number} port */
function canListen(port) {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.once('error', () => resolve(false));
    server.listen(port, () => server.close(() => resolve(true)));
  });
}

/**
 * An anonymous nats-server with JetStream on a free port, storing in a fresh temporary folder:
 * for tests and benchmarks that must not share the machine's NATS. Resolves { url, stop }.
 */
export async function startPrivateNats(prefix = 'hdiya-nats-') {
  const port = await freePort();
  const store = mkdtempSync(path.join(os.tmpdir(), prefix));
  const child = spawn(binary('nats-server'), ['-a', '127.0.0.1', '-p', String(port), '-js', '-sd', store], { stdio: 'ignore' });
  const stop = () => {
    child.kill('SIGTERM');
    rmSync(store, { recursive: true, force: true });
  };
  try {
    await waitForPort('127.0.0.1', port, 10_000);
  } catch (error) {
    stop();
    throw error;
  }
  return { url: `nats://127.0.0.1:${port}`, stop };
}

// ------------------------------------------------------------------ waiting

/**
 * Resolves true if something accepts TCP connections on host:port.
 * @param {string} host
 * @param {number | string} port
 * @returns {Promise<boolean>}
 */
export function isPortOpen(host, port, timeoutMs = 500) {
  return new Promise((resolve) => {
    const socket = net.connect({ host, port: Number(port) });
    /** @param {boolean} open */
    const done = (open) => {
      socket.destroy();
      resolve(open);
    };
    socket.setTimeout(timeoutMs, () => done(false));
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
  });
}

/**
 * Resolves once host:port accepts connections; rejects after timeoutMs.
 * @param {string} host
 * @param {number | string} port
 */
export async function waitForPort(host, port, timeoutMs = 10_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (await isPortOpen(host, port)) return;
    if (Date.now() >= deadline) throw new Error(`nothing listens on ${host}:${port} after ${timeoutMs} ms`);
    await sleep(200);
  }
}

/**
 * One GET; resolves the status code (0 when the connection fails).
 * @param {string} url
 * @returns {Promise<number>}
 */
export function httpStatus(url, timeoutMs = 2_000) {
  return new Promise((resolve) => {
    const req = http.get(url, { agent: false, timeout: timeoutMs }, (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
    });
    req.once('timeout', () => req.destroy());
    req.once('error', () => resolve(0));
  });
}

/**
 * Resolves once GET url answers `status` (200); rejects after timeoutMs, or as soon as
 * `abort` (a promise) rejects: pass a child's early-exit promise to fail fast.
 * @param {string} url
 * @param {{ timeoutMs?: number, status?: number, intervalMs?: number, abort?: Promise<unknown> }} [options]
 */
export async function waitForHttp(url, { timeoutMs = 60_000, status = 200, intervalMs = 250, abort } = {}) {
  /** @type {unknown} */
  let aborted;
  abort?.catch((error) => {
    aborted = error;
  });
  const deadline = Date.now() + timeoutMs;
  let last = 0;
  for (;;) {
    if (aborted) throw aborted;
    last = await httpStatus(url);
    if (last === status) return;
    if (aborted) throw aborted;
    if (Date.now() >= deadline) {
      throw new Error(`GET ${url} did not answer ${status} within ${timeoutMs} ms (last: ${last || 'no connection'})`);
    }
    await sleep(intervalMs);
  }
}

// ------------------------------------------------------------------ supervisor

const COLOURS = [36, 33, 35, 32, 34, 91, 96, 93];

/**
 * @typedef {(name: string, line: string, stream?: 'stdout' | 'stderr') => void} LogLine
 * @typedef {{ code: number | null, signal: NodeJS.Signals | null, error?: Error }} ExitResult
 * @typedef {{ file: string, args?: string[], nodeArgs?: string[], cwd?: string, env?: NodeJS.ProcessEnv, oneShot?: boolean, launcher?: string[] }} ChildSpec
 *   launcher: a command that runs node in turn and execs it, so the PID stays node's own
 *   (the cluster test's `ip netns exec <host>`)
 * @typedef {object} Child  a supervised process (a live view: alive, tail and result change)
 * @property {string} name
 * @property {ChildSpec} spec
 * @property {import('node:child_process').ChildProcess} process
 * @property {number | undefined} pid
 * @property {boolean} alive
 * @property {boolean} expectedExit
 * @property {string[]} tail  its last output lines
 * @property {ExitResult | undefined} result
 * @property {Promise<ExitResult>} exited  resolves once the process has exited and its output is drained
 * @typedef {object} SupervisorOptions
 * @property {LogLine | false} [log]
 * @property {string} [logDir]
 * @property {number} [tailLines]
 * @property {boolean} [detached]
 * @property {(child: Child, result: ExitResult) => void} [onUnexpectedExit]
 */

/**
 * Writes `name | line` to stdout, with a coloured name on a terminal.
 * @returns {LogLine}
 */
export function prefixedLogger(width = 10) {
  const useColour = process.stdout.isTTY && !process.env.NO_COLOR;
  /** @type {Map<string, number>} */
  const colourOf = new Map();
  return (name, line) => {
    let label = name.padEnd(width);
    if (useColour) {
      if (!colourOf.has(name)) colourOf.set(name, COLOURS[colourOf.size % COLOURS.length]);
      label = `\x1b[${colourOf.get(name)}m${label}\x1b[0m`;
    }
    process.stdout.write(`${label}| ${line}\n`);
  };
}

/**
 * Starts and stops child processes it owns, and only those.
 * - Output: each line goes to `log(name, line, stream)` (default: prefixed to stdout; pass
 *   `log: false` for silence) and to `<logDir>/<name>.log` when logDir is set; the last
 *   `tailLines` lines are kept on the child for error messages.
 * - An exit that nobody asked for (not through kill/stop) calls `onUnexpectedExit(child, result)`.
 * - `detached: true` puts children in their own process group, so a terminal's Ctrl-C reaches
 *   only the parent, which then stops them in order (start.mjs). Default false: a host that
 *   dies on Ctrl-C without cleaning up still takes its children with it.
 * - If the host process exits, children still alive are killed (SIGKILL).
 */
export class Supervisor {
  /** @param {SupervisorOptions} [options] */
  constructor({ log, logDir, tailLines = 40, detached = false, onUnexpectedExit } = {}) {
    /** @type {LogLine} */
    this.log = log === false ? () => {} : (log ?? prefixedLogger());
    this.logDir = logDir;
    this.tailLines = tailLines;
    this.detached = detached;
    this.onUnexpectedExit = onUnexpectedExit;
    /** @type {Map<string, Child>} name -> child record (live view) */
    this.children = new Map();
    this.stopping = false;
    this.onHostExit = () => {
      for (const child of this.children.values()) {
        if (child.alive) {
          try {
            child.process.kill('SIGKILL');
          } catch {
            /* already gone */
          }
        }
      }
    };
    process.on('exit', this.onHostExit);
  }

  /**
   * Spawns `node <file> ...args` (the PID is the real process), under `spec.launcher` if given.
   * @param {string} name unique label, e.g. 'users'
   * @param {ChildSpec} spec
   * @returns {Child}
   */
  spawn(name, spec) {
    const previous = this.children.get(name);
    if (previous?.alive) throw new Error(`${name} is already running (pid ${previous.pid})`);
    const cwd = spec.cwd ?? ROOT;
    const [command, ...launcherArgs] = [...(spec.launcher ?? []), process.execPath];
    const proc = spawn(command, [...launcherArgs, ...(spec.nodeArgs ?? []), spec.file, ...(spec.args ?? [])], {
      cwd,
      env: spec.env ?? process.env,
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: this.detached,
    });
    /** @type {(result: ExitResult) => void} */
    let resolveExited = () => {};
    /** @type {Child} */
    const child = {
      name,
      spec,
      process: proc,
      pid: proc.pid,
      alive: true,
      expectedExit: Boolean(spec.oneShot),
      tail: [],
      result: undefined,
      exited: new Promise((resolve) => {
        resolveExited = resolve;
      }),
    };
    const file = this.logDir ? this.#logFile(name, this.logDir) : undefined;
    /** @param {'stdout' | 'stderr'} stream */
    const onLine = (stream) => (/** @type {string} */ line) => {
      if (!line.trim()) return;
      child.tail.push(line);
      if (child.tail.length > this.tailLines) child.tail.shift();
      file?.write(`${line}\n`);
      this.log(name, line, stream);
    };
    readline.createInterface({ input: proc.stdout, crlfDelay: Infinity }).on('line', onLine('stdout'));
    readline.createInterface({ input: proc.stderr, crlfDelay: Infinity }).on('line', onLine('stderr'));
    let settled = false;
    /** @type {(code: number | null, signal: NodeJS.Signals | null, error?: Error) => void} */
    const finish = (code, signal, error) => {
      if (settled) return;
      settled = true;
      child.alive = false;
      child.result = { code, signal, error };
      file?.end();
      if (!child.expectedExit && !this.stopping) this.onUnexpectedExit?.(child, child.result);
      resolveExited(child.result);
    };
    proc.once('close', (code, signal) => finish(code, signal));
    proc.once('error', (error) => {
      onLine('stderr')(`spawn failed: ${error.message}`);
      finish(null, null, error);
    });
    this.children.set(name, child);
    return child;
  }

  /**
   * Runs a one-shot `node <file>` and resolves {code, signal, tail} when it ends.
   * @param {string} name
   * @param {ChildSpec} spec
   */
  async run(name, spec) {
    const child = this.spawn(name, { ...spec, oneShot: true });
    const result = await child.exited;
    return { ...result, tail: [...child.tail] };
  }

  /**
   * Stops one child (an expected exit): `signal`, then SIGKILL after timeoutMs.
   * Resolves {code, signal} (immediately if it is not running).
   * @param {string} name
   * @param {NodeJS.Signals} [signal]
   * @returns {Promise<ExitResult | undefined>}
   */
  async kill(name, signal = 'SIGTERM', timeoutMs = 10_000) {
    const child = this.children.get(name);
    if (!child) throw new Error(`no child named ${name}`);
    if (!child.alive) return child.result;
    child.expectedExit = true;
    try {
      child.process.kill(signal);
    } catch {
      /* already gone */
    }
    if (signal !== 'SIGKILL') {
      const timer = setTimeout(() => {
        try {
          child.process.kill('SIGKILL');
        } catch {
          /* already gone */
        }
      }, timeoutMs);
      timer.unref();
      const result = await child.exited;
      clearTimeout(timer);
      return result;
    }
    return child.exited;
  }

  /**
   * Stops every child still running: the names in `first` before the rest, then all in parallel.
   * @param {{ first?: string[], timeoutMs?: number }} [options]
   */
  async stop({ first = [], timeoutMs = 10_000 } = {}) {
    this.stopping = true;
    for (const name of first) {
      if (this.children.get(name)?.alive) await this.kill(name, 'SIGTERM', timeoutMs);
    }
    await Promise.all([...this.children.values()].filter((c) => c.alive).map((c) => this.kill(c.name, 'SIGTERM', timeoutMs)));
    process.removeListener('exit', this.onHostExit);
  }

  /**
   * @param {string} name
   * @param {string} logDir
   */
  #logFile(name, logDir) {
    mkdirSync(logDir, { recursive: true });
    return createWriteStream(path.join(logDir, `${name}.log`), { flags: 'a' });
  }
}

/**
 * @param {Child} child
 * @param {ExitResult} result
 */
function describeExit(child, result) {
  const how = result.error
    ? `could not start (${result.error.message})`
    : result.signal
      ? `was killed by ${result.signal}`
      : `exited with code ${result.code}`;
  const tail = child.tail.length ? `\n--- last output of ${child.name} ---\n${child.tail.join('\n')}` : '';
  return `${child.name} ${how}${tail}`;
}

// ------------------------------------------------------------------ S3 stand-in

/**
 * Starts s3rver (npm) on host:port with data in dataDir, creating the bucket, unless something
 * already listens there. Resolves {url, port, alreadyRunning, child, stop()}.
 * Options: host ('127.0.0.1'), bucket ('hdiya-images'), supervisor (to share one stop()),
 * log (as in Supervisor), timeoutMs (10 s).
 * @param {string} dataDir
 * @param {number} [port]
 * @param {{ host?: string, bucket?: string, supervisor?: Supervisor, log?: LogLine | false, name?: string, timeoutMs?: number }} [opts]
 */
export async function startS3(dataDir, port = DEFAULTS.s3.port, opts = {}) {
  const host = opts.host ?? '127.0.0.1';
  const url = `http://${host}:${port}`;
  if (await isPortOpen(host, port)) {
    return { url, port, alreadyRunning: true, child: undefined, stop: async () => {} };
  }
  const bin = path.join(ROOT, 'node_modules', 's3rver', 'bin', 's3rver.js');
  if (!existsSync(bin)) throw new Error('s3rver is not installed: run `npm install` first');
  mkdirSync(dataDir, { recursive: true });
  const supervisor = opts.supervisor ?? new Supervisor({ log: opts.log });
  const name = opts.name ?? 's3';
  const child = supervisor.spawn(name, {
    file: bin,
    args: ['-d', dataDir, '-a', host, '-p', String(port), '--no-vhost-buckets', '--silent',
      '--configure-bucket', opts.bucket ?? DEFAULTS.s3.bucket],
  });
  const early = child.exited.then((result) => {
    throw new Error(describeExit(child, result));
  });
  early.catch(() => {});
  const deadline = Date.now() + (opts.timeoutMs ?? 10_000);
  while (!(await isPortOpen(host, port))) {
    if (!child.alive) await early;
    if (Date.now() >= deadline) {
      await supervisor.kill(name, 'SIGKILL');
      throw new Error(`s3rver did not listen on ${host}:${port} in time`);
    }
    await sleep(100);
  }
  return {
    url,
    port,
    alreadyRunning: false,
    child,
    stop: () => supervisor.kill(name),
  };
}

// ------------------------------------------------------------------ mail catcher

/**
 * Starts maildev (npm): an SMTP server on smtpPort that keeps every mail, with a web inbox and a
 * REST API (`GET /email`, `DELETE /email/all`) on webPort, both on host. Resolves
 * {smtpUrl, webUrl, smtpPort, webPort, stop(), start()}: stop and start again on the same ports
 * (fault tests take SMTP away and bring it back). Options: host ('127.0.0.1'), supervisor, log,
 * detached, name ('mail'), timeoutMs (15 s).
 * @param {number} smtpPort
 * @param {number} webPort
 * @param {{ host?: string, supervisor?: Supervisor, log?: LogLine | false, detached?: boolean, name?: string, timeoutMs?: number }} [opts]
 */
export async function startMailCatcher(smtpPort, webPort, opts = {}) {
  const host = opts.host ?? '127.0.0.1';
  const bin = path.join(ROOT, 'node_modules', 'maildev', 'bin', 'maildev');
  if (!existsSync(bin)) throw new Error('maildev is not installed: run `npm install` first');
  for (const port of [smtpPort, webPort]) {
    if (await isPortOpen(host, port)) throw new Error(`port ${port} is already in use on ${host}: the mail catcher needs it`);
  }
  const supervisor = opts.supervisor ?? new Supervisor({ log: opts.log, detached: opts.detached });
  const name = opts.name ?? 'mail';
  const start = async () => {
    const child = supervisor.spawn(name, {
      file: bin,
      args: ['--smtp', String(smtpPort), '--web', String(webPort), '--ip', host, '--web-ip', host, '--silent'],
    });
    const early = child.exited.then((result) => {
      throw new Error(describeExit(child, result));
    });
    early.catch(() => {});
    const deadline = Date.now() + (opts.timeoutMs ?? 15_000);
    while (!(await isPortOpen(host, smtpPort)) || !(await isPortOpen(host, webPort))) {
      if (!child.alive) await early;
      if (Date.now() >= deadline) {
        await supervisor.kill(name, 'SIGKILL');
        throw new Error(`maildev did not listen on ${host}:${smtpPort} and ${webPort} in time`);
      }
      await sleep(100);
    }
  };
  await start();
  return {
    smtpUrl: `smtp://${host}:${smtpPort}`,
    webUrl: `http://${host}:${webPort}`,
    smtpPort,
    webPort,
    start,
    stop: () => supervisor.kill(name),
  };
}

// ------------------------------------------------------------------ the stack

/**
 * An `onExit` for startStack: a service that stops on its own (a crash) is started again after
 * 1 s, then 2, 4, … up to 30 s while it keeps crashing; one that ran a minute starts from 1 s.
 * `delays` (for tests) receives each chosen delay.
 * @param {() => Pick<Stack, 'start'>} getStack
 * @param {{ log?: (line: string) => void, initialMs?: number, maxMs?: number, stableMs?: number, delays?: { name: string, delay: number }[] }} [options]
 * @returns {(name: string, result: ExitResult) => void}
 */
export function restartWithBackoff(getStack, { log = (line) => console.error(line), initialMs = 1000, maxMs = 30_000, stableMs = 60_000, delays } = {}) {
  /** @type {Map<string, { next: number, startedAt: number }>} */
  const runs = new Map();
  return (name, result) => {
    const run = runs.get(name) ?? { next: initialMs, startedAt: 0 };
    if (Date.now() - run.startedAt >= stableMs) run.next = initialMs;
    const delay = run.next;
    run.next = Math.min(maxMs, delay * 2);
    runs.set(name, run);
    delays?.push({ name, delay });
    const how = result.signal ? `killed by ${result.signal}` : `exit code ${result.code}`;
    log(`start: ${name} stopped unexpectedly (${how}); restarting it in ${delay / 1000} s`);
    setTimeout(() => {
      run.startedAt = Date.now();
      getStack()
        .start(name)
        .then(() => log(`start: ${name} is back`))
        .catch((error) => log(`start: ${name} did not come back: ${error.message.split('\n')[0]}`));
    }, delay).unref();
  };
}

/**
 * @typedef {object} Stack  a started stack (see startStack)
 * @property {Map<string, Child>} children
 * @property {string} url
 * @property {(name: string) => Record<string, string>} env
 * @property {Supervisor} supervisor
 * @property {() => Promise<void>} stop
 * @property {(name: string, signal?: NodeJS.Signals) => Promise<ExitResult | undefined>} kill
 * @property {(name: string) => Promise<Child | undefined>} start
 * @property {(name: string, signal?: NodeJS.Signals) => Promise<Child | undefined>} restart
 * @property {(name: string, file: string, args?: string[], label?: string) => Promise<ExitResult & { tail: string[] }>} run
 * @property {(name: string, result: ExitResult) => void} onExit  set: what a death after start-up does
 */

/**
 * Starts the given services from their dist folders and resolves once they are up: the
 * gateway's GET /api/health answers 200 and every service given a METRICS_PORT answers 200 on
 * its /ready (the others: `settleMs` passed with no child dying, unless a gateway was started).
 * Rejects, after stopping whatever it started, if a child exits early (the error carries its
 * last output lines), if the gateway port is already taken, or on timeout.
 *
 * Options: every serviceEnv option (database, natsUrl, redisUrl, port, sessionSecret, s3, ...)
 * plus
 *   services   (SERVICES)         which services to start
 *   envFor     ({})               extra variables per service: { gateway: { X: '1' } }
 *   nodeArgsFor ({})              node's own flags per service: { gateway: ['--cpu-prof'] }
 *   baseEnv    (process.env)      what children inherit under their own variables
 *   s3DataDir                     also start s3rver (startS3) on s3.port, stopped with the rest
 *   timeoutMs  (60000)            start-up limit
 *   settleMs   (1500)             wait when no gateway is started
 *   log, logDir, detached, tailLines   as in Supervisor
 *   onExit(name, result)          a child died after start-up (default: log a line)
 *
 * Resolves {
 *   children,            Map name -> {name, pid, process, alive, tail, exited}
 *   url,                 'http://127.0.0.1:<port>'
 *   env(name),           the full environment given to that service
 *   kill(name, signal='SIGTERM'),  stop one service on purpose (fault tests)
 *   start(name),         start it again (gateway: resolves when healthy)
 *   restart(name, signal='SIGTERM'),
 *   run(name, file, args=[], label),  one-shot `node services/<name>/<file>` with that service's
 *                        env, output labelled `label` (the file's base name) -> {code, signal, tail}
 *   stop(),              stops everything it started; safe to call twice
 *   supervisor,
 * }
 * @param {Record<string, any>} [options]  (typed loosely: every serviceEnv option goes through)
 * @returns {Promise<Stack>}
 */
export async function startStack(options = {}) {
  /** @type {readonly string[]} */
  const services = options.services ?? SERVICES;
  for (const service of services) {
    if (!SERVICES.includes(service)) throw new Error(`unknown service '${service}'`);
    const main = path.join(ROOT, 'services', service, 'dist', 'main.js');
    if (!existsSync(main)) throw new Error(`services/${service}/dist/main.js is missing: run \`npm run build\` first`);
  }
  const port = Number(options.port ?? DEFAULTS.port);
  const healthUrl = `http://127.0.0.1:${port}${options.healthPath ?? DEFAULTS.healthPath}`;
  if (services.includes('gateway') && (await isPortOpen('127.0.0.1', port))) {
    throw new Error(`port ${port} is already in use on 127.0.0.1: stop what runs there or choose another port`);
  }

  let started = false;
  /** @type {((name: string, result: ExitResult) => void) | undefined} */
  let onExit = options.onExit;
  const supervisor = new Supervisor({
    log: options.log,
    logDir: options.logDir,
    tailLines: options.tailLines,
    detached: options.detached,
    onUnexpectedExit: (child, result) => {
      if (!started) return; // start-up failures reject startStack instead
      if (onExit) onExit(child.name, result);
      else supervisor.log(child.name, `!! ${describeExit(child, result).split('\n')[0]}`, 'stderr');
    },
  });
  const baseEnv = options.baseEnv ?? process.env;
  /** @param {string} name */
  const envOf = (name) => ({ ...baseEnv, ...serviceEnv(name, options), ...(options.envFor?.[name] ?? {}) });
  /**
   * @param {string} name
   * @returns {ChildSpec}
   */
  const specOf = (name) => ({
    file: path.join('dist', 'main.js'),
    cwd: path.join(ROOT, 'services', name),
    env: envOf(name),
    nodeArgs: options.nodeArgsFor?.[name],
  });
  // Rejects when any of `names` exits before `started`.
  /** @param {readonly string[]} names */
  const earlyExit = (names) =>
    Promise.race(
      names.map((name) => {
        const child = /** @type {Child} */ (supervisor.children.get(name));
        return child.exited.then((result) => {
          throw new Error(describeExit(child, result));
        });
      }),
    );

  const stop = async () => {
    await supervisor.stop({ first: ['gateway'] });
  };

  // Up means taking work: the gateway's health answers, and each service with a metrics port says
  // it is ready there (subscribed to its subjects); a service without one is given settleMs.
  /** @param {readonly string[]} names */
  const waitUp = async (names) => {
    const died = earlyExit(names);
    died.catch(() => {});
    const timeoutMs = options.timeoutMs ?? 60_000;
    await Promise.all(
      names.map((name) => {
        if (name === 'gateway') return waitForHttp(healthUrl, { timeoutMs, abort: died });
        const metricsPort = envOf(name).METRICS_PORT;
        if (metricsPort) return waitForHttp(`http://127.0.0.1:${metricsPort}/ready`, { timeoutMs, intervalMs: 100, abort: died });
        return names.includes('gateway') ? undefined : Promise.race([sleep(options.settleMs ?? 1_500), died]);
      }),
    );
  };

  try {
    if (options.s3DataDir) {
      await startS3(options.s3DataDir, options.s3?.port ?? DEFAULTS.s3.port, {
        supervisor,
        bucket: options.s3?.bucket,
      });
    }
    for (const name of services) supervisor.spawn(name, specOf(name));
    await waitUp(services);
  } catch (error) {
    await supervisor.stop();
    throw error;
  }
  started = true;

  /** @type {Stack} */
  const handle = {
    children: supervisor.children,
    url: `http://127.0.0.1:${port}`,
    env: envOf,
    supervisor,
    stop,
    kill: (name, signal = 'SIGTERM') => supervisor.kill(name, signal),
    async start(name) {
      supervisor.spawn(name, specOf(name));
      await waitUp([name]);
      return supervisor.children.get(name);
    },
    async restart(name, signal = 'SIGTERM') {
      await supervisor.kill(name, signal);
      return handle.start(name);
    },
    run: (name, file, args = [], label = path.basename(file, '.js')) =>
      supervisor.run(label, {
        file,
        args,
        cwd: path.join(ROOT, 'services', name),
        env: envOf(name),
      }),
    /** @param {(name: string, result: ExitResult) => void} fn */
    set onExit(fn) {
      onExit = fn;
    },
  };
  return handle;
}
