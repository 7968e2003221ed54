import 'reflect-metadata';
import type { Server } from 'node:http';
import { Logger } from '@nestjs/common';
import { closeOnSignals, setReady, startMetricsServer } from '@hdiya/platform';
import { loadGatewayConfig } from './config.js';
import { createGatewayApp } from './gateway-app.js';
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

// Told to stop: sockets go first (their clients reconnect to another replica), then the HTTP
// server stops accepting and waits for the requests in flight; only then do NATS and Redis close.
closeOnSignals(app, logger, async () => {
  metrics?.close();
  await app.get(SocketServer).onApplicationShutdown();
  await new Promise<void>((resolve) => {
    server.close(() => resolve());
    server.closeIdleConnections();
  });
});
