import { randomUUID } from 'node:crypto';
import { DataSource, type MigrationInterface, type QueryRunner } from 'typeorm';
import { adminDatabaseUrl } from '@hdiya/testing';
import { serviceDataSourceOptions } from '../src/database/data-source-options.js';
import { checkMigrations, migrationChecksum, MigrationDriftError, runCheckedMigrations } from '../src/database/migration-checksums.js';
import { MigrationsCheck } from '../src/database/migrations-check.js';

// A database remembers the checksum of each migration it ran; the migrate command and each
// service's start refuse code whose landed migrations differ from that, or that would slip a
// migration in before one that ran already.

const SCHEMA = `checks_${randomUUID().slice(0, 8)}`;
const sources: DataSource[] = [];

/** A migration that creates a table, with the column type given (as DDL imported from a library would be). */
type MigrationClass = new () => MigrationInterface;

function createTable(timestamp: number, columnType = 'text'): MigrationClass {
  return class implements MigrationInterface {
    name = `Table${timestamp}`;
    async up(q: QueryRunner) { await q.query(`CREATE TABLE "${SCHEMA}"."t${timestamp}" ("id" int PRIMARY KEY, "note" ${columnType})`); }
    async down(q: QueryRunner) { await q.query(`DROP TABLE "${SCHEMA}"."t${timestamp}"`); }
  };
}

const checksumOf = (migration: MigrationClass) => migrationChecksum(new migration());

async function connect(migrations: MigrationClass[]): Promise<DataSource> {
  const dataSource = new DataSource(serviceDataSourceOptions({ url: adminDatabaseUrl(), schema: SCHEMA, entities: [], migrations }));
  await dataSource.initialize();
  sources.push(dataSource);
  return dataSource;
}

async function recorded(dataSource: DataSource): Promise<Record<string, string>> {
  const rows = (await dataSource.query(`SELECT "name", "checksum" FROM "${SCHEMA}"."migration_checksums" ORDER BY "name"`)) as { name: string; checksum: string }[];
  return Object.fromEntries(rows.map((row) => [row.name, row.checksum]));
}

async function ran(dataSource: DataSource): Promise<string[]> {
  const rows = (await dataSource.query(`SELECT "name" FROM "${SCHEMA}"."migrations" ORDER BY "timestamp"`)) as { name: string }[];
  return rows.map((row) => row.name);
}

beforeEach(async () => {
  const admin = await connect([]);
  await admin.query(`DROP SCHEMA IF EXISTS "${SCHEMA}" CASCADE`);
  await admin.query(`CREATE SCHEMA "${SCHEMA}"`);
});

afterEach(async () => {
  await Promise.all(sources.splice(0).map((dataSource) => dataSource.destroy()));
});

afterAll(async () => {
  const admin = await connect([]);
  await admin.query(`DROP SCHEMA IF EXISTS "${SCHEMA}" CASCADE`);
  await admin.destroy();
});

describe('migration checksums', () => {
  it('should record the checksum of each migration in the transaction that runs it', async () => {
    const first = createTable(1700000000100);
    const second = createTable(1700000000200);
    const dataSource = await connect([first, second]);
    expect(await runCheckedMigrations(dataSource)).toEqual(['Table1700000000100', 'Table1700000000200']);
    expect(await recorded(dataSource)).toEqual({ Table1700000000100: await checksumOf(first), Table1700000000200: await checksumOf(second) });
    await expect(new MigrationsCheck(dataSource).onModuleInit()).resolves.toBeUndefined();
  });

  it('should record neither the migration nor its checksum when the migration fails', async () => {
    const failing = class implements MigrationInterface {
      name = 'Failing1700000000300';
      async up(q: QueryRunner) { await q.query(`CREATE TABLE "${SCHEMA}"."half" ("id" int)`); await q.query('SELECT no_such_function()'); }
      async down() {}
    };
    const dataSource = await connect([createTable(1700000000100), failing]);
    await expect(runCheckedMigrations(dataSource)).rejects.toThrow(/no_such_function/);
    expect(await ran(dataSource)).toEqual(['Table1700000000100']);
    expect(Object.keys(await recorded(dataSource))).toEqual(['Table1700000000100']);
  });

  it('should refuse to migrate or start when a migration that ran has changed, even only in imported DDL', async () => {
    await runCheckedMigrations(await connect([createTable(1700000000100)]));
    const edited = await connect([createTable(1700000000100, 'varchar(40)'), createTable(1700000000200)]);
    const drift = /Table1700000000100 changed since it ran here/;
    await expect(runCheckedMigrations(edited)).rejects.toThrow(MigrationDriftError);
    await expect(runCheckedMigrations(edited)).rejects.toThrow(drift);
    await expect(new MigrationsCheck(edited).onModuleInit()).rejects.toThrow(drift);
    expect(await ran(edited)).toEqual(['Table1700000000100']);
  });

  it('should refuse a new migration that sorts before one that ran', async () => {
    await runCheckedMigrations(await connect([createTable(1700000000100), createTable(1700000000300)]));
    const inserted = await connect([createTable(1700000000100), createTable(1700000000200), createTable(1700000000300)]);
    await expect(runCheckedMigrations(inserted)).rejects.toThrow('Table1700000000200 has not run but sorts before Table1700000000300, which has');
    expect(await ran(inserted)).toEqual(['Table1700000000100', 'Table1700000000300']);
  });

  it('should adopt a database migrated before checksums were kept, then guard it', async () => {
    const legacy = await connect([createTable(1700000000100)]);
    await legacy.runMigrations({ transaction: 'each' });
    expect(await checkMigrations(legacy)).toEqual({ applied: ['Table1700000000100'], pending: [], unrecorded: ['Table1700000000100'] });

    const upgraded = await connect([createTable(1700000000100), createTable(1700000000200)]);
    expect(await runCheckedMigrations(upgraded)).toEqual(['Table1700000000200']);
    expect(Object.keys(await recorded(upgraded))).toEqual(['Table1700000000100', 'Table1700000000200']);
    await expect(checkMigrations(await connect([createTable(1700000000100, 'int')]))).rejects.toThrow(/Table1700000000100 changed/);
  });
});

