// @ts-check
// Loads the demo data set through the public API when the database has no donation yet:
// six members and an administrator, and 320 donations over 24 Moroccan cities with French and
// Arabic titles and pictures generated here. Idempotent: a second run sees the donations and stops.
//   GATEWAY_URL (default http://127.0.0.1:3000), DATABASE_URL (the users service's, for create-admin
//   and the members' verification links), DEMO_DONATIONS (default 320)
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import sharp from 'sharp';
import { MOROCCAN_CITIES } from '@hdiya/contracts';
import { CATALOGUE, CATEGORY_COLOURS, DEMO_ADMIN, DEMO_MEMBERS, DEMO_PASSWORD } from './catalogue.mjs';

const DONATIONS = Number(process.env.DEMO_DONATIONS ?? 320); // fewer in the test of this loader
const CITIES = MOROCCAN_CITIES.slice(0, 24);
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const url = process.env.GATEWAY_URL ?? 'http://127.0.0.1:3000';

const say = (/** @type {string} */ line) => console.log(`demo      | ${line}`);

/** @typedef {(method: string, route: string, body?: unknown) => Promise<{ status: number, body: any }>} Api */

/**
 * A tiny cookie-keeping client.
 * @returns {Api}
 */
function client() {
  let cookie = '';
  return async (method, route, body) => {
    const response = await fetch(`${url}${route}`, {
      method,
      headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const set = response.headers.getSetCookie().find((c) => c.startsWith('hdiya.sid='));
    if (set) cookie = set.split(';')[0] ?? '';
    const text = await response.text();
    return { status: response.status, body: text ? JSON.parse(text) : undefined };
  };
}

/**
 * @param {string} username
 * @param {string} password
 */
async function signIn(username, password) {
  const api = client();
  const res = await api('POST', '/api/login', { username, password });
  return res.status === 200 ? api : null;
}

async function adminClient() {
  let api = await signIn(DEMO_ADMIN.username, DEMO_ADMIN.password);
  if (api) return api;
  execFileSync('node', [path.join(ROOT, 'services/users/dist/cli/create-admin.js'), '--username', DEMO_ADMIN.username, '--email', DEMO_ADMIN.email,
    '--phone', DEMO_ADMIN.phone, '--first-name', 'Équipe', '--last-name', 'Hdiya'], { env: { ...process.env, ADMIN_PASSWORD: DEMO_ADMIN.password }, stdio: 'inherit' });
  api = await signIn(DEMO_ADMIN.username, DEMO_ADMIN.password);
  if (!api) throw new Error('the demo administrator cannot sign in');
  return api;
}

/**
 * @param {readonly string[]} names  username, first name, last name
 * @param {number} index
 */
async function member([username, firstName, lastName], index) {
  const existing = await signIn(username, DEMO_PASSWORD);
  if (existing) return existing;
  const api = client();
  const res = await api('POST', '/api/signup', {
    username, firstName, lastName, email: `${username}@demo.hdiya.ma`, phone: `06000001${String(index).padStart(2, '0')}`,
    password: DEMO_PASSWORD, confirmPassword: DEMO_PASSWORD,
  });
  if (res.status !== 201) throw new Error(`signup of ${username} failed: ${res.status} ${JSON.stringify(res.body)}`);
  await verifyAddress(api, `${username}@demo.hdiya.ma`);
  return api;
}

/**
 * Demo members ask in request windows, which needs a verified address (issue 45): the link the
 * users service queued for the address is opened, as its member would open it from their inbox.
 * @param {Api} api
 * @param {string} email
 */
async function verifyAddress(api, email) {
  const db = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await db.connect();
  try {
    const { rows } = await db.query(
      `SELECT text_body FROM users.mail_outbox WHERE recipient = $1 AND kind = 'email_verification' ORDER BY created_at DESC LIMIT 1`,
      [email],
    );
    // The link as the mail writes it (`…/verify-email?lang=fr#token=…`): its fragment holds the token.
    const link = /\bhttps?:\/\/\S+\/verify-email\S*/.exec(rows[0]?.text_body ?? '')?.[0];
    const token = link ? new URLSearchParams(new URL(link).hash.slice(1)).get('token') : null;
    if (!token) throw new Error(`no verification link queued for ${email}`);
    const res = await api('POST', '/api/verify-email', { token });
    if (res.status !== 200) throw new Error(`verification of ${email} failed: ${res.status} ${JSON.stringify(res.body)}`);
  } finally {
    await db.end();
  }
}

/**
 * A short exchange about the first donation, so the messages screen has something to show.
 * @param {Api} owner
 * @param {Api} asker
 * @param {string | null} donationId
 */
async function conversation(owner, asker, donationId) {
  const [ownerId, askerId] = await Promise.all([owner, asker].map(async (api) => (await api('GET', '/api/auth/user')).body.id));
  /** @type {[Api, string, string][]} */
  const lines = [
    [asker, ownerId, 'Bonjour, votre objet est-il toujours disponible ?'],
    [owner, askerId, 'Oui ! Vous pouvez passer ce soir après 18 h.'],
    [asker, ownerId, 'شكرا جزيلا، سأمر على الساعة السابعة.'],
  ];
  for (const [from, receiverId, content] of lines) {
    const res = await from('POST', '/api/messages', { content, receiverId, donationId });
    if (res.status !== 201) throw new Error(`demo message refused: ${res.status} ${JSON.stringify(res.body)}`);
  }
}

/**
 * A simple picture per object: the category's colours and a few shapes placed by a seed.
 * @param {number} categoryId
 * @param {number} seed
 */
async function picture(categoryId, seed) {
  const [dark, light] = CATEGORY_COLOURS[/** @type {keyof typeof CATEGORY_COLOURS} */ (categoryId)];
  const r = (/** @type {number} */ n) => ((seed * 9301 + n * 49297) % 233280) / 233280;
  const circles = Array.from({ length: 6 }, (_, i) =>
    `<circle cx="${Math.round(r(i) * 800)}" cy="${Math.round(r(i + 7) * 600)}" r="${40 + Math.round(r(i + 3) * 90)}" fill="${light}" opacity="0.35"/>`).join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="600">
    <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${dark}"/><stop offset="1" stop-color="${light}"/></linearGradient></defs>
    <rect width="800" height="600" fill="url(#g)"/>${circles}
    <rect x="${260 + Math.round(r(20) * 60)}" y="${170 + Math.round(r(21) * 40)}" width="260" height="220" rx="36" fill="#ffffff" opacity="0.85"/>
    <rect x="${300 + Math.round(r(22) * 60)}" y="${230 + Math.round(r(23) * 40)}" width="180" height="24" rx="12" fill="${dark}" opacity="0.7"/>
    <rect x="${300 + Math.round(r(24) * 60)}" y="${280 + Math.round(r(25) * 40)}" width="120" height="24" rx="12" fill="${dark}" opacity="0.5"/>
  </svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 80 }).toBuffer();
}

