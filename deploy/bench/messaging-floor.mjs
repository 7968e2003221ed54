// @ts-check
// The floor the messaging benchmark compares the product with: a message's path (HTTP → NATS →
// one durable insert and commit → NATS → socket.io) with nothing else on it. No framework, no
// session, no validation, no outbox, no notification, no Redis adapter. Whatever the product adds
// on this machine is the gap between this and its capacity.
//
//   node messaging-floor.mjs service   (NATS_URL, DATABASE_URL): answers `bench.floor.send`
//   node messaging-floor.mjs gateway   (NATS_URL, PORT): POST / {from, to, clientId, content} → that
//                                       request; a socket joins the room `?member=<id>` names
// Each tells its parent (IPC) once it is ready.
import http from 'node:http';
import { randomUUID } from 'node:crypto';
import { connect } from '@nats-io/transport-node';
import pg from 'pg';
import { Server } from 'socket.io';

const SEND = 'bench.floor.send';
const DELIVERED = 'bench.floor.delivered';
const nats = await connect({ servers: process.env.NATS_URL });

if (process.argv[2] === 'service') {
  const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });
  await pool.query(`CREATE TABLE IF NOT EXISTS messaging.bench_floor_messages (
    id uuid PRIMARY KEY, sender_id uuid NOT NULL, receiver_id uuid NOT NULL, client_id uuid, content text NOT NULL,
    created_at timestamptz NOT NULL DEFAULT now())`);
  const subscription = nats.subscribe(SEND, { queue: 'floor' });
  (async () => {
    for await (const message of subscription) {
      const { from, to, clientId, content } = message.json();
      pool
        .query({
          name: 'floor-insert',
          text: 'INSERT INTO messaging.bench_floor_messages (id, sender_id, receiver_id, client_id, content) VALUES ($1, $2, $3, $4, $5) RETURNING id, created_at',
          values: [randomUUID(), from, to, clientId, content],
        })
        .then(({ rows }) => {
          const sent = JSON.stringify({ id: rows[0].id, senderId: from, receiverId: to, clientId, content, createdAt: rows[0].created_at });
          nats.publish(DELIVERED, sent);
          message.respond(sent);
        })
        .catch(() => message.respond('{"error":true}'));
    }
  })();
  await nats.flush();
  process.send?.('ready');
} else {
  const server = http.createServer((req, res) => {
    const chunks = /** @type {Buffer[]} */ ([]);
    req.on('data', (chunk) => chunks.push(chunk));
    req.on('end', () => {
      nats
        .request(SEND, Buffer.concat(chunks), { timeout: 5000 })
        .then((reply) => {
          res.writeHead(201, { 'content-type': 'application/json' });
          res.end(reply.data);
        })
        .catch(() => {
          res.writeHead(503);
          res.end();
        });
    });
  });
  const io = new Server(server, { transports: ['websocket'] });
  io.on('connection', (socket) => void socket.join(String(socket.handshake.query.member)));
  const delivered = nats.subscribe(DELIVERED);
  (async () => {
    for await (const message of delivered) {
      const sent = message.json();
      io.to(sent.receiverId).emit('message:new', sent);
    }
  })();
  server.listen(Number(process.env.PORT), '127.0.0.1', () => process.send?.('ready'));
}
