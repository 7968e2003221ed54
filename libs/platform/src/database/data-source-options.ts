import type { DataSourceOptions, MixedList, EntitySchema } from 'typeorm';

export interface ServiceDatabaseOptions {
  url: string;
  schema: string;
  // eslint-disable-next-line @typescript-eslint/no-unsafe-function-type
  entities: MixedList<Function | string | EntitySchema>;
  // eslint-disable-next-line @typescript-eslint/no-unsafe-function-type
  migrations: MixedList<Function | string>;
  poolSize?: number;
  applicationName?: string;
}

/**
 * TypeORM options shared by every service: one schema, migrations tracked inside it,
 * never `synchronize` (schemas change only through committed migrations).
 */
export function serviceDataSourceOptions(options: ServiceDatabaseOptions): DataSourceOptions {
  return {
    type: 'postgres',
    url: options.url,
    schema: options.schema,
    entities: options.entities,
    migrations: options.migrations,
    migrationsTableName: 'migrations',
    migrationsTransactionMode: 'each',
    synchronize: false,
    logging: ['error'],
    extra: { max: options.poolSize ?? 10, application_name: options.applicationName ?? options.schema },
  };
}
