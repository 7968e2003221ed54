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
