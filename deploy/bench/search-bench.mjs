// `npm run bench:search`: the nearby search ("available within 10 km, nearest 24") over 1,000,000
// donations, measured through the gateway (HTTP → NATS → donations service → Postgres) and as the
// very same SQL run directly against Postgres, side by side. Prints figures; asserts nothing.
//
// Uses its own database (hdiya_bench, seeded once and kept; --reseed to start over) and a
// private NATS server. Options: --duration=15 (seconds per measurement), --connections=16.
import { spawnSync } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import autocannon from 'autocannon';
import pg from 'pg';
import { MOROCCAN_CITIES } from '@hdiya/contracts';
import { PUBLIC_POINT, searchSql } from '@hdiya/donations/search-api';
import { ROOT, databaseUrl } from '../local/stack.mjs';
import { runBench, startBenchStack } from './bench-stack.mjs';

const DATABASE = 'hdiya_bench';
const ROWS = 1_000_000;
const args = Object.fromEntries(process.argv.slice(2).map((a) => a.replace(/^--/, '').split('=')));
const DURATION = Number(args.duration ?? 15);
const CONNECTIONS = Number(args.connections ?? 16);
const CITIES = MOROCCAN_CITIES.slice(0, 20);
const cleanups = [];

const say = (line) => console.log(`bench     | ${line}`);


function run(command, commandArgs, env) {
  const result = spawnSync(command, commandArgs, { cwd: ROOT, env: { ...process.env, ...env }, stdio: 'inherit' });
  if (result.status !== 0) throw new Error(`${command} ${commandArgs.join(' ')} failed`);
}

/** 1,000,000 donations around 20 cities (±25 km), 80 % available, in the real schema. */
async function seed(db) {
  const [{ count }] = (await db.query('SELECT count(*)::int AS count FROM donations.donations')).rows;
  if (count >= ROWS && args.reseed === undefined) {
    say(`reusing ${count.toLocaleString('en')} donations already in ${DATABASE}`);
    return;
  }
  say(`seeding ${ROWS.toLocaleString('en')} donations (once; kept for later runs)...`);
  const started = performance.now();
  await db.query('TRUNCATE donations.donations RESTART IDENTITY CASCADE');
  const cities = CITIES.map((c, i) => `(${i}, '${c.name.replace(/'/g, "''")}', ${c.lat}, ${c.lng})`).join(', ');
  const batch = 100_000;
  for (let from = 1; from <= ROWS; from += batch) {
    await db.query(
      `WITH c(i, name, lat, lng) AS (VALUES ${cities}),
       g AS (SELECT n, (n % ${CITIES.length}) AS ci, random() AS r1, random() AS r2, random() AS r3 FROM generate_series($1::int, $2::int) n)
       INSERT INTO donations.donations (title, description, image_key, thumbnail_key, status, category_id, owner_id, city,
         latitude, longitude, location, search_text, reserved_by_id, reserved_at, reservation_id, created_at)
       SELECT t.title, 'Objet de démonstration pour le banc de mesure', 'donations/bench.webp', 'donations/bench-thumb.webp',
         CASE WHEN g.r3 < 0.80 THEN 'available' WHEN g.r3 < 0.95 THEN 'reserved' ELSE 'completed' END,
         1 + (g.n % 8), md5('owner' || (g.n % 5000))::uuid, c.name,
         c.lat + (g.r1 - 0.5) * 0.5, c.lng + (g.r2 - 0.5) * 0.5,
         ${PUBLIC_POINT('c.lat + (g.r1 - 0.5) * 0.5', 'c.lng + (g.r2 - 0.5) * 0.5')},
         t.title || ' ' || lower(c.name),
         CASE WHEN g.r3 >= 0.80 AND g.r3 < 0.95 THEN md5('reserver' || g.n)::uuid END,
         CASE WHEN g.r3 >= 0.80 AND g.r3 < 0.95 THEN now() END,
         CASE WHEN g.r3 >= 0.80 AND g.r3 < 0.95 THEN md5('reservation' || g.n)::uuid END,
         now() - (g.n % 100000) * interval '1 minute'
       FROM g JOIN c ON c.i = g.ci
       CROSS JOIN LATERAL (SELECT (ARRAY['chaise en bois', 'table basse', 'velo enfant', 'livres scolaires', 'poussette',
         'manteau hiver', 'telephone', 'jouets', 'كرسي', 'طاوله', 'ملابس اطفال', 'كتب'])[1 + (g.n % 12)] AS title) t`,
      [from, Math.min(from + batch - 1, ROWS)],
    );
    process.stdout.write(`\rbench     | ${Math.min(from + batch - 1, ROWS).toLocaleString('en')} rows`);
  }
  process.stdout.write('\n');
  await db.query('VACUUM ANALYZE donations.donations');
  say(`seeded in ${((performance.now() - started) / 1000).toFixed(0)} s`);
}

/** The searcher positions: near each city centre, a little off it. */
function positions(count) {
  return Array.from({ length: count }, (_, i) => {
    const city = CITIES[i % CITIES.length];
    return { lat: +(city.lat + ((i * 37) % 100) / 1000 - 0.05).toFixed(4), lng: +(city.lng + ((i * 53) % 100) / 1000 - 0.05).toFixed(4) };
  });
}

