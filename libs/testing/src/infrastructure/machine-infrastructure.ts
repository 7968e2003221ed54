import { spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { prepareDatabase } from './database-preparation.js';
import { postgresEndpoint } from './endpoints.js';
import type { OpenBrokers, S3Endpoint, SecuredBrokers, TestInfrastructureOptions, TestServers } from './infrastructure-types.js';
import { loadLocalStack, type LocalStack } from './local-stack.js';

// The servers on this machine, as `npm test` has always used them: the machine's PostgreSQL
// (prepared by infra.sh, which installs and starts what is missing) and Redis, and private
// nats-server, redis-server and s3rver processes on free ports.

const LOOPBACK = '127.0.0.1';
type Cleanup = () => unknown;

export async function startMachineInfrastructure(options: TestInfrastructureOptions): Promise<TestServers> {
  const local = await loadLocalStack();
  const postgres = postgresEndpoint(
    process.env.PGHOST ?? local.DEFAULTS.pgHost,
    Number(process.env.PGPORT ?? local.DEFAULTS.pgPort),
    process.env.PGUSER ?? 'postgres',
    options.database,
  );
  await prepareDatabase({ database: options.database, postgres, databaseOnly: false, machineTools: options.machineTools ?? [], quiet: options.quiet ?? false });

  const cleanups: Cleanup[] = [];
  const stop = async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  };
  try {
    const open = options.brokers.includes('open') ? await startOpenBrokers(local, options, cleanups) : undefined;
    const secured = options.brokers.includes('secured') ? await startSecuredBrokers(local, options.name, cleanups) : undefined;
    const s3 = await startS3(local, options.name, cleanups);
    return { postgres, open, secured, s3, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

/** A private NATS (subjects are global: a running `npm start` must never answer a test) and a logical database of the machine's Redis. */
async function startOpenBrokers(local: LocalStack, options: TestInfrastructureOptions, cleanups: Cleanup[]): Promise<OpenBrokers> {
  const nats = await local.startPrivateNats(`hdiya-${options.name}-nats-`);
  cleanups.push(nats.stop);
  const redisUrl = `${local.DEFAULTS.redisUrl}/${options.redisDatabase ?? 15}`;
  // Rate-limit counters of an earlier run must not leak into this one.
  spawnSync('redis-cli', ['-u', redisUrl, 'FLUSHDB'], { stdio: 'ignore' });
  return { natsUrl: nats.url, redisUrl };
}

/** NATS with the product's configuration and fresh passwords, and a Redis that requires one. */
async function startSecuredBrokers(local: LocalStack, name: string, cleanups: Cleanup[]): Promise<SecuredBrokers> {
  const natsPasswords = local.natsPasswords();
  const natsPort = await local.freePort();
  const store = mkdtempSync(path.join(os.tmpdir(), `hdiya-${name}-secured-nats-`));
  let nats: ChildProcess | undefined;
  cleanups.push(async () => {
    if (nats) await stopProcess(nats, 'SIGTERM');
    rmSync(store, { recursive: true, force: true });
  });
  const startNats = async () => {
    nats = local.spawnNats({ port: natsPort, storeDir: store, passwords: natsPasswords });
    await local.waitForPort(LOOPBACK, natsPort, 10_000);
  };
  await startNats();

  const redisPort = await local.freePort();
  const redisPassword = randomBytes(18).toString('base64url');
  const redis = local.spawnRedis({ port: redisPort, password: redisPassword });
  cleanups.push(() => stopProcess(redis, 'SIGTERM'));
  await local.waitForPort(LOOPBACK, redisPort, 10_000);
  return {
    natsUrl: `nats://${LOOPBACK}:${natsPort}`,
    natsPasswords,
    redisUrl: local.redisUrlOf(redisPort, redisPassword),
    killNats: async () => {
      if (nats) await stopProcess(nats, 'SIGKILL');
    },
    startNats,
  };
}

/** s3rver (npm), standing in for MinIO, with the bucket created. */
async function startS3(local: LocalStack, name: string, cleanups: Cleanup[]): Promise<S3Endpoint> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), `hdiya-${name}-s3-`));
  cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
  const server = await local.startS3(dataDir, await local.freePort(), { log: false });
  cleanups.push(() => server.stop());
  return { ...local.DEFAULTS.s3, port: server.port };
}

/** Sends `signal` and resolves once the process is gone (SIGKILL after 5 s). */
async function stopProcess(child: ChildProcess, signal: NodeJS.Signals): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = once(child, 'exit');
  child.kill(signal);
  const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
  await exited;
  clearTimeout(timer);
}
