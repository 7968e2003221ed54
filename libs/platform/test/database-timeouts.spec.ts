import { DataSource } from 'typeorm';
import { serviceDatabaseUrl } from '@hdiya/testing';
import { serviceDataSourceOptions } from '../src/database/data-source-options.js';
import { databaseTimeoutsOf, databaseEnvSchema } from '../src/config/load-config.js';

// Every service connection carries the bounds from its configuration, so a statement cannot go
// on (and commit) after the gateway answered 503.

let dataSource: DataSource;

beforeAll(async () => {
  const config = databaseEnvSchema('points').parse({ DATABASE_STATEMENT_TIMEOUT_MS: '300', DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_MS: '400' });
  dataSource = new DataSource(
    serviceDataSourceOptions({ url: serviceDatabaseUrl('points'), schema: 'points', entities: [], migrations: [], timeouts: databaseTimeoutsOf(config) }),
  );
  await dataSource.initialize();
});

afterAll(() => dataSource.destroy());

describe('database timeouts', () => {
  it('should default to bounds that fit inside the gateway RPC timeout of 5 s', () => {
    const t = databaseTimeoutsOf(databaseEnvSchema('points').parse({}));
    expect(t.statementMs + t.acquireMs).toBeLessThan(5000);
    expect(t.statementMs).toBeGreaterThan(0);
    expect(t.idleInTransactionMs).toBeGreaterThan(0);
  });

  it('should cancel a statement that runs past the statement timeout', async () => {
    await expect(dataSource.query('SELECT pg_sleep(2)')).rejects.toThrow(/statement timeout/);
    expect(await dataSource.query(`SELECT current_setting('idle_in_transaction_session_timeout') AS v`)).toEqual([{ v: '400ms' }]);
  });
});
