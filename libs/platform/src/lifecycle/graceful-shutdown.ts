import type { LoggerService } from '@nestjs/common';
import { setReady } from '../metrics/metrics.js';

/** docs/operations.md#stopping: told to stop, a process finishes what it started and is gone within 10 s. */
export const SHUTDOWN_DEADLINE_MS = 10_000;

/**
 * On SIGTERM or SIGINT: `drain` (stop taking work, finish what is in flight), then close the app
 * (consumers, outbox relay, connections), then exit 0. Past the deadline the process exits 1
 * whatever is still running: what it left undone, the sagas' recovery finishes.
 *
 * Nest's own shutdown hooks are not used: they run the application's shutdown hooks (closing the
 * database) before the transport stops taking requests, so requests in flight would fail.
 */
export function closeOnSignals(
  app: { close(): Promise<void> },
  logger: LoggerService,
  drain?: () => Promise<void>,
  /** A drain that waits on purpose (the gateway's) adds its wait to the deadline. */
  deadlineMs = SHUTDOWN_DEADLINE_MS,
): void {
  let stopping = false;
  const stop = async (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    setReady(false);
    const started = Date.now();
    logger.log(`${signal}: finishing work in flight, then stopping`, 'shutdown');
    setTimeout(() => {
      logger.error(`still busy after ${deadlineMs} ms: exiting anyway`, 'shutdown');
      process.exit(1);
    }, deadlineMs).unref();
    try {
      await drain?.();
      await app.close();
      logger.log(`stopped in ${Date.now() - started} ms`, 'shutdown');
      process.exit(0);
    } catch (error) {
      logger.error(`stopping failed: ${(error as Error).message}`, 'shutdown');
      process.exit(1);
    }
  };
  process.once('SIGTERM', () => void stop('SIGTERM'));
  process.once('SIGINT', () => void stop('SIGINT'));
}
