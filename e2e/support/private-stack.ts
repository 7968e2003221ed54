import { execFileSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

// The whole product on its own database, NATS, Redis and ports, for tests that kill processes:
// what they kill must not disturb the other end-to-end suites.

export const ROOT = fileURLToPath(new URL('../..', import.meta.url));

export interface Stack {
  url: string;
  children: Map<string, { pid: number; alive: boolean }>;
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
  killNats(): void;
  /** NATS again, on the same port and store. */
  startNats(): Promise<void>;
  stop(): Promise<void>;
}

export async function startPrivateStack(name: string, envFor: Record<string, Record<string, string>>): Promise<PrivateStack> {
  const database = `${process.env.HDIYA_DATABASE ?? 'hdiya_test'}_${name}`;
  execFileSync('bash', [path.join(ROOT, 'deploy/local/infra.sh')], { env: { ...process.env, HDIYA_DATABASE: database, HDIYA_RESET: '1' }, stdio: 'ignore' });
  const local = await import(path.join(ROOT, 'deploy/local/stack.mjs'));
  const natsPort: number = await local.freePort();
  const natsStore = mkdtempSync(path.join(os.tmpdir(), `hdiya-${name}-nats-`));
  const s3Dir = mkdtempSync(path.join(os.tmpdir(), `hdiya-${name}-s3-`));
  const natsPasswords = local.natsPasswords();
  let nats: ChildProcess | undefined;
  const startNats = async () => {
    nats = local.spawnNats({ port: natsPort, storeDir: natsStore, passwords: natsPasswords });
    await local.waitForPort('127.0.0.1', natsPort, 10_000);
  };
  await startNats();
  const redisPort: number = await local.freePort();
  const redis: ChildProcess = local.spawnRedis({ port: redisPort, password: `${name}-redis-password` });
  await local.waitForPort('127.0.0.1', redisPort, 10_000);
  const stack: Stack = await local.startStack({
    envFor,
    database,
    port: await local.freePort(),
    natsUrl: `nats://127.0.0.1:${natsPort}`,
    natsPasswords,
    redisUrl: local.redisUrlOf(redisPort, `${name}-redis-password`),
    nodeEnv: 'test',
    logLevel: 'error',
    s3DataDir: s3Dir,
    s3: { port: await local.freePort() },
    log: false,
    logDir: mkdtempSync(path.join(os.tmpdir(), `hdiya-${name}-logs-`)),
    onExit: () => undefined, // crashes are the point here
  });
  return {
    stack,
    envFor,
    databaseUrl: `postgres://${process.env.PGUSER ?? 'postgres'}@${process.env.PGHOST ?? '127.0.0.1'}:${process.env.PGPORT ?? 5432}/${database}`,
    killNats: () => nats?.kill('SIGKILL'),
    startNats,
    async stop() {
      await stack.stop();
      nats?.kill('SIGKILL');
      redis.kill('SIGKILL');
      rmSync(natsStore, { recursive: true, force: true });
      rmSync(s3Dir, { recursive: true, force: true });
    },
  };
}