describe('migration runs on a live database', () => {
  /** A migration that takes `seconds` and then creates its table: long enough for two runs to overlap. */
  function slowTable(timestamp: number, seconds: number): MigrationClass {
    return class implements MigrationInterface {
      name = `Slow${timestamp}`;
      async up(q: QueryRunner) { await q.query(`SELECT pg_sleep(${seconds})`); await q.query(`CREATE TABLE "${SCHEMA}"."slow${timestamp}" ("id" int)`); }
      async down() {}
    };
  }

  it('should run one runner at a time: the second waits, then finds nothing to do', async () => {
    const migrations = [slowTable(1700000000100, 1)];
    const [first, second] = await Promise.all([connect(migrations), connect(migrations)]);
    // Without the lock both ran the migration: the second failed on the table the first had made.
    const runs = await Promise.all([runCheckedMigrations(first), runCheckedMigrations(second)]);
    expect(runs.map((names) => names.length).sort()).toEqual([0, 1]);
    expect(await ran(first)).toEqual(['Slow1700000000100']);
  });

  it('should give up a migration that waits for a table lock past lock_timeout, recording nothing', async () => {
    const setup = await connect([createTable(1700000000100)]);
    await runCheckedMigrations(setup);
    const alter = class implements MigrationInterface {
      name = 'Alter1700000000200';
      async up(q: QueryRunner) { await q.query(`ALTER TABLE "${SCHEMA}"."t1700000000100" ADD COLUMN "extra" int`); }
      async down() {}
    };
    const holder = setup.createQueryRunner();
    await holder.connect();
    await holder.startTransaction();
    // A long transaction reading the table: the ALTER would wait behind it, and every later query behind the ALTER.
    await holder.query(`SELECT * FROM "${SCHEMA}"."t1700000000100"`);
    try {
      const migrating = await connect([createTable(1700000000100), alter]);
      const begun = Date.now();
      await expect(runCheckedMigrations(migrating, { lockTimeoutMs: 300 })).rejects.toThrow(/lock timeout/);
      expect(Date.now() - begun).toBeLessThan(5_000);
      expect(await ran(migrating)).toEqual(['Table1700000000100']);
      expect(Object.keys(await recorded(migrating))).toEqual(['Table1700000000100']);
    } finally {
      await holder.rollbackTransaction();
      await holder.release();
    }
  });

  it('should run a migration marked transaction = false outside a transaction, for CREATE INDEX CONCURRENTLY', async () => {
    const index = class implements MigrationInterface {
      name = 'Index1700000000200';
      transaction = false;
      async up(q: QueryRunner) { await q.query(`CREATE INDEX CONCURRENTLY IF NOT EXISTS "t_note" ON "${SCHEMA}"."t1700000000100" ("note")`); }
      async down() {}
    };
    const dataSource = await connect([createTable(1700000000100), index]);
    expect(await runCheckedMigrations(dataSource)).toEqual(['Table1700000000100', 'Index1700000000200']);
    expect(Object.keys(await recorded(dataSource))).toEqual(['Index1700000000200', 'Table1700000000100']);
    const [valid] = (await dataSource.query(`SELECT indisvalid FROM pg_index WHERE indexrelid = to_regclass($1)`, [`"${SCHEMA}"."t_note"`])) as { indisvalid: boolean }[];
    expect(valid?.indisvalid).toBe(true);
  });
});