function percentile(sorted, p) {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

/** The service's statement (a page of 24 + 1 with card columns, owner names and tie handling). */
const serviceStatement = (p) =>
  searchSql({ center: { ...p, given: true }, radiusMetres: 10_000, status: 'available', categoryId: null, tsquery: null, cursor: null, limit: 25 });

/** The floor: the bare KNN query returning ids only, as first measured on this kind of machine. */
const bareStatement = (p) => ({
  sql: `SELECT id FROM donations.donations WHERE status = 'available'
        AND ST_DWithin(location, ST_SetSRID(ST_MakePoint($1, $2), 4326)::geography, 10000)
        ORDER BY location <-> ST_SetSRID(ST_MakePoint($1, $2), 4326)::geography LIMIT 24`,
  params: [p.lng, p.lat],
});

/** SQL straight to Postgres from CONNECTIONS clients. */
async function measureSql(points, statementOf) {
  const pool = new pg.Pool({ connectionString: databaseUrl('donations', { database: DATABASE }), max: CONNECTIONS });
  const statements = points.map(statementOf);
  const latencies = [];
  let i = 0;
  const worker = async (deadline, record) => {
    const client = await pool.connect();
    try {
      while (performance.now() < deadline) {
        const { sql, params } = statements[i++ % statements.length];
        const t = performance.now();
        await client.query(sql, params);
        if (record) latencies.push(performance.now() - t);
      }
    } finally {
      client.release();
    }
  };
  const warm = performance.now() + 3000;
  await Promise.all(Array.from({ length: CONNECTIONS }, () => worker(warm, false)));
  const started = performance.now();
  const deadline = started + DURATION * 1000;
  await Promise.all(Array.from({ length: CONNECTIONS }, () => worker(deadline, true)));
  const seconds = (performance.now() - started) / 1000;
  const plan = (await pool.query(`EXPLAIN (ANALYZE, FORMAT TEXT) ${statements[0].sql}`, statements[0].params)).rows.map((r) => r['QUERY PLAN']);
  await pool.end();
  latencies.sort((a, b) => a - b);
  return {
    rps: latencies.length / seconds,
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    p99: percentile(latencies, 99),
    jit: plan.some((line) => line.startsWith('JIT:')),
    execution: plan.find((line) => line.startsWith('Execution Time')),
  };
}

/** The API through the gateway, with autocannon (same positions, same connections). */
async function measureApi(url, points) {
  const requests = points.map((p) => ({ method: 'GET', path: `/api/donations?lat=${p.lat}&lng=${p.lng}&distance=10&limit=24` }));
  const probe = await fetch(`${url}${requests[0].path}`);
  const sample = await probe.json();
  if (!probe.ok || !Array.isArray(sample) || sample.length !== 24) throw new Error(`unexpected API answer: ${probe.status}`);
  await autocannon({ url, connections: CONNECTIONS, duration: 3, requests });
  const result = await autocannon({ url, connections: CONNECTIONS, duration: DURATION, requests });
  if (result.non2xx > 0 || result.errors > 0) say(`warning: ${result.non2xx} non-2xx answers, ${result.errors} errors`);
  return { rps: result.requests.average, p50: result.latency.p50, p95: result.latency.p97_5, p99: result.latency.p99, total: result.requests.total };
}

async function main() {
  say(`preparing ${DATABASE} (PostGIS, roles, migrations)`);
  run('bash', [path.join('deploy', 'local', 'infra.sh')], { HDIYA_DATABASE: DATABASE });
  const db = new pg.Client({ connectionString: databaseUrl('donations', { database: DATABASE }) });
  await db.connect();
  await seed(db);
  const [{ available }] = (await db.query(`SELECT count(*)::int AS available FROM donations.donations WHERE status = 'available'`)).rows;
  const jitSetting = (await db.query('SHOW jit')).rows[0].jit;
  await db.end();

  const stack = await startBenchStack({ database: DATABASE, redisUrl: 'redis://127.0.0.1:6379/14' }, cleanups);

  const points = positions(200);
  say(`${available.toLocaleString('en')} available of ${ROWS.toLocaleString('en')}; jit=${jitSetting}; ${CONNECTIONS} connections, ${DURATION} s each, ${os.cpus().length} cores`);
  say('measuring the API through the gateway...');
  const api = await measureApi(stack.url, points);
  say('measuring the same SQL directly against Postgres...');
  const sql = await measureSql(points, serviceStatement);
  say('measuring the bare KNN query (ids only) for reference...');
  const bare = await measureSql(points, bareStatement);

  const row = (name, r) => `${name.padEnd(22)} ${r.rps.toFixed(0).padStart(8)} ${r.p50.toFixed(2).padStart(9)} ${r.p95.toFixed(2).padStart(9)} ${r.p99.toFixed(2).padStart(9)}`;
  console.log('\nnearby search: available within 10 km, nearest 24, over 1,000,000 donations');
  console.log(`${''.padEnd(22)} ${'req/s'.padStart(8)} ${'p50 ms'.padStart(9)} ${'p95 ms'.padStart(9)} ${'p99 ms'.padStart(9)}`);
  console.log(row('API (gateway, HTTP)', api));
  console.log(row('same SQL (Postgres)', sql));
  console.log(row('bare KNN ids (ref.)', bare));
  console.log(`API / SQL throughput: ${((api.rps / sql.rps) * 100).toFixed(0)} %`);
  console.log(`plan: ${sql.execution}; JIT ${sql.jit ? 'USED (turn jit off!)' : 'not used'}`);
  console.log('(API p95 column is autocannon\'s p97.5)\n');
}

await runBench(main, cleanups);
