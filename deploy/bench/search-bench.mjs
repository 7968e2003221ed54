// @ts-check
// `npm run bench:search`: the nearby search ("available within 10 km, nearest 24") over 1,000,000
// donations, measured through the gateway (HTTP → NATS → donations service → Postgres) and as the
// very same SQL run directly against Postgres, side by side, at 16 connections and at one; then the
// donation detail through the gateway. The floor (floor-chain.mjs: the same path with nothing
// on it) shows how much of the API's gap the path itself costs on this machine; the bare Nest
// chains (nest-floor.mjs: that path with the product's frameworks and nothing on them, the gateway
// on Express and on Fastify) show how much of it the frameworks alone cost. Prints figures
// (docs/performance.md keeps them); asserts nothing.
//
// Uses its own database (hdiya_bench, seeded once and kept; --reseed to start over) and a
// private NATS server. Options: --duration=15 (seconds per measurement), --connections=16,
// --rounds=3 (the API, the floor chain and the bare Nest chains measured in turn, this many times,
// sharing --duration),
// --profile=DIR (CPU profiles of the gateway and the donations service, written there as they
// stop; read them with profile-top.mjs).
import { fork, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import autocannon from 'autocannon';
import pg from 'pg';
import { MOROCCAN_CITIES } from '@hdiya/contracts';
import { PUBLIC_POINT, SEARCH_INDEX_VERSION, SIMILAR_WORDS_SQL, TYPO_MIN_SIMILARITY, arabicTypoKeys, searchDocument, searchQuery, typoWords, vocabularyOf } from '@hdiya/donations/search-api';
import { ROOT, databaseUrl, freePort } from '../local/stack.mjs';
import { percentile, runBench, startBenchStack } from './bench-stack.mjs';
import { cpuMeter, cpuMs, cpuTable, pidsNamed } from './process-cpu.mjs';
import { bareStatement, firstPageStatement, pageStatement, textPageStatement } from './search-statements.mjs';

const DATABASE = 'hdiya_bench';
const ROWS = 1_000_000;
const args = Object.fromEntries(process.argv.slice(2).map((a) => a.replace(/^--/, '').split('=')));
const DURATION = Number(args.duration ?? 15);
const CONNECTIONS = Number(args.connections ?? 16);
/** The API, the floor chain and the framework ceilings are measured in turn, this many times each (`measureInTurn`). */
const ROUNDS = Number(args.rounds ?? 3);
const PROFILE = args.profile ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(args.profile)}`] : [];
const CITIES = MOROCCAN_CITIES.slice(0, 20);
/** @type {import('./bench-stack.mjs').Cleanups} */
const cleanups = [];
/** The seeded titles, in French, Arabic and Darija, and their description. */
const TITLES = ['chaise en bois', 'table basse', 'velo enfant', 'livres scolaires', 'poussette', 'manteau hiver', 'telephone', 'jouets', 'كرسي', 'طاوله', 'ملابس اطفال', 'كتب'];
const DESCRIPTION = 'Objet de démonstration pour le banc de mesure';
/** What searchers type (decision 0043): Arabizi, Arabic with its article, French, and a typo. */
const TEXT_QUERIES = ['kursi', 'الكرسي', 'chaise', 'ktab', '7wayj', 'telephne'];
/** Each (title, city) pair's search text as the service builds it: `(title, city, document)` rows for SQL. */
const searchDocuments = () =>
  TITLES.flatMap((title) => CITIES.map((c) => `('${title}', '${c.name.replace(/'/g, "''")}', '${searchDocument(title, DESCRIPTION, c.name).replace(/'/g, "''")}')`)).join(', ');

/**
 * @typedef {import('./search-statements.mjs').Point} Point
 * @typedef {{ method: string, path: string }} Request
 * @typedef {{ rps: number, p50: number, p95: number, p99: number, pgCpuMs: number | null, jit?: boolean, execution?: string, cpu?: Record<string, number> }} Measure
 * @typedef {Record<string, () => number[]>} ProcessGroups  the processes whose CPU per request a measure reports, by name
 */

const say = (/** @type {string} */ line) => console.log(`bench     | ${line}`);

/**
 * @param {string} command
 * @param {string[]} commandArgs
 * @param {Record<string, string>} env
 */
function run(command, commandArgs, env) {
  const result = spawnSync(command, commandArgs, { cwd: ROOT, env: { ...process.env, ...env }, stdio: 'inherit' });
  if (result.status !== 0) throw new Error(`${command} ${commandArgs.join(' ')} failed`);
}

/** 1,000,000 donations around 20 cities (±25 km), 80 % available, in the real schema. */
/** @param {pg.Client} db */
async function seed(db) {
  // The owners' display names, as the members read model holds them (the page joins them).
  await db.query(
    `INSERT INTO donations.members (user_id, username, first_name, last_name, updated_at)
     SELECT md5('owner' || n)::uuid, 'membre' || n, 'Prénom', 'Nom', now() FROM generate_series(0, 4999) n
     ON CONFLICT (user_id) DO NOTHING`,
  );
  const [{ count }] = (await db.query('SELECT count(*)::int AS count FROM donations.donations')).rows;
  // `--reseed` alone has no value: its key is there, undefined.
  if (count >= ROWS && !('reseed' in args)) {
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
       v(title, city, doc) AS (VALUES ${searchDocuments()}),
       g AS (SELECT n, (n % ${CITIES.length}) AS ci, random() AS r1, random() AS r2, random() AS r3 FROM generate_series($1::int, $2::int) n)
       INSERT INTO donations.donations (title, description, image_key, thumbnail_key, status, category_id, owner_id, city,
         latitude, longitude, location, search_text, search_version, reserved_by_id, reserved_at, reservation_id, created_at)
       SELECT t.title, '${DESCRIPTION}', 'donations/bench.webp', 'donations/bench-thumb.webp',
         CASE WHEN g.r3 < 0.80 THEN 'available' WHEN g.r3 < 0.95 THEN 'reserved' ELSE 'completed' END,
         1 + (g.n % 8), md5('owner' || (g.n % 5000))::uuid, c.name,
         c.lat + (g.r1 - 0.5) * 0.5, c.lng + (g.r2 - 0.5) * 0.5,
         ${PUBLIC_POINT('c.lat + (g.r1 - 0.5) * 0.5', 'c.lng + (g.r2 - 0.5) * 0.5')},
         v.doc, ${SEARCH_INDEX_VERSION},
         CASE WHEN g.r3 >= 0.80 AND g.r3 < 0.95 THEN md5('reserver' || g.n)::uuid END,
         CASE WHEN g.r3 >= 0.80 AND g.r3 < 0.95 THEN now() END,
         CASE WHEN g.r3 >= 0.80 AND g.r3 < 0.95 THEN md5('reservation' || g.n)::uuid END,
         now() - (g.n % 100000) * interval '1 minute'
       FROM g JOIN c ON c.i = g.ci
       CROSS JOIN LATERAL (SELECT (ARRAY[${TITLES.map((t) => `'${t}'`).join(', ')}])[1 + (g.n % ${TITLES.length})] AS title) t
       JOIN v ON v.title = t.title AND v.city = c.name`,
      [from, Math.min(from + batch - 1, ROWS)],
    );
    process.stdout.write(`\rbench     | ${Math.min(from + batch - 1, ROWS).toLocaleString('en')} rows`);
  }
  process.stdout.write('\n');
  await db.query('VACUUM ANALYZE donations.donations');
  say(`seeded in ${((performance.now() - started) / 1000).toFixed(0)} s`);
}

