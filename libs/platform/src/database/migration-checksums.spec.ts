import type { MigrationInterface, QueryRunner } from 'typeorm';
import { migrationChecksum } from './migration-checksums.js';

// The checksum is what the migration would send to Postgres, so it changes with the SQL (its own or
// imported) and not with the way the statement is indented.

function migration(up: (q: QueryRunner) => Promise<void>, name = 'Sample1700000000000'): MigrationInterface {
  return { name, up, down: async () => undefined };
}

const addColumn = (type: string) => `ALTER TABLE "s"."t" ADD COLUMN "c" ${type}`;

describe('migrationChecksum', () => {
  it('should not change when only the indentation of a statement does', async () => {
    const flat = migration(async (q) => { await q.query(`CREATE TABLE "s"."t" (\n  "id" int PRIMARY KEY\n)`); });
    const indented = migration(async (q) => { await q.query(`CREATE TABLE "s"."t" (\n        "id"   int PRIMARY KEY\n    )`); });
    expect(await migrationChecksum(flat)).toBe(await migrationChecksum(indented));
  });

  it('should change with the SQL a migration imports, its parameters and its table checks', async () => {
    const sums = await Promise.all([
      migrationChecksum(migration(async (q) => { await q.query(addColumn('text')); })),
      migrationChecksum(migration(async (q) => { await q.query(addColumn('varchar(40)')); })),
      migrationChecksum(migration(async (q) => { await q.query('UPDATE "s"."t" SET "c" = $1', ['a']); })),
      migrationChecksum(migration(async (q) => { await q.query('UPDATE "s"."t" SET "c" = $1', ['b']); })),
      migrationChecksum(migration(async (q) => { if (!(await q.hasTable('s.t'))) await q.query(addColumn('text')); })),
    ]);
    expect(new Set(sums).size).toBe(sums.length);
  });

  it('should refuse a QueryRunner call it cannot record, naming the migration', async () => {
    const builder = migration(async (q) => { await q.dropTable('s.t'); }, 'Builder1700000000000');
    await expect(migrationChecksum(builder)).rejects.toThrow('Builder1700000000000: QueryRunner.dropTable cannot be checksummed');
  });
});
