import { Logger } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { adminDatabaseUrl } from '@hdiya/testing';

/** An admin connection to the test database, with `schema` made anew and holding the tables `ddl` creates. */
export async function createScratchSchema(schema: string, ddl: string[]): Promise<DataSource> {
  const dataSource = new DataSource({ type: 'postgres', url: adminDatabaseUrl() });
  await dataSource.initialize();
  await dataSource.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
  await dataSource.query(`CREATE SCHEMA "${schema}"`);
  for (const sql of ddl) await dataSource.query(sql);
  return dataSource;
}

/** Drops the schema, then closes the connection. */
export async function dropScratchSchema(dataSource: DataSource, schema: string): Promise<void> {
  await dataSource.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
  await dataSource.destroy();
}

/** A logger that prints no warnings or errors: the tests assert the failures they expect. */
export function quietLogger(context: string): Logger {
  const logger = new Logger(context);
  logger.warn = () => undefined;
  logger.error = () => undefined;
  return logger;
}
