import type { DataSource } from 'typeorm';
import { z } from 'zod';
import { MIGRATION_LOCK_TIMEOUT_MS, runCheckedMigrations } from './migration-checksums.js';

const migrationEnv = z.object({
  /** Each migration statement's lock_timeout (decision 0066); 0 waits for ever. */
  MIGRATION_LOCK_TIMEOUT_MS: z.coerce.number().int().min(0).default(MIGRATION_LOCK_TIMEOUT_MS),
});

/** Entry point body of each service's `migrate` command: apply pending migrations, then exit. */
export async function runMigrations(dataSource: DataSource, service: string): Promise<void> {
  try {
    const { MIGRATION_LOCK_TIMEOUT_MS: lockTimeoutMs } = migrationEnv.parse(process.env);
    await dataSource.initialize();
    const applied = await runCheckedMigrations(dataSource, { lockTimeoutMs });
    console.log(`${service}: ${applied.length} migration(s) applied`);
    await dataSource.destroy();
  } catch (error) {
    console.error(`${service}: migrations failed: ${(error as Error).message}`);
    process.exitCode = 1;
    if (dataSource.isInitialized) await dataSource.destroy();
  }
}
