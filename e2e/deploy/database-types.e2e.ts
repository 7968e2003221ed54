import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { promisify } from 'node:util';
import { adminDatabaseUrl, testEnv } from '@hdiya/testing';
import { withDatabase } from '../support/members.js';

// The typed query layer's row types (decision 0035) are generated from the migrated database and
// checked in: `npm test` verifies them before any end-to-end test, so a column renamed in a
// migration but not in the code fails there (and then in the typecheck, once regenerated).
const run = promisify(execFile);
const ROOT = path.resolve(import.meta.dirname, '../..');
const SCRIPT = path.join(ROOT, 'deploy/checks/database-types.mjs');
const SCRATCH = `hdiya_types_${randomUUID().slice(0, 8)}`;
const scratchUrl = adminDatabaseUrl({ ...testEnv(), database: SCRATCH });

async function verify(url: string): Promise<{ code: number; output: string }> {
  try {
    const { stdout } = await run('node', [SCRIPT, '--verify', '--url', url]);
    return { code: 0, output: stdout };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, output: `${failed.stdout}${failed.stderr}` };
  }
}

/** A database holding only the points schema, built by the points service's own migrations. */
beforeAll(async () => {
  await withDatabase((db) => db.query(`CREATE DATABASE "${SCRATCH}"`));
  await withDatabase((db) => db.query('CREATE SCHEMA "points" AUTHORIZATION "hdiya_points"'), scratchUrl);
  const env = testEnv();
  await run('node', ['dist/database/migrate.js'], {
    cwd: path.join(ROOT, 'services/points'),
    env: { ...process.env, DATABASE_URL: `postgres://hdiya_points:hdiya_points@${env.postgresHost}:${env.postgresPort}/${SCRATCH}` },
  });
}, 60_000);

afterAll(() => withDatabase((db) => db.query(`DROP DATABASE IF EXISTS "${SCRATCH}" WITH (FORCE)`)));

describe('typed query layer row types', () => {
  it('should match the schema the migrations build', async () => {
    expect(await verify(adminDatabaseUrl())).toEqual({ code: 0, output: expect.stringContaining('schema.generated.ts matches the migrated schema') });
  });

  it('should fail, naming the file, once a migration renames a column the code queries', async () => {
    await withDatabase((db) => db.query('ALTER TABLE "points"."holds" RENAME COLUMN "closed_at" TO "ended_at"'), scratchUrl);
    const result = await verify(scratchUrl);
    expect(result.code).toBe(1);
    expect(result.output).toContain('services/points/src/database/schema.generated.ts differs from the migrated schema');
    expect(result.output).toMatch(/ended_at/);
  });
});
