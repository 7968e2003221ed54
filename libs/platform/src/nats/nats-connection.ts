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
