/**
 * Who a process is on NATS: its own user, whose subject permissions are in
 * deploy/nats/nats-server.conf, and its own inbox prefix, the only one it may subscribe to (so no
 * process can read another's replies). Without NATS_USER (integration tests, a bare local NATS)
 * the connection is anonymous, with the same prefix.
 */
export interface NatsAuth {
  user?: string;
  pass?: string;
  inboxPrefix: string;
}

export function natsAuthOf(config: { NATS_USER?: string; NATS_PASSWORD?: string }, service: string): NatsAuth {
  const user = config.NATS_USER;
  return { inboxPrefix: `_INBOX_${user ?? service}`, ...(user ? { user, pass: config.NATS_PASSWORD ?? '' } : {}) };
}
