import { createServer, Agent, get, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { closeHttpServer } from './close-http-server.js';

/** A server whose answers take `answerMs`, kept alive for longer than the test lasts. */
function slowServer(answerMs: number): Promise<Server> {
  const server = createServer((_req, res) => setTimeout(() => res.end('ok'), answerMs));
  server.keepAliveTimeout = 65_000;
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

function getText(server: Server, agent: Agent): Promise<string> {
  const { port } = server.address() as AddressInfo;
  return new Promise((resolve, reject) => {
    get({ host: '127.0.0.1', port, agent }, (res) => {
      let body = '';
      res.on('data', (chunk) => (body += chunk));
      res.on('end', () => resolve(body));
    }).on('error', reject);
  });
}

describe('closeHttpServer', () => {
  it('should answer the request in flight and then close its keep-alive connection at once', async () => {
    const server = await slowServer(300);
    const agent = new Agent({ keepAlive: true });
    try {
      const answer = getText(server, agent);
      await new Promise((resolve) => setTimeout(resolve, 100));
      const begun = Date.now();
      const closed = closeHttpServer(server).then(() => Date.now() - begun);
      expect(await answer).toBe('ok');
      // Before: the client's idle keep-alive connection held the server open for 65 s.
      expect(await closed).toBeLessThan(2_000);
    } finally {
      agent.destroy();
      server.closeAllConnections();
    }
  });

  it('should close at once when no request is in flight, even with idle keep-alive connections', async () => {
    const server = await slowServer(0);
    const agent = new Agent({ keepAlive: true });
    try {
      expect(await getText(server, agent)).toBe('ok');
      const begun = Date.now();
      await closeHttpServer(server);
      expect(Date.now() - begun).toBeLessThan(1_000);
    } finally {
      agent.destroy();
    }
  });
});
