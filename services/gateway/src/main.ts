import 'reflect-metadata';
import type { Server } from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import { Logger } from '@nestjs/common';
import { SHUTDOWN_DEADLINE_MS, closeOnSignals, setReady, startMetricsServer } from '@hdiya/platform';
import { loadGatewayConfig } from './config.js';
import { createGatewayApp } from './gateway-app.js';
import { closeHttpServer } from './http/close-http-server.js';
import { SocketServer } from './realtime/socket-server.js';

const config = loadGatewayConfig();
const app = await createGatewayApp(config);
const logger = new Logger('gateway');
const metrics = config.METRICS_PORT ? startMetricsServer(config.METRICS_PORT, logger) : null;
const server = app.getHttpServer() as Server;
// Idle keep-alive connections outlive a proxy's or client's (60 s at nginx, ingresses and load
// balancers; Node's 5 s default let the gateway close one just as a busy client reused it, and
// that request failed with "other side closed").
server.keepAliveTimeout = 65_000;
server.headersTimeout = 66_000;
await app.listen(config.PORT);
setReady(true);

// Told to stop (docs/operations.md#rollouts): readiness fails at once (closeOnSignals), and the
// gateway keeps serving for GATEWAY_DRAIN_MS while the load balancer takes it out; then its
// sockets close a slice at a time over SOCKET_CLOSE_SPREAD_MS (their clients reconnect to another
// replica, not all in the same second), the HTTP server stops accepting and waits for the requests
// in flight; only then do NATS and Redis close.
closeOnSignals(
  app,
  logger,
  async () => {
    await sleep(config.GATEWAY_DRAIN_MS);
    metrics?.close();
    await app.get(SocketServer).closeSpread(config.SOCKET_CLOSE_SPREAD_MS);
    await app.get(SocketServer).onApplicationShutdown();
    await closeHttpServer(server);
  },
  SHUTDOWN_DEADLINE_MS + config.GATEWAY_DRAIN_MS + config.SOCKET_CLOSE_SPREAD_MS,
);
