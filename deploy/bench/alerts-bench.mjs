// @ts-check
// `npm run bench:alerts`: saved-search alerts with 100,000 saved searches. A donation is published
// through the API; its DonationCreated event is matched (PostGIS disc index, category, words) by
// the donations service, each match becomes a notification in the messaging service, and the
// gateway pushes it to the member's socket. Measured: HTTP publish → notification on the socket
// (p50/p95/p99), and the matching statement alone. Prints figures; asserts nothing.
//
// The 100,000 searches are spread over Morocco's cities (radius 1–50 km, 80 % with words from a
// 200-word vocabulary, half with a category); `watchers` more, one per published donation, belong to
// members holding a socket, so each publication alerts at least one listener.
// Options: --searches=100000 --publications=100 --rate=4 (publications per second).
import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import sharp from 'sharp';
import { MOROCCAN_CITIES } from '@hdiya/contracts';
import { databaseUrl } from '../local/stack.mjs';
import { connectSocket, percentile, prepareBenchData, runBench, signedInMembers, startBenchStack } from './bench-stack.mjs';

const DATABASE = 'hdiya_bench_alerts';
const REDIS_URL = 'redis://127.0.0.1:6379/14';
const SESSION_SECRET = `bench-${randomUUID()}`;
const args = Object.fromEntries(process.argv.slice(2).map((a) => a.replace(/^--/, '').split('=')));
const SEARCHES = Number(args.searches ?? 100_000);
const PUBLICATIONS = Number(args.publications ?? 100);
const RATE = Number(args.rate ?? 4);
/** @type {import('./bench-stack.mjs').Cleanups} */
const cleanups = [];

