// The product as the benchmarks run it: production mode, on a private NATS (so nothing else
// answers or consumes) and a private S3 folder, quiet logs.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort, startPrivateNats, startStack } from '../local/stack.mjs';

/** Starts every service on `options` (database, redisUrl, ...); `cleanups` receives how to stop it all. */
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

/** Runs a benchmark's `main`, then every cleanup it registered, whatever happens; exits 1 on failure. */
export async function runBench(main, cleanups) {
  let code = 0;
  try {
    await main();
  } catch (error) {
    console.error(`bench: ${error.stack ?? error}`);
    code = 1;
  } finally {
    for (const cleanup of cleanups.reverse()) await Promise.resolve(cleanup()).catch(() => undefined);
  }
  process.exit(code);
}