/**
 * Builds the rows' search text as the service does (derived tokens, decision 0043) where an older
 * version built it (a seed kept from before; a new seed writes it as the service would, so its
 * table is not rewritten and left half empty), and the vocabulary typo tolerance reads; the
 * service's own re-indexing job would do the same, a batch at a time, while the bench measures.
 * @param {pg.Client} db
 */
async function refreshSearchIndex(db) {
  const [{ stale }] = (await db.query('SELECT count(*)::int AS stale FROM donations.donations WHERE search_version < $1', [SEARCH_INDEX_VERSION])).rows;
  if (stale > 0) {
    say(`building the search text of ${stale.toLocaleString('en')} donations (version ${SEARCH_INDEX_VERSION})...`);
    await db.query(
      `UPDATE donations.donations d SET search_text = v.doc, search_version = $1
       FROM (VALUES ${searchDocuments()}) AS v(title, city, doc) WHERE d.title = v.title AND d.city = v.city AND d.search_version < $1`,
      [SEARCH_INDEX_VERSION],
    );
    await db.query('VACUUM ANALYZE donations.donations');
  }
  const words = [...new Set(TITLES.flatMap((title) => CITIES.flatMap((c) => vocabularyOf(`${title} ${DESCRIPTION} ${c.name}`))))];
  await db.query('INSERT INTO donations.search_words (word) SELECT unnest($1::text[]) ON CONFLICT DO NOTHING', [words]);
  // The Arabic words' keys in the deletion index (decision 0078), as the service adds them.
  const keys = words.flatMap((word) => (/^[a-z0-9]+$/.test(word) ? [] : arabicTypoKeys(word).map((key) => [key, word])));
  await db.query('INSERT INTO donations.search_word_keys (key, word) SELECT * FROM unnest($1::text[], $2::text[]) ON CONFLICT DO NOTHING', [keys.map(([k]) => k), keys.map(([, w]) => w)]);
  // The tables the triggers filled, as autovacuum leaves them in production: with statistics (the
  // planner chooses the walk from them) and a visibility map.
  for (const table of ['spots', 'search_words', 'search_word_keys']) await db.query(`VACUUM ANALYZE donations.${table}`);
}

