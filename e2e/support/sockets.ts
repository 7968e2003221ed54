import { io, type Socket } from 'socket.io-client';
import type { ApiClient } from './api-client.js';

/**
 * A member's sockets, each connected on a gateway with the member's session, and all closed after
 * each test of the file that makes one (`memberSockets(gatewayUrl)` at the top of the file);
 * `url` names another gateway than that one.
 */
export function memberSockets(defaultUrl: string): (client: ApiClient, url?: string) => Promise<Socket> {
  const sockets: Socket[] = [];
  afterEach(() => {
    for (const socket of sockets.splice(0)) socket.disconnect();
  });
  return async (client, url = defaultUrl) => {
    const socket = io(url, { transports: ['websocket'], reconnection: false, extraHeaders: { origin: url, cookie: `hdiya.sid=${client.sessionCookie}` } });
    sockets.push(socket);
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', () => resolve());
      socket.once('connect_error', reject);
    });
    return socket;
  };
}
