import { spawn } from 'node:child_process';
import path from 'node:path';
import type { MachineTool } from './infrastructure-types.js';
import { loadLocalStack } from './local-stack.js';

export interface DatabasePreparation {
  database: string;
  /** The superuser connection infra.sh uses (PGHOST, PGPORT, PGUSER). */
  postgres: { host: string; port: number; user: string };
  /** Prepare only the database on a server already running (a container): infra.sh --database-only. */
  databaseOnly: boolean;
  machineTools: readonly MachineTool[];
  quiet: boolean;
}

/**
 * Creates the database afresh with deploy/local/infra.sh, the one script that knows how: roles,
 * one schema per service, PostGIS, JIT off, then every service's migrations (from their builds).
 * On this machine's backend it also makes sure PostgreSQL, Redis and NATS are installed and run.
 */
export async function prepareDatabase(preparation: DatabasePreparation): Promise<void> {
  const { ROOT } = await loadLocalStack();
  const args = [
    path.join(ROOT, 'deploy', 'local', 'infra.sh'),
    ...(preparation.databaseOnly ? ['--database-only'] : []),
    ...preparation.machineTools.map((tool) => `--with-${tool}`),
  ];
  const env = {
    ...process.env,
    HDIYA_DATABASE: preparation.database,
    HDIYA_RESET: '1',
    PGHOST: preparation.postgres.host,
    PGPORT: String(preparation.postgres.port),
    PGUSER: preparation.postgres.user,
  };
  const child = spawn('bash', args, { cwd: ROOT, env, stdio: preparation.quiet ? ['ignore', 'pipe', 'pipe'] : 'inherit' });
  const output: string[] = [];
  child.stdout?.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  const code = await new Promise<number>((resolve, reject) => {
    child.once('error', reject);
    child.once('close', (exitCode, signal) => resolve(exitCode ?? (signal ? 1 : 0)));
  });
  if (code !== 0) {
    const printed = preparation.quiet ? `:\n${output.join('').trim()}` : ' (see its output above)';
    throw new Error(`deploy/local/infra.sh could not prepare the database ${preparation.database} (exit code ${code})${printed}`);
  }
}
