import type { ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { S3Endpoint } from './infrastructure-types.js';

// deploy/local/stack.mjs holds the one implementation of spawning NATS, Redis and the S3 stand-in
// (npm start uses it too). Same depth from src/infrastructure and dist/infrastructure.
const STACK_MODULE = fileURLToPath(new URL('../../../../deploy/local/stack.mjs', import.meta.url));

/** The helpers of deploy/local/stack.mjs this library uses. */
export interface LocalStack {
  /** Repository root. */
  ROOT: string;
  /** The machine's own servers (infra.sh) and the S3 stand-in's settings. */
  DEFAULTS: { pgHost: string; pgPort: number; redisUrl: string; s3: S3Endpoint };
  /** The servers the processes depend on, as deploy/topology.mjs declares them (compose runs the same images). */
  BACKING_SERVICES: Record<'postgres' | 'nats' | 'redis' | 's3', { image: string; ports: number[] }>;
  /** deploy/nats/nats-server.conf */
  NATS_CONFIG: string;
  freePort(): Promise<number>;
  natsPasswords(): Record<string, string>;
  natsPasswordVariables(passwords: Record<string, string>): Record<string, string>;
  spawnNats(options: { port: number; storeDir: string; passwords: Record<string, string> }): ChildProcess;
  spawnRedis(options: { port: number; password: string }): ChildProcess;
  redisUrlOf(port: number, password: string, host?: string): string;
  startPrivateNats(prefix?: string): Promise<{ url: string; stop(): void }>;
  startS3(dataDir: string, port?: number, options?: { bucket?: string; log?: false }): Promise<{ port: number; stop(): Promise<unknown> }>;
  waitForPort(host: string, port: number, timeoutMs?: number): Promise<void>;
  startMailCatcher(
    smtpPort: number,
    webPort: number,
    options?: { log?: false },
  ): Promise<{ smtpUrl: string; webUrl: string; stop(): Promise<unknown>; start(): Promise<void> }>;
}

export async function loadLocalStack(): Promise<LocalStack> {
  return (await import(STACK_MODULE)) as LocalStack;
}