/**
 * The tsqueries of TEXT_QUERIES as the service builds them, the typo's neighbours looked up as it
 * looks them up.
 * @param {pg.Client} db
 */
async function textQueries(db) {
  const tsqueries = [];
  for (const query of TEXT_QUERIES) {
    const words = typoWords(query);
    const found = words.length === 0 ? [] : (await db.query(SIMILAR_WORDS_SQL, [words, TYPO_MIN_SIMILARITY])).rows;
    tsqueries.push(/** @type {string} */ (searchQuery(query, new Map(found.filter((r) => r.similar.length > 0).map((r) => [r.word, r.similar])))));
  }
  return tsqueries;
}

/**
 * The searcher positions: near each city centre, a little off it.
 * @param {number} count
 * @returns {Point[]}
 */
function positions(count) {
  return Array.from({ length: count }, (_, i) => {
    const city = /** @type {typeof CITIES[number]} */ (CITIES[i % CITIES.length]);
    return { lat: +(city.lat + ((i * 37) % 100) / 1000 - 0.05).toFixed(4), lng: +(city.lng + ((i * 53) % 100) / 1000 - 0.05).toFixed(4) };
  });
}


/**
 * SQL straight to Postgres from `connections` clients, as named prepared statements (planned once
 * per connection, as the service runs its search). Also the CPU Postgres spent per statement: the
 * statement's own cost, whatever the client costs on this machine's shared cores.
 * @param {Point[]} points
 * @param {(point: Point, index: number) => { sql: string, params: unknown[] }} statementOf
 * @param {number} connections
 * @returns {Promise<Measure>}
 */
async function measureSql(points, statementOf, connections) {
  const pool = new pg.Pool({ connectionString: databaseUrl('donations', { database: DATABASE }), max: connections });
  const statements = points.map(statementOf).map((s) => ({ ...s, name: `bench_${createHash('sha1').update(s.sql).digest('hex').slice(0, 16)}` }));
  const clients = await Promise.all(Array.from({ length: connections }, () => pool.connect()));
  /** @type {number[]} */
  const backends = [];
  for (const client of clients) backends.push((await client.query('SELECT pg_backend_pid() AS pid')).rows[0].pid);
  /** @type {number[]} */
  const latencies = [];
  let i = 0;
  /**
   * @param {pg.PoolClient} client
   * @param {number} deadline
   * @param {boolean} record
   */
  const worker = async (client, deadline, record) => {
    while (performance.now() < deadline) {
      const { name, sql, params } = /** @type {typeof statements[number]} */ (statements[i++ % statements.length]);
      const t = performance.now();
      await client.query({ name, text: sql, values: params });
      if (record) latencies.push(performance.now() - t);
    }
  };
  const warm = performance.now() + 3000;
  await Promise.all(clients.map((client) => worker(client, warm, false)));
  const cpuBefore = cpuMs(backends);
  const started = performance.now();
  const deadline = started + DURATION * 1000;
  await Promise.all(clients.map((client) => worker(client, deadline, true)));
  const seconds = (performance.now() - started) / 1000;
  const cpuAfter = cpuMs(backends);
  const first = /** @type {typeof statements[number]} */ (statements[0]);
  const plan = (await /** @type {pg.PoolClient} */ (clients[0]).query(`EXPLAIN (ANALYZE, FORMAT TEXT) ${first.sql}`, first.params)).rows.map((r) => String(r['QUERY PLAN']));
  for (const client of clients) client.release();
  await pool.end();
  latencies.sort((a, b) => a - b);
  return {
    rps: latencies.length / seconds,
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    p99: percentile(latencies, 99),
    pgCpuMs: cpuBefore === null || cpuAfter === null ? null : (cpuAfter - cpuBefore) / latencies.length,
    jit: plan.some((line) => line.startsWith('JIT:')),
    execution: plan.find((line) => line.startsWith('Execution Time')),
  };
}

