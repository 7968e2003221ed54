import { createServer, type Server } from 'node:http';
import type { LoggerService } from '@nestjs/common';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { DataSource } from 'typeorm';
import { sharedSql } from '../database/shared-tables.js';
import { firstRow, sql } from '../database/typed-sql.js';

// Prometheus metrics of one process (docs/operations.md#metrics): its registry, the metrics every service shares,
// and the HTTP listener Prometheus scrapes (METRICS_PORT; a port of its own, never the public API).

export const metricsRegistry = new Registry();

let started = false;

/** Labels every series with the service and collects Node's own metrics (event loop, memory, GC). */
export function initMetrics(service: string): void {
  if (started) return;
  started = true;
  metricsRegistry.setDefaultLabels({ service });
  collectDefaultMetrics({ register: metricsRegistry, prefix: 'hdiya_' });
}

const SECONDS = [0.002, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

export const rpcHandlerDuration = new Histogram({
  name: 'hdiya_rpc_handler_duration_seconds',
  help: 'Time spent answering a NATS request, by subject and outcome (ok, refused: a 4xx answer, failed)',
  labelNames: ['subject', 'outcome'],
  buckets: SECONDS,
  registers: [metricsRegistry],
});

export const httpRequestDuration = new Histogram({
  name: 'hdiya_http_request_duration_seconds',
  help: 'Time spent answering an HTTP request at the gateway, by method, route pattern and status class',
  labelNames: ['method', 'route', 'status'],
  buckets: SECONDS,
  registers: [metricsRegistry],
});

export const eventDeliveries = new Counter({
  name: 'hdiya_event_deliveries_total',
  help: 'Events a durable consumer received, by consumer and outcome (applied, duplicate: already in the inbox, failed: redelivered later or dead-lettered)',
  labelNames: ['consumer', 'outcome'],
  registers: [metricsRegistry],
});

export const eventRedeliveries = new Counter({
  name: 'hdiya_event_redeliveries_total',
  help: 'Events delivered again to a durable consumer (after a failure, a crash or a lost ack)',
  labelNames: ['consumer'],
  registers: [metricsRegistry],
});

export const eventsDeadLettered = new Counter({
  name: 'hdiya_events_dead_lettered_total',
  help: 'Events a durable consumer gave up on and filed in the DEAD_LETTERS stream, by consumer and reason (malformed, invalid, failed)',
  labelNames: ['consumer', 'reason'],
  registers: [metricsRegistry],
});

/** A counter of this process (the same one to whoever asks for it by name again). */
export function registerCounter<L extends string>(name: string, help: string, labelNames: readonly L[]): Counter<L> {
  const existing = metricsRegistry.getSingleMetric(name) as Counter<L> | undefined;
  return existing ?? new Counter({ name, help, labelNames, registers: [metricsRegistry] });
}

/** A gauge read when Prometheus scrapes (registered once per process, whatever asks twice). */
export function registerGauge(name: string, help: string, read: () => number | Promise<number>): void {
  if (metricsRegistry.getSingleMetric(name)) return;
  new Gauge({
    name,
    help,
    registers: [metricsRegistry],
    async collect() {
      this.set(await read());
    },
  });
}

/**
 * The outbox's backlog (events not yet published) and lag (age of the oldest), read from the
 * service's own table when Prometheus scrapes.
 */
export function registerOutboxMetrics(dataSource: DataSource, schema: string): void {
  let last = { backlog: 0, lag: 0 };
  // Both gauges of one scrape share one query.
  let reading: Promise<typeof last> | null = null;
  const query = async () => {
    try {
      const row = await firstRow(
        dataSource.manager,
        sharedSql(schema)
          .selectFrom('outbox')
          .select((eb) => [
            eb.cast<number>(eb.fn.countAll(), 'integer').as('backlog'),
            sql<number>`COALESCE(EXTRACT(EPOCH FROM now() - min(${eb.ref('created_at')})), 0)::float8`.as('lag'),
          ])
          .where('published_at', 'is', null),
      );
      last = row ?? last;
    } catch {
      // The database is away: the last figures stand (health checks report the outage).
    }
    return last;
  };
  const read = () => {
    reading ??= query().finally(() => setTimeout(() => (reading = null), 1000).unref());
    return reading;
  };
  registerGauge('hdiya_outbox_backlog', 'Events written to the outbox and not yet published to JetStream', async () => (await read()).backlog);
  registerGauge('hdiya_outbox_lag_seconds', 'Age of the oldest event not yet published (0 when the outbox is empty)', async () => (await read()).lag);
}

let ready = false;

/** Ready to take work (set once listening, unset when told to stop): what `/ready` answers. */
export function setReady(value: boolean): void {
  ready = value;
}

export function isReady(): boolean {
  return ready;
}

/**
 * Serves, on `port` (all interfaces: Prometheus and the kubelet come from inside the cluster):
 * `GET /metrics`; `GET /live` (200 while the event loop answers: the liveness probe); `GET /ready`
 * (200 once listening, 503 from the moment it is told to stop: the readiness probe).
 */
export function startMetricsServer(port: number, logger: LoggerService): Server {
  const server = createServer((req, res) => {
    if (req.method === 'GET' && req.url === '/live') {
      res.writeHead(200).end('live');
      return;
    }
    if (req.method === 'GET' && req.url === '/ready') {
      res.writeHead(ready ? 200 : 503).end(ready ? 'ready' : 'not ready');
      return;
    }
    if (req.method !== 'GET' || req.url !== '/metrics') {
      res.writeHead(404).end();
      return;
    }
    metricsRegistry.metrics().then(
      (body) => res.writeHead(200, { 'content-type': metricsRegistry.contentType }).end(body),
      (error: Error) => res.writeHead(500).end(error.message),
    );
  });
  server.listen(port, () => logger.log(`metrics on :${port}/metrics`));
  return server;
}
