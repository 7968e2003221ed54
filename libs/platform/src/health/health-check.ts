import type { NatsConnection } from '@nats-io/transport-node';
import type { DataSource } from 'typeorm';
import type { DependencyStatus, HealthReport } from '@hdiya/contracts';
import { sharedSql } from '../database/shared-tables.js';
import { firstRow, sql } from '../database/typed-sql.js';

async function probe(check: () => Promise<unknown>, timeoutMs = 1000): Promise<DependencyStatus> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('timeout')), timeoutMs);
  });
  try {
    await Promise.race([check(), timeout]);
    return 'up';
  } catch {
    return 'down';
  } finally {
    clearTimeout(timer);
  }
}

/** What a service answers on `<service>.health`: its own view of its database and broker. */
export async function checkServiceHealth(service: string, dataSource: DataSource, nc: NatsConnection): Promise<HealthReport> {
  const [database, nats] = await Promise.all([
    probe(() => firstRow(dataSource.manager, sharedSql(service).selectNoFrom(sql<number>`1`.as('up')))),
    probe(() => (nc.isClosed() ? Promise.reject(new Error('closed')) : nc.flush())),
  ]);
  const dependencies = { database, nats };
  return { service, status: database === 'up' && nats === 'up' ? 'up' : 'down', dependencies };
}