/**
 * The API through the gateway (same requests, `connections` at once): autocannon for many
 * connections; one keep-alive connection timed with sub-millisecond precision for one (autocannon
 * rounds to whole milliseconds, too coarse to compare with the SQL's p50). With `groups`, also the
 * CPU each group of processes spent per request (many connections only).
 * @param {string} url
 * @param {Request[]} requests
 * @param {number} connections
 * @param {ProcessGroups} [groups]
 * @param {number} [seconds]  how long to measure, after 3 s of warm-up
 * @returns {Promise<Measure>}
 */
async function measureApi(url, requests, connections, groups = undefined, seconds = DURATION) {
  if (connections > 1) {
    await autocannon({ url, connections, duration: 3, requests });
    const meter = groups ? cpuMeter(groups) : null;
    meter?.start();
    const result = await autocannon({ url, connections, duration: seconds, requests });
    const cpu = meter?.stop(result.requests.total);
    if (result.non2xx > 0 || result.errors > 0) say(`warning: ${result.non2xx} non-2xx answers, ${result.errors} errors`);
    return { rps: result.requests.average, p50: result.latency.p50, p95: result.latency.p97_5, p99: result.latency.p99, pgCpuMs: null, ...(cpu ? { cpu } : {}) };
  }
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const get = (/** @type {string} */ requestPath) =>
    /** @type {Promise<void>} */ (new Promise((resolve, reject) => {
      http
        .get(`${url}${requestPath}`, { agent }, (res) => {
          res.resume();
          res.once('end', () => (res.statusCode === 200 ? resolve() : reject(new Error(`GET ${requestPath}: ${res.statusCode}`))));
        })
        .once('error', reject);
    }));
  /** @type {number[]} */
  const latencies = [];
  let i = 0;
  /**
   * @param {number} deadline
   * @param {boolean} record
   */
  const loop = async (deadline, record) => {
    while (performance.now() < deadline) {
      const t = performance.now();
      await get(/** @type {Request} */ (requests[i++ % requests.length]).path);
      if (record) latencies.push(performance.now() - t);
    }
  };
  await loop(performance.now() + 3000, false);
  const started = performance.now();
  await loop(started + seconds * 1000, true);
  agent.destroy();
  latencies.sort((a, b) => a - b);
  return { rps: latencies.length / ((performance.now() - started) / 1000), p50: percentile(latencies, 50), p95: percentile(latencies, 95), p99: percentile(latencies, 99), pgCpuMs: null };
}

/**
 * Paths measured in turn, `ROUNDS` times each for a share of `DURATION`: this machine's speed
 * drifts within a run, and the ratios compare the paths with the floor chain, so each is measured
 * close in time to it. Answers each path's rounds as one (mean throughput and CPU per request,
 * median latencies), and each round's throughput / the floor's.
 * @template {string} Name
 * @param {Record<Name | 'floor', { url: string, requests: Request[], groups: ProcessGroups }>} paths
 * @param {number} connections
 */
async function measureInTurn(paths, connections) {
  const names = /** @type {(Name | 'floor')[]} */ (Object.keys(paths));
  /** @type {Map<Name | 'floor', Measure[]>} */
  const rounds = new Map(names.map((name) => [name, []]));
  const seconds = Math.max(3, Math.round(DURATION / ROUNDS));
  for (let round = 0; round < ROUNDS; round++) {
    for (const name of names) rounds.get(name)?.push(await measureApi(paths[name].url, paths[name].requests, connections, paths[name].groups, seconds));
  }
  const floor = rounds.get('floor') ?? [];
  return {
    measures: /** @type {Record<Name | 'floor', Measure>} */ (Object.fromEntries(names.map((name) => [name, combined(rounds.get(name) ?? [])]))),
    ratios: /** @type {Record<Name | 'floor', number[]>} */ (Object.fromEntries(names.map((name) => [name, (rounds.get(name) ?? []).map((r, i) => r.rps / (floor[i]?.rps ?? NaN))]))),
  };
}

