import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startTestInfrastructure, type MailCatcher } from '@hdiya/testing';

// The whole product on its own database, NATS, Redis, S3 server and ports, for tests that kill
// processes: what they kill must not disturb the other end-to-end suites. The servers come from
// the same entry point as `npm test`'s (containers or this machine's services).

export const ROOT = fileURLToPath(new URL('../..', import.meta.url));

export interface Stack {
  url: string;
  /** `exited`: resolves with the exit code (or signal) once the process is gone (deploy/local/stack.mjs). */
  children: Map<string, { pid: number; alive: boolean; exited: Promise<{ code: number | null; signal: string | null }> }>;
  env(name: string): Record<string, string>;
  supervisor: { spawn(name: string, spec: { file: string; cwd: string; env: Record<string, string> }): { pid: number }; kill(name: string, signal?: string): Promise<unknown> };
  kill(name: string, signal?: string): Promise<unknown>;
  start(name: string): Promise<unknown>;
  stop(): Promise<void>;
  /** What to do when a child exits on its own (npm start: restart it with backoff). */
  onExit: ((name: string, result: unknown) => void) | undefined;
}

export interface PrivateStack {
  stack: Stack;
  /** Settings per service, read again at each (re)start: change them to arm crash points. */
  envFor: Record<string, Record<string, string>>;
  /** Superuser URL of the private database, for invariant checks. */
  databaseUrl: string;
  /** Kills NATS (SIGKILL). */
  killNats(): Promise<void>;
  /** NATS again, on the same port and store. */
  startNats(): Promise<void>;
  /** The stack's mail catcher: its API (caughtMails), and SMTP taken away and brought back. */
  mail: MailCatcher;
  /** Where each process's output goes, one `<name>.log` per process. */
  logDir: string;
  stop(): Promise<void>;
}

/** How a private stack logs: errors only unless a test reads what the services log at another level. */
export interface PrivateStackOptions {
  logLevel?: 'error' | 'warn' | 'log' | 'debug';
}

export async function startPrivateStack(name: string, envFor: Record<string, Record<string, string>>, options: PrivateStackOptions = {}): Promise<PrivateStack> {
  const infrastructure = await startTestInfrastructure({
    name,
    database: `${process.env.HDIYA_DATABASE ?? 'hdiya_test'}_${name}`,
    brokers: ['secured'],
    quiet: true,
    log: (line) => process.stdout.write(`${name}: ${line}\n`),
  });
  const brokers = infrastructure.secured!;
  const logDir = mkdtempSync(path.join(os.tmpdir(), `hdiya-${name}-logs-`));
  const local = await import(path.join(ROOT, 'deploy/local/stack.mjs'));
  let stack: Stack;
  try {
    // A metrics port each, so that a (re)start waits until the service takes work, not a guess.
    for (const service of ['users', 'points', 'donations', 'messaging']) {
      envFor[service] = { ...envFor[service], METRICS_PORT: String(await local.freePort()) };
    }
    // Passwords hashed at a test cost, as on npm test's stack.
    envFor.users = { PASSWORD_HASH_MEMORY_KIB: '4096', PASSWORD_HASH_TIME_COST: '1', ...envFor.users };
    const port = await local.freePort();
    stack = await local.startStack({
      ...infrastructure.stackConnection(),
      envFor,
      port,
      publicUrl: `http://127.0.0.1:${port}`,
      nodeEnv: 'test',
      logLevel: options.logLevel ?? 'error',
      log: false,
      logDir,
      onExit: () => undefined, // crashes are the point here
    });
  } catch (error) {
    await infrastructure.stop();
    throw error;
  }
  return {
    stack,
    envFor,
    databaseUrl: infrastructure.postgres.adminUrl,
    killNats: () => brokers.killNats(),
    startNats: () => brokers.startNats(),
    mail: infrastructure.mail,
    logDir,
    async stop() {
      await stack.stop();
      await infrastructure.stop();
    },
  };
}

/** Starting a whole stack on a busy machine (another lane of tests beside it) can take minutes. */
const START_TIMEOUT_MS = 300_000;

/**
 * Starts a private stack before the file's tests (then `started` takes it) and stops it after
 * them. A start that outlasts its hook goes on after jest gives up waiting: it is stopped once it
 * has finished, so no stack outlives its file and keeps jest from exiting.
 */
export function withPrivateStack(
  name: string,
  envFor: Record<string, Record<string, string>>,
  started: (world: PrivateStack) => unknown,
  options: PrivateStackOptions = {},
): void {
  let starting: Promise<PrivateStack> | undefined;
  beforeAll(async () => {
    starting = startPrivateStack(name, envFor, options);
    await started(await starting);
  }, START_TIMEOUT_MS);
  afterAll(async () => (await starting?.catch(() => undefined))?.stop(), START_TIMEOUT_MS);
}

/** Whether a process of the stack still runs (signal 0 checks without touching it). */
export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}
