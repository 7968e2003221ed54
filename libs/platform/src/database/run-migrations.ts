import type { DataSource } from 'typeorm';
import { runCheckedMigrations } from './migration-checksums.js';

/** Entry point body of each service's `migrate` command: apply pending migrations, then exit. */
export async function runMigrations(dataSource: DataSource, service: string): Promise<void> {
  try {
    await dataSource.initialize();
    const applied = await runCheckedMigrations(dataSource);
    console.log(`${service}: ${applied.length} migration(s) applied`);
    await dataSource.destroy();
  } catch (error) {
    console.error(`${service}: migrations failed: ${(error as Error).message}`);
    process.exitCode = 1;
    if (dataSource.isInitialized) await dataSource.destroy();
  }
}