/**
 * Rounds of one measure as one: mean throughput and CPU per request, median latencies.
 * @param {Measure[]} rounds
 * @returns {Measure}
 */
function combined(rounds) {
  const mean = (/** @type {number[]} */ values) => values.reduce((a, b) => a + b, 0) / values.length;
  const median = (/** @type {number[]} */ values) => percentile([...values].sort((a, b) => a - b), 50);
  /** @type {Record<string, number> | undefined} */
  let cpu;
  const first = rounds[0]?.cpu;
  if (first) cpu = Object.fromEntries(Object.keys(first).map((name) => [name, mean(rounds.map((r) => r.cpu?.[name] ?? 0))]));
  return {
    rps: mean(rounds.map((r) => r.rps)),
    p50: median(rounds.map((r) => r.p50)),
    p95: median(rounds.map((r) => r.p95)),
    p99: median(rounds.map((r) => r.p99)),
    pgCpuMs: null,
    ...(cpu ? { cpu } : {}),
  };
}

/**
 * A chain of the benchmark's (floor-chain.mjs, nest-floor.mjs) on the stack's NATS and database:
 * its service, then a gateway for each of `gateways` (the arguments after `gateway`). Returns, for
 * each gateway in that order, its URL, its process and the service's.
 * @param {import('../local/stack.mjs').Stack} stack
 * @param {string} file
 * @param {string[][]} gateways
 */
async function startChain(stack, file, gateways) {
  const { NATS_URL, DATABASE_URL } = stack.env('donations');
  const start = async (/** @type {string[]} */ role, /** @type {number} */ port) => {
    const child = fork(path.join(ROOT, 'deploy', 'bench', file), role, { env: { ...process.env, NATS_URL, DATABASE_URL, PORT: String(port) }, stdio: 'inherit' });
    cleanups.push(() => child.kill());
    await new Promise((resolve, reject) => {
      child.once('message', resolve);
      child.once('exit', (code) => reject(new Error(`${file} ${role.join(' ')} exited (${code})`)));
    });
    return child.pid ?? 0;
  };
  const servicePid = await start(['service'], 0);
  const started = [];
  for (const gateway of gateways) {
    const port = await freePort();
    started.push({ url: `http://127.0.0.1:${port}`, gatewayPid: await start(['gateway', ...gateway], port), servicePid });
  }
  return started;
}

const floorRequests = (/** @type {Point[]} */ points) => points.map((p) => ({ method: 'GET', path: `/?lat=${p.lat}&lng=${p.lng}` }));

const textRequests = (/** @type {Point[]} */ points) =>
  points.map((p, i) => ({ method: 'GET', path: `/api/donations?lat=${p.lat}&lng=${p.lng}&distance=10&limit=24&query=${encodeURIComponent(/** @type {string} */ (TEXT_QUERIES[i % TEXT_QUERIES.length]))}` }));

const searchRequests = (/** @type {Point[]} */ points) => points.map((p) => ({ method: 'GET', path: `/api/donations?lat=${p.lat}&lng=${p.lng}&distance=10&limit=24` }));

/**
 * @param {string} url
 * @param {Request} request
 */
async function checkSearchAnswer(url, request) {
  const probe = await fetch(`${url}${request.path}`);
  const sample = await probe.json();
  if (!probe.ok || !Array.isArray(sample) || sample.length !== 24) throw new Error(`unexpected API answer: ${probe.status}`);
  return sample;
}

const ms = (/** @type {number} */ value) => value.toFixed(2).padStart(9);
const row = (/** @type {string} */ name, /** @type {Measure} */ r) =>
  `${name.padEnd(30)} ${r.rps.toFixed(0).padStart(8)} ${ms(r.p50)} ${ms(r.p95)} ${ms(r.p99)} ${(r.pgCpuMs === null ? '' : (r.pgCpuMs * 1000).toFixed(0)).padStart(10)}`;

