/**
 * How a process connects to NATS, the same for all its connections.
 *
 * - Who it is: its own user, whose subject permissions are in deploy/nats/nats-server.conf, and
 *   its own inbox prefix, the only one it may subscribe to (so no process can read another's
 *   replies). Without NATS_USER (integration tests, a bare local NATS) the connection is
 *   anonymous, with the same prefix.
 * - No async traces: by default the client builds two Error objects (their stacks captured) for
 *   every request and every JetStream publish, in case it times out; with the RPC calls made as
 *   requests they were 4 % of the gateway's CPU on the nearby search (docs/performance.md). A
 *   timeout still fails the request and names its subject (`callService`); only the caller's
 *   stack is left out.
 */
export interface NatsConnectionOptions {
  user?: string;
  pass?: string;
  inboxPrefix: string;
  noAsyncTraces: true;
}

export function natsConnectionOf(config: { NATS_USER?: string; NATS_PASSWORD?: string }, service: string): NatsConnectionOptions {
  const user = config.NATS_USER;
  return { inboxPrefix: `_INBOX_${user ?? service}`, noAsyncTraces: true, ...(user ? { user, pass: config.NATS_PASSWORD ?? '' } : {}) };
}

/**
 * How every connection notices a dead server and moves on (decision 0063). The client's defaults
 * (a ping every 2 minutes, 2 unanswered, a 20 s connect timeout) left a process whose server lost
 * power without a TCP reset unable to publish for six minutes. A ping every 3 s with 2 left
 * unanswered drops a silent server 6–9 s after it went quiet; the client then tries the servers
 * in turn, the silent one possibly first, which a 2 s connect timeout cuts short: the next
 * request and publish go through within 11 s (libs/platform/test/nats-liveness.spec.ts).
 * Reconnecting never gives up.
 */
export const NATS_LIVENESS = {
  pingInterval: 3000,
  maxPingOut: 2,
  timeout: 2000,
  maxReconnectAttempts: -1,
  reconnectTimeWait: 500,
} as const;

/** A connection's options: the servers of `NATS_URL` (comma-separated), its name, the liveness above and the process's identity. */
export function natsConnectOptions(natsUrl: string, name: string, identity?: NatsConnectionOptions) {
  return { servers: natsUrl.split(','), name, ...NATS_LIVENESS, ...identity };
}
