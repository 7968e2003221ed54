import type { PostgresEndpoint, StackConnection, TestServersWithMail } from './infrastructure-types.js';

// How the servers are written down for tests and for the product, the same for both backends.

export function postgresEndpoint(host: string, port: number, user: string, database: string): PostgresEndpoint {
  const hostPart = host.includes(':') ? `[${host}]` : host;
  return { host, port, user, database, adminUrl: `postgres://${encodeURIComponent(user)}@${hostPart}:${port}/${database}` };
}

/**
 * The variables tests read (libs/testing's testEnv, the e2e broker permission tests): the
 * database and its server, the open brokers for integration tests, the secured ones for e2e.
 */
export function testVariables(servers: Pick<TestServersWithMail, 'postgres' | 'open' | 'secured'> & Partial<Pick<TestServersWithMail, 'mail' | 's3'>>): Record<string, string> {
  const { postgres, open, secured, mail, s3 } = servers;
  return {
    HDIYA_DATABASE: postgres.database,
    PGHOST: postgres.host,
    PGPORT: String(postgres.port),
    PGUSER: postgres.user,
    ...(open ? { NATS_URL: open.natsUrl, REDIS_URL: open.redisUrl } : {}),
    ...(secured
      ? {
          HDIYA_E2E_NATS_URL: secured.natsUrl,
          HDIYA_E2E_NATS_PASSWORDS: JSON.stringify(secured.natsPasswords),
          HDIYA_E2E_REDIS_URL: secured.redisUrl,
        }
      : {}),
    ...(mail ? { HDIYA_E2E_MAIL_API_URL: mail.apiUrl } : {}),
    // The object store, for tests that check what a refused upload left behind (nothing).
    ...(s3 ? { HDIYA_E2E_S3: JSON.stringify(s3) } : {}),
  };
}

/** startStack's options for these servers: the product always runs on the secured brokers. */
export function stackConnection(servers: Pick<TestServersWithMail, 'postgres' | 'secured' | 's3' | 'mail'>): StackConnection {
  const { postgres, secured, s3, mail } = servers;
  if (!secured) throw new Error("the product runs only on secured brokers: start the test infrastructure with brokers: ['secured']");
  return {
    database: postgres.database,
    pgHost: postgres.host,
    pgPort: postgres.port,
    natsUrl: secured.natsUrl,
    natsPasswords: secured.natsPasswords,
    redisUrl: secured.redisUrl,
    s3,
    smtpUrl: mail.smtpUrl,
  };
}