/**
 * Runs `work` on each item, `size` at a time.
 * @template T
 * @param {T[]} items
 * @param {number} size
 * @param {(item: T) => Promise<void>} work
 */
async function inPool(items, size, work) {
  let next = 0;
  await Promise.all(Array.from({ length: size }, async () => {
    while (next < items.length) await work(/** @type {T} */ (items[next++]));
  }));
}

async function main() {
  const admin = await adminClient();
  const existing = await admin('GET', '/api/admin/donations?limit=1');
  if (existing.status !== 200) throw new Error(`moderation list answered ${existing.status}`);
  if (existing.body.length > 0) {
    say('donations already present: demo data not loaded again');
    return;
  }
  say(`loading ${DONATIONS} demo donations over ${CITIES.length} cities...`);
  /** @type {Api[]} */
  const members = [];
  for (const [i, m] of DEMO_MEMBERS.entries()) members.push(await member(m, i));
  const entries = Object.entries(CATALOGUE).flatMap(([categoryId, items]) => items.map((item) => /** @type {const} */ ([Number(categoryId), item])));
  let done = 0;
  /** @type {string | null} */
  let firstDonationId = null;
  await inPool(Array.from({ length: DONATIONS }, (_, i) => i), 4, async (i) => {
    const [categoryId, [titleFr, descriptionFr, titleAr, descriptionAr]] = entries[(i * 7) % entries.length];
    const city = CITIES[i % CITIES.length];
    const arabic = i % 3 === 0;
    const jitter = (/** @type {number} */ n) => (((i * 7919 + n * 104729) % 1000) / 1000 - 0.5) * 0.08; // within about 4 km
    const photo = await picture(categoryId, i);
    const res = await members[i % members.length]('POST', '/api/donations', {
      title: arabic ? titleAr : titleFr,
      description: arabic ? descriptionAr : descriptionFr,
      categoryId,
      city: city.name,
      latitude: +(city.lat + jitter(1)).toFixed(5),
      longitude: +(city.lng + jitter(2)).toFixed(5),
      imageUrl: `data:image/jpeg;base64,${photo.toString('base64')}`,
    });
    if (res.status !== 201) throw new Error(`donation ${i} refused: ${res.status} ${JSON.stringify(res.body)}`);
    if (i === 0) firstDonationId = res.body.id;
    done += 1;
    if (done % 80 === 0) say(`${done} / ${DONATIONS}`);
  });
  await conversation(members[0], members[1], firstDonationId);
  say(`demo data loaded: ${DONATIONS} donations, ${members.length} members (password ${DEMO_PASSWORD}), administrator ${DEMO_ADMIN.username} / ${DEMO_ADMIN.password}`);
}

main().catch((error) => {
  console.error(`demo: ${error.message}`);
  process.exit(1);
});