async function main() {
  say(`preparing ${DATABASE} (PostGIS, roles, migrations)`);
  run('bash', [path.join('deploy', 'local', 'infra.sh')], { HDIYA_DATABASE: DATABASE });
  const db = new pg.Client({ connectionString: databaseUrl('donations', { database: DATABASE }) });
  await db.connect();
  await seed(db);
  await refreshSearchIndex(db);
  const tsqueries = await textQueries(db);
  const [{ available }] = (await db.query(`SELECT count(*)::int AS available FROM donations.donations WHERE status = 'available'`)).rows;
  const jitSetting = (await db.query('SHOW jit')).rows[0].jit;
  const detailIds = (await db.query('SELECT id FROM donations.donations TABLESAMPLE SYSTEM (1) LIMIT 200')).rows.map((r) => r.id);
  await db.end();

  const stack = await startBenchStack({ database: DATABASE, redisUrl: 'redis://127.0.0.1:6379/14', nodeArgsFor: { gateway: PROFILE, donations: PROFILE } }, cleanups);

  const points = positions(200);
  await checkSearchAnswer(stack.url, searchRequests(points)[0]);
  const [floor] = await startChain(stack, 'floor-chain.mjs', [[]]);
  // The framework ceiling (decision 0052): the floor chain with a bare Nest app at each end, the gateway on each HTTP adapter.
  const [nestExpress, nestFastify] = await startChain(stack, 'nest-floor.mjs', [['express'], ['fastify']]);
  // Where each request's CPU goes, the API's processes against the floor's (issue 25's "measure first").
  const shared = { NATS: () => pidsNamed('nats-server'), Postgres: () => pidsNamed('postgres'), 'load generator': () => [process.pid] };
  const apiProcesses = { gateway: () => [stack.children.get('gateway')?.pid ?? 0], service: () => [stack.children.get('donations')?.pid ?? 0], ...shared };
  const chainProcesses = (/** @type {{ gatewayPid: number, servicePid: number }} */ chain) => ({ gateway: () => [chain.gatewayPid], service: () => [chain.servicePid], ...shared });
  /** The paths measured in turn: the API, the floor chain and the framework ceilings, each with its processes. */
  const paths = {
    api: { url: stack.url, requests: searchRequests(points), groups: apiProcesses },
    floor: { url: floor.url, requests: floorRequests(points), groups: chainProcesses(floor) },
    nestExpress: { url: nestExpress.url, requests: floorRequests(points), groups: chainProcesses(nestExpress) },
    nestFastify: { url: nestFastify.url, requests: floorRequests(points), groups: chainProcesses(nestFastify) },
  };
  for (const { url, requests } of Object.values(paths).slice(1)) await checkSearchAnswer(url, requests[0]);
  say(`${available.toLocaleString('en')} available of ${ROWS.toLocaleString('en')}; jit=${jitSetting}; ${DURATION} s per measurement, ${os.cpus().length} cores (${os.cpus()[0].model.trim()})`);
  /** @type {Record<number, Record<keyof typeof paths | 'sql' | 'bare' | 'firstPage' | 'textApi' | 'textSql', Measure> & { ratios: Record<keyof typeof paths, number[]> }>} */
  const results = {};
  for (const connections of [CONNECTIONS, 1]) {
    say(`${connections} connection(s): the API through the gateway, the floor chain and the bare Nest chains in turn (${ROUNDS} rounds), the same SQL, the bare KNN query...`);
    const { measures, ratios } = await measureInTurn(paths, connections);
    results[connections] = {
      ...measures,
      ratios,
      sql: await measureSql(points, pageStatement, connections),
      bare: await measureSql(points, bareStatement, connections),
      firstPage: await measureSql(points, firstPageStatement, connections),
      textApi: await measureApi(stack.url, textRequests(points), connections),
      textSql: await measureSql(points, (p, i) => textPageStatement(p, /** @type {string} */ (tsqueries[i % tsqueries.length])), connections),
    };
  }
  say(`donation detail through the gateway (${CONNECTIONS} connections)...`);
  const detail = await measureApi(stack.url, detailIds.map((id) => ({ method: 'GET', path: `/api/donations/${id}` })), CONNECTIONS);

  const many = results[CONNECTIONS];
  const one = results[1];
  console.log('\nnearby search: available within 10 km, nearest 24, over 1,000,000 donations');
  console.log(`${''.padEnd(30)} ${'req/s'.padStart(8)} ${'p50 ms'.padStart(9)} ${'p95 ms'.padStart(9)} ${'p99 ms'.padStart(9)} ${'pg µs/stmt'.padStart(10)}`);
  for (const [connections, r] of /** @type {const} */ ([[CONNECTIONS, many], [1, one]])) {
    console.log(row(`API (gateway, HTTP), ${connections} conn.`, r.api));
    console.log(row(`floor chain, ${connections} conn.`, r.floor));
    console.log(row(`bare Nest, Express, ${connections} conn.`, r.nestExpress));
    console.log(row(`bare Nest, Fastify, ${connections} conn.`, r.nestFastify));
    console.log(row(`page SQL (Postgres), ${connections} conn.`, r.sql));
    console.log(row(`bare KNN ids (ref.), ${connections} conn.`, r.bare));
    console.log(row(`page + count SQL, ${connections} conn.`, r.firstPage));
    console.log(row(`text search API, ${connections} conn.`, r.textApi));
    console.log(row(`text search page SQL, ${connections} conn.`, r.textSql));
  }
  console.log(row(`donation detail API, ${CONNECTIONS} conn.`, detail));
  if (many.api.cpu && many.floor.cpu) {
    console.log(`\nCPU µs per search request at ${CONNECTIONS} connections, by process (from /proc)`);
    console.log(`${cpuTable([['API', many.api.cpu], ['floor', many.floor.cpu], ['Nest+Expr', many.nestExpress.cpu], ['Nest+Fast', many.nestFastify.cpu]], (ms) => (ms * 1000).toFixed(0))}\n`);
  }
  const costRatio = many.sql.pgCpuMs && many.bare.pgCpuMs ? `${(many.sql.pgCpuMs / many.bare.pgCpuMs).toFixed(2)}× in Postgres CPU per statement, ` : '';
  console.log(`page query cost / bare KNN: ${costRatio}${(many.bare.rps / many.sql.rps).toFixed(2)}× in throughput at ${CONNECTIONS} connections`);
  const textRatio = many.textSql.pgCpuMs && many.bare.pgCpuMs ? `${(many.textSql.pgCpuMs / many.bare.pgCpuMs).toFixed(2)}× in Postgres CPU per statement, ` : '';
  console.log(`text search page cost / bare KNN: ${textRatio}${(many.bare.rps / many.textSql.rps).toFixed(2)}× in throughput at ${CONNECTIONS} connections (queries: ${TEXT_QUERIES.join(', ')})`);
  console.log(`API / SQL throughput at ${CONNECTIONS} connections: ${((many.api.rps / many.sql.rps) * 100).toFixed(0)} %`);
  console.log(`floor chain / SQL throughput at ${CONNECTIONS} connections: ${((many.floor.rps / many.sql.rps) * 100).toFixed(0)} % (the most any API on this path reaches here)`);
  console.log(`API p50 - SQL p50 at 1 connection: ${(one.api.p50 - one.sql.p50).toFixed(2)} ms (floor chain: ${(one.floor.p50 - one.sql.p50).toFixed(2)} ms)`);
  // Issue 25's targets, in the words other tools read: the API against the floor chain (the same path with nothing on it).
  console.log(`search API / floor at ${CONNECTIONS} connections: ${((many.api.rps / many.floor.rps) * 100).toFixed(0)} %`);
  const rounds = (/** @type {number[]} */ ratios) => `(each round: ${ratios.map((r) => `${(r * 100).toFixed(0)} %`).join(', ')})`;
  console.log(`  ${rounds(many.ratios.api)}`);
  console.log(`search API p50 - floor p50 at 1 connection: ${(one.api.p50 - one.floor.p50).toFixed(2)} ms`);
  // The most the product's frameworks leave of the floor with nothing on them (decision 0052).
  for (const [name, key] of /** @type {const} */ ([['Express', 'nestExpress'], ['Fastify', 'nestFastify']])) {
    console.log(`bare Nest on ${name} / floor at ${CONNECTIONS} connections: ${((many[key].rps / many.floor.rps) * 100).toFixed(0)} % ${rounds(many.ratios[key])}; p50 - floor p50 at 1 connection: ${(one[key].p50 - one.floor.p50).toFixed(2)} ms`);
  }
  console.log(`plan: ${many.sql.execution}; JIT ${many.sql.jit ? 'USED (turn jit off!)' : 'not used'}`);
  console.log(`(at ${CONNECTIONS} connections the API's p95 column is autocannon's p97.5, in whole ms)\n`);
}

await runBench(main, cleanups);
