// @ts-check
// The floor the search benchmark compares the API with: the product's path (HTTP → NATS →
// a Node service → Postgres → back) with nothing else on it. No framework, no validation, no
// session, no logs, no metrics; the service's very statement and rows as Postgres gives them.
// Whatever the product adds on this machine is the gap between this and the API.
//
//   node floor-chain.mjs service   (NATS_URL, DATABASE_URL): answers `bench.floor.search`
//   node floor-chain.mjs gateway   (NATS_URL, PORT): GET /?lat=..&lng=.. → that request
// Each tells its parent (IPC) once it is ready.
import http from 'node:http';
import { connect } from '@nats-io/transport-node';
import pg from 'pg';
import { pageStatement } from './search-statements.mjs';

const SUBJECT = 'bench.floor.search';
const nats = await connect({ servers: process.env.NATS_URL });

if (process.argv[2] === 'service') {
  const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });
  const subscription = nats.subscribe(SUBJECT, { queue: 'floor' });
  (async () => {
    for await (const message of subscription) {
      const { sql, params } = pageStatement(message.json());
      pool
        .query({ name: 'floor', text: sql, values: params })
        .then(({ rows }) => message.respond(JSON.stringify(rows.slice(0, 24))))
        .catch(() => message.respond('[]'));
    }
  })();
  await nats.flush();
  process.send?.('ready');
} else {
  http
    .createServer((req, res) => {
      const query = new URL(req.url ?? '/', 'http://floor').searchParams;
      nats
        .request(SUBJECT, JSON.stringify({ lat: Number(query.get('lat')), lng: Number(query.get('lng')) }), { timeout: 5000 })
        .then((reply) => {
          res.writeHead(200, { 'content-type': 'application/json' });
          res.end(reply.data);
        })
        .catch(() => {
          res.writeHead(503);
          res.end();
        });
    })
    .listen(Number(process.env.PORT), '127.0.0.1', () => process.send?.('ready'));
}
