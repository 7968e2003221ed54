import type { Server } from 'node:http';

/** How often connections are looked at while the server closes. */
const IDLE_SWEEP_MS = 50;

/**
 * Stops accepting connections and resolves once every connection has ended. A keep-alive
 * connection whose request was still in flight does not end with its answer: `server.close()`
 * closes only the connections idle at that moment, so a busy client's connection kept the server
 * open until the client left (up to its 65 s keep-alive) and the gateway hit its stop deadline.
 * Each connection is therefore closed as soon as it goes idle.
 */
export async function closeHttpServer(server: Server): Promise<void> {
  const closed = new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve())));
  server.closeIdleConnections();
  const sweep = setInterval(() => server.closeIdleConnections(), IDLE_SWEEP_MS);
  try {
    await closed;
  } finally {
    clearInterval(sweep);
  }
}