const say = (/** @type {string} */ line) => console.log(`bench     | ${line}`);
const sleep = (/** @type {number} */ ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** A word nobody else uses: letters only, as search words are. */
const token = (/** @type {number} */ i) => `temoin${i.toString(26).replace(/\d/g, (d) => 'qrstuvwxyz'[Number(d)])}`;

/** SEARCHES background searches, inserted in one statement per 10,000 (the disc is computed by PostGIS). */
/** @param {pg.Client} db */
async function insertBackgroundSearches(db) {
  const centres = MOROCCAN_CITIES.map((c) => /** @type {const} */ ([c.name, c.lat, c.lng]));
  const vocabulary = Array.from({ length: 200 }, (_, i) => `mot${token(i)}`);
  for (let done = 0; done < SEARCHES; done += 10_000) {
    const n = Math.min(10_000, SEARCHES - done);
    const rows = Array.from({ length: n }, () => {
      const [city, lat, lng] = /** @type {typeof centres[number]} */ (centres[Math.floor(Math.random() * centres.length)]);
      const words = Math.random() < 0.8 ? vocabulary[Math.floor(Math.random() * vocabulary.length)] : '';
      return [city, lat + (Math.random() - 0.5) * 0.2, lng + (Math.random() - 0.5) * 0.2, 1000 * (1 + Math.floor(Math.random() * 50)), words, Math.random() < 0.5 ? 1 + Math.floor(Math.random() * 8) : null];
    });
    await db.query(
      `INSERT INTO donations.saved_searches (id, member_id, query, terms, category_id, city, location, radius_m, area)
       SELECT gen_random_uuid(), gen_random_uuid(), w, CASE WHEN w = '' THEN NULL ELSE to_tsquery('simple', w || ':*') END, c, city,
              ST_SetSRID(ST_MakePoint(lng, lat), 4326)::geography, r, ST_Buffer(ST_SetSRID(ST_MakePoint(lng, lat), 4326)::geography, r)::geometry
       FROM unnest($1::text[], $2::float8[], $3::float8[], $4::int[], $5::text[], $6::int[]) AS t(city, lat, lng, r, w, c)`,
      [0, 1, 2, 3, 4, 5].map((k) => rows.map((row) => row[k])),
    );
  }
  await db.query('ANALYZE donations.saved_searches');
}

/** @param {string} url */
async function signUpDonor(url) {
  const id = randomUUID().slice(0, 8);
  const res = await fetch(`${url}/api/signup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: url },
    body: JSON.stringify({ username: `donor${id}`, email: `donor${id}@bench.ma`, phone: `06${String(Date.now()).slice(-8)}`, password: 'bench-password-1', confirmPassword: 'bench-password-1' }),
  });
  if (res.status !== 201) throw new Error(`signup ${res.status} ${await res.text()}`);
  return res.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
}

async function main() {
  const redis = await prepareBenchData(DATABASE, REDIS_URL, cleanups);
  const db = new pg.Client({ connectionString: databaseUrl('donations', { database: DATABASE }) });
  await db.connect();
  cleanups.push(() => db.end());

  let started = performance.now();
  await insertBackgroundSearches(db);
  say(`${SEARCHES.toLocaleString('en')} saved searches inserted in ${((performance.now() - started) / 1000).toFixed(1)} s`);

  const stack = await startBenchStack(
    { database: DATABASE, redisUrl: REDIS_URL, sessionSecret: SESSION_SECRET, envFor: { gateway: { RATE_UPLOADS_PER_MEMBER: '100000' } } },
    cleanups,
  );
  const watchers = (await signedInMembers(PUBLICATIONS, redis, SESSION_SECRET)).map((member) => ({ ...member, city: '' }));
  const cities = MOROCCAN_CITIES.slice(0, 40);
  for (const [i, watcher] of watchers.entries()) {
    const city = cities[i % cities.length];
    await db.query(
      `INSERT INTO donations.saved_searches (id, member_id, query, terms, category_id, city, location, radius_m, area)
       VALUES (gen_random_uuid(), $1, $2, to_tsquery('simple', $2 || ':*'), NULL, $3, ST_SetSRID(ST_MakePoint($5, $4), 4326)::geography, 5000,
               ST_Buffer(ST_SetSRID(ST_MakePoint($5, $4), 4326)::geography, 5000)::geometry)`,
      [watcher.id, token(i), city.name, city.lat, city.lng],
    );
    watcher.city = city.name;
  }
  const sockets = await Promise.all(watchers.map((w) => connectSocket(stack.url, w)));
  cleanups.push(() => sockets.forEach((s) => s.disconnect()));

  const donor = await signUpDonor(stack.url);
  const photo = `data:image/jpeg;base64,${(await sharp({ create: { width: 64, height: 48, channels: 3, background: '#c2410c' } }).jpeg().toBuffer()).toString('base64')}`;
  /** @type {Map<string, { at: number, watcher: number }>} */
  const published = new Map();
  /** @type {number[]} */
  const latencies = [];
  /** @type {number[]} */
  const publishTimes = [];
  sockets.forEach((socket, i) =>
    socket.on('notification:new', (/** @type {{ kind: string, params: { donationId: string } }} */ notification) => {
      if (notification.kind !== 'saved_search_match') return;
      const sent = published.get(notification.params.donationId);
      if (sent && sent.watcher === i) latencies.push(performance.now() - sent.at);
    }),
  );

  say(`${PUBLICATIONS} publications at ${RATE}/s, each matching one listening watcher and whatever background searches it falls in`);
  for (let i = 0; i < PUBLICATIONS; i++) {
    const begun = performance.now();
    const res = await fetch(`${stack.url}/api/donations`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: donor, origin: stack.url },
      body: JSON.stringify({ title: `Objet ${token(i)}`, description: 'Publié par le banc d’essai.', categoryId: 1 + (i % 8), city: watchers[i].city, imageUrl: photo }),
    });
    const body = /** @type {{ id: string }} */ (await res.json());
    if (res.status !== 201) throw new Error(`publish ${res.status} ${JSON.stringify(body)}`);
    const at = performance.now();
    publishTimes.push(at - begun);
    published.set(body.id, { at, watcher: i });
    await sleep(Math.max(0, 1000 / RATE - (at - begun)));
  }
  await sleep(3000);

  const [{ matches }] = (
    await db.query(`SELECT COALESCE(sum(jsonb_array_length(envelope->'payload'->'matches')), 0)::int AS matches FROM donations.outbox WHERE envelope->>'type' = 'SavedSearchMatched'`)
  ).rows;
  const [{ id: sampleId }] = (await db.query(`SELECT id FROM donations.donations ORDER BY id DESC LIMIT 1`)).rows;
  const { matchSql } = await import('@hdiya/donations/search-api');
  /** @type {number[]} */
  const timings = [];
  for (let i = 0; i < 20; i++) {
    started = performance.now();
    await db.query(matchSql, [sampleId]);
    timings.push(performance.now() - started);
  }
  latencies.sort((a, b) => a - b);
  publishTimes.sort((a, b) => a - b);
  timings.sort((a, b) => a - b);
  const ms = (/** @type {number} */ v) => v.toFixed(1).padStart(8);
  console.log(`\nsaved-search alerts with ${(SEARCHES + PUBLICATIONS).toLocaleString('en')} saved searches, all processes on this machine`);
  console.log(`${'measure'.padEnd(44)} ${'p50 ms'.padStart(8)} ${'p95 ms'.padStart(8)} ${'p99 ms'.padStart(8)}`);
  console.log(`${'publish (HTTP, photo processing included)'.padEnd(44)} ${ms(percentile(publishTimes, 50))} ${ms(percentile(publishTimes, 95))} ${ms(percentile(publishTimes, 99))}`);
  console.log(`${'publish answered → alert on the socket'.padEnd(44)} ${ms(percentile(latencies, 50))} ${ms(percentile(latencies, 95))} ${ms(percentile(latencies, 99))}`);
  console.log(`${'matching statement alone (20 runs)'.padEnd(44)} ${ms(percentile(timings, 50))} ${ms(percentile(timings, 95))} ${ms(percentile(timings, 99))}`);
  console.log(`\n${latencies.length} of ${PUBLICATIONS} alerts received; ${matches} matches in all (${(matches / PUBLICATIONS).toFixed(1)} per donation)\n`);
}

await runBench(main, cleanups);
