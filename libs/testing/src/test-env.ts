// Where integration tests find their real dependencies. The test runner (`npm test`) prepares a
// dedicated database and a private NATS server and exports these variables; the defaults are the
// local services on their standard ports.
export interface TestEnv {
  database: string;
  postgresHost: string;
  postgresPort: number;
  natsUrl: string;
  redisUrl: string;
  gatewayUrl: string;
}

export function testEnv(): TestEnv {
  return {
    database: process.env.HDIYA_DATABASE ?? 'hdiya_test',
    postgresHost: process.env.PGHOST ?? '127.0.0.1',
    postgresPort: Number(process.env.PGPORT ?? 5432),
    natsUrl: process.env.NATS_URL ?? 'nats://127.0.0.1:4222',
    redisUrl: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379/15',
    gatewayUrl: process.env.GATEWAY_URL ?? 'http://127.0.0.1:3000',
  };
}

/** The connection string a service uses in tests: its own role, the test database. */
export function serviceDatabaseUrl(service: string, env: TestEnv = testEnv()): string {
  return `postgres://hdiya_${service}:hdiya_${service}@${env.postgresHost}:${env.postgresPort}/${env.database}`;
}

/** Superuser connection to the test database, for fixtures a service role may not create. */
export function adminDatabaseUrl(env: TestEnv = testEnv()): string {
  const user = process.env.PGUSER ?? 'postgres';
  return `postgres://${user}@${env.postgresHost}:${env.postgresPort}/${env.database}`;
}
