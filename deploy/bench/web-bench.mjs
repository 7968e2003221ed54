// @ts-check
// What a member on a phone waits for and pays (issue 44): each page loaded in Chromium at 390×844
// (2x screen), with a CPU four times slower and a throttled network, an empty cache and no service
// worker, then loaded again from the HTTP cache. Prints one line per page, language and network,
// then a summary line; nothing is asserted (the figures depend on the machine: name how busy it was).
// Then Lighthouse's mobile profile on the same pages, and signed in on /messages and /create-donation.
//   node deploy/bench/web-bench.mjs [--url http://host:port] [--networks slow4g,3g] [--languages fr,ar] [--no-lighthouse]
//   --url: measure a product already running (seeded, as `npm start` leaves it) instead of starting one.
//   --requests: also print each first visit's requests and their bytes on the wire, largest first.
import { spawn } from 'node:child_process';
import path from 'node:path';
import sharp from 'sharp';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, HEADLESS_SHELL } from '../../e2e/support/chromium.mjs';
import { ROOT } from '../local/stack.mjs';
import { prepareBenchData, runBench, startBenchStack } from './bench-stack.mjs';
import { runLighthouse } from './web-lighthouse.mjs';

const DATABASE = 'hdiya_bench_web';
const REDIS_URL = 'redis://127.0.0.1:6379/12';
const SEED = path.join(ROOT, 'deploy', 'demo', 'seed-demo.mjs');
/** What each page runs first to time its heading and photos. */
const MARKS = path.join(ROOT, 'deploy', 'bench', 'web-marks.js');

/** The networks of the issue: round trip, download and upload in bits a second. */
const NETWORKS = {
  slow4g: { latency: 150, download: 1_600_000, upload: 750_000, targets: { heading: 1500, photo: 2500 } },
  '3g': { latency: 300, download: 700_000, upload: 700_000, targets: { heading: 3000, photo: 5000 } },
};
const TARGETS = { firstVisitKB: 200, repeatHeading: 800, repeatKB: 30 };
const CPU_SLOWDOWN = 4;
const VIEWPORT = { width: 390, height: 844 };
/** A page is settled when nothing has been asked of the network for this long. */
const QUIET_MS = 2000;
const SETTLE_TIMEOUT_MS = 60_000;

const args = process.argv.slice(2);
const option = (/** @type {string} */ name) => {
  const at = args.indexOf(name);
  return at >= 0 ? args[at + 1] : undefined;
};
const networks = /** @type {(keyof typeof NETWORKS)[]} */ ((option('--networks') ?? 'slow4g,3g').split(','));
const languages = (option('--languages') ?? 'fr,ar').split(',');
const listRequests = args.includes('--requests');
const withLighthouse = !args.includes('--no-lighthouse');
const LIGHTHOUSE_TARGETS = { performance: 95, cls: 0.05, tbt: 150, accessibility: 95, bestPractices: 95 };

/** @type {(() => unknown)[]} */
const cleanups = [];

/** A photo that compresses like a detailed one from a phone: 1600×1200, stored as about 160 KB at 1280 px. */
async function realPhoto() {
  const noise = await sharp({ create: { width: 200, height: 150, channels: 3, background: '#000000', noise: { type: 'gaussian', mean: 120, sigma: 35 } } })
    .png()
    .toBuffer();
  return sharp(noise).resize(1600, 1200, { kernel: 'cubic' }).modulate({ saturation: 0.8 }).blur(0.8).jpeg({ quality: 88 }).toBuffer();
}

/**
 * Signs a member up and publishes a donation with a real photo; answers its id and the member's session cookie.
 * @param {string} url
 */
async function donationWithRealPhoto(url) {
  let cookie = '';
  /** @param {string} route @param {RequestInit} init */
  const call = async (route, init = {}) => {
    const res = await fetch(`${url}${route}`, { ...init, headers: { ...(init.headers ?? {}), ...(cookie ? { cookie } : {}) } });
    const set = res.headers.getSetCookie().find((c) => c.startsWith('hdiya.sid='));
    if (set) cookie = set.split(';')[0] ?? '';
    return { status: res.status, body: /** @type {any} */ (await res.json().catch(() => undefined)) };
  };
  const tag = Math.random().toString(36).slice(2, 10);
  const json = { 'content-type': 'application/json' };
  const signup = await call('/api/signup', {
    method: 'POST',
    headers: json,
    body: JSON.stringify({ username: `web_${tag}`, email: `web_${tag}@example.ma`, phone: `06${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`,
      password: 'motdepasse-sur', confirmPassword: 'motdepasse-sur', firstName: 'Nawal', lastName: 'Berrada' }),
  });
  if (signup.status !== 201) throw new Error(`bench member signup: ${signup.status} ${JSON.stringify(signup.body)}`);
  const form = new FormData();
  form.append('image', new Blob([new Uint8Array(await realPhoto())], { type: 'image/jpeg' }), 'photo.jpg');
  const upload = await call('/api/uploads/images', { method: 'POST', body: form });
  if (upload.status !== 201) throw new Error(`bench photo upload: ${upload.status} ${JSON.stringify(upload.body)}`);
  const created = await call('/api/donations', {
    method: 'POST',
    headers: json,
    body: JSON.stringify({ title: 'Fauteuil en rotin', description: 'Fauteuil en rotin, coussin lavable, à prendre à Agdal.', categoryId: 1, city: 'Rabat', photos: [upload.body.imageUrl] }),
  });
  if (created.status !== 201) throw new Error(`bench donation: ${created.status} ${JSON.stringify(created.body)}`);
  return { donationId: /** @type {number} */ (created.body.id), cookie };
}

/**
 * Loads `url` in `page` and waits until the network has been quiet; answers what it cost.
 * @param {import('playwright-core').Page} page
 * @param {import('playwright-core').CDPSession} cdp
 * @param {string} url
 */
async function load(page, cdp, url) {
  let bytes = 0;
  let inflight = 0;
  let lastActivity = Date.now();
  /** @type {Map<string, string>} */
  const urls = new Map();
  /** @type {[string, number][]} */
  const requests = [];
  const onRequest = (/** @type {{ requestId: string, request: { url: string } }} */ event) => {
    urls.set(event.requestId, event.request.url.replace(/^https?:\/\/[^/]+/, ''));
    inflight += 1;
    lastActivity = Date.now();
  };
  const onFinished = (/** @type {{ requestId: string, encodedDataLength: number }} */ event) => {
    bytes += event.encodedDataLength;
    requests.push([urls.get(event.requestId) ?? event.requestId, event.encodedDataLength]);
    inflight = Math.max(0, inflight - 1);
    lastActivity = Date.now();
  };
  const onFailed = () => {
    inflight = Math.max(0, inflight - 1);
    lastActivity = Date.now();
  };
  cdp.on('Network.requestWillBeSent', onRequest);
  cdp.on('Network.loadingFinished', onFinished);
  cdp.on('Network.loadingFailed', onFailed);
  try {
    await page.goto(url, { waitUntil: 'load', timeout: SETTLE_TIMEOUT_MS });
    const deadline = Date.now() + SETTLE_TIMEOUT_MS;
    while (Date.now() < deadline && (inflight > 0 || Date.now() - lastActivity < QUIET_MS)) await new Promise((r) => setTimeout(r, 100));
    const marks = /** @type {{ heading: number | null, photos: { time: number, inView: boolean }[] }} */ (await page.evaluate('window.__webBench'));
    const inView = marks.photos.filter((p) => p.inView).map((p) => p.time);
    return { heading: marks.heading, photo: inView.length ? Math.min(...inView) : null, kb: bytes / 1024, requests };
  } finally {
    cdp.off('Network.requestWillBeSent', onRequest);
    cdp.off('Network.loadingFinished', onFinished);
    cdp.off('Network.loadingFailed', onFailed);
  }
}

/**
 * A first visit with an empty cache, then a repeat visit from the HTTP cache, in a new context.
 * @param {import('playwright-core').Browser} browser
 * @param {string} url
 * @param {keyof typeof NETWORKS} network
 * @param {string} language
 */
async function measure(browser, url, network, language) {
  const context = await browser.newContext({ viewport: VIEWPORT, deviceScaleFactor: 2, isMobile: true, hasTouch: true, serviceWorkers: 'block', locale: language === 'ar' ? 'ar-MA' : 'fr-FR' });
  try {
    // The web app keeps its language in localStorage and mirrors it in a cookie for the gateway.
    await context.addInitScript({ content: `localStorage.setItem('language', ${JSON.stringify(language)});` });
    await context.addCookies([{ name: 'hdiya.lang', value: language, url }]);
    await context.addInitScript({ path: MARKS });
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    const conditions = NETWORKS[network];
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: conditions.latency,
      downloadThroughput: conditions.download / 8,
      uploadThroughput: conditions.upload / 8,
    });
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
    const first = await load(page, cdp, url);
    const repeat = await load(page, cdp, url);
    return { first, repeat };
  } finally {
    await context.close();
  }
}

const ms = (/** @type {number | null} */ value) => (value === null ? 'none' : `${Math.round(value)} ms`);

async function main() {
  let url = option('--url');
  if (!url) {
    await prepareBenchData(DATABASE, REDIS_URL, cleanups);
    const stack = await startBenchStack({ database: DATABASE, redisUrl: REDIS_URL }, cleanups);
    url = stack.url;
    console.log('bench     | loading the demo set');
    const seeded = await new Promise((resolve) => {
      const child = spawn('node', [SEED], { cwd: ROOT, env: { ...process.env, GATEWAY_URL: url, DATABASE_URL: stack.env('users').DATABASE_URL }, stdio: ['ignore', 'ignore', 'inherit'] });
      child.once('exit', resolve);
    });
    if (seeded !== 0) throw new Error(`the demo set did not load (exit ${seeded})`);
  }
  const { donationId, cookie } = await donationWithRealPhoto(url);
  const pages = [
    { name: '/', path: '/', photo: false },
    { name: '/donations', path: '/donations', photo: true },
    { name: '/donations/{id}', path: `/donations/${donationId}`, photo: true },
    { name: '/how-it-works', path: '/how-it-works', photo: false },
  ];
  const browser = await chromium.launch({ executablePath: HEADLESS_SHELL, args: CHROMIUM_ARGS });
  cleanups.push(() => browser.close());
  let within = 0;
  let total = 0;
  for (const network of networks) {
    const target = NETWORKS[network].targets;
    for (const language of languages) {
      for (const page of pages) {
        const { first, repeat } = await measure(browser, `${url}${page.path}`, network, language);
        console.log(
          `web ${network} ${language} ${page.name}: heading ${ms(first.heading)}, photo ${ms(first.photo)}, ${Math.round(first.kb)} KB first visit, repeat ${ms(repeat.heading)} ${Math.round(repeat.kb)} KB`,
        );
        const ok =
          first.heading !== null && first.heading <= target.heading &&
          (!page.photo || (first.photo !== null && first.photo <= target.photo)) &&
          first.kb <= TARGETS.firstVisitKB &&
          repeat.heading !== null && repeat.heading <= TARGETS.repeatHeading &&
          repeat.kb <= TARGETS.repeatKB;
        total += 1;
        if (ok) within += 1;
        if (listRequests) {
          for (const [name, size] of first.requests.sort((a, b) => b[1] - a[1])) console.log(`    ${(size / 1024).toFixed(1).padStart(7)} KB  ${name.slice(0, 110)}`);
        }
      }
    }
  }
  let minPerformance = '-';
  if (withLighthouse) {
    const base = /** @type {string} */ (url);
    const signedOut = languages.flatMap((language) => pages.map((page) => ({ name: page.name, url: `${base}${page.path}`, language })));
    const signedIn = ['/messages', '/create-donation'].map((path) => ({ name: path, url: `${base}${path}`, language: 'fr', cookie }));
    let min = Infinity;
    await runLighthouse([...signedOut, ...signedIn], (page, f) => {
      min = Math.min(min, f.performance);
      const ok = f.performance >= LIGHTHOUSE_TARGETS.performance && f.cls <= LIGHTHOUSE_TARGETS.cls && f.tbt <= LIGHTHOUSE_TARGETS.tbt &&
        f.accessibility >= LIGHTHOUSE_TARGETS.accessibility && f.bestPractices >= LIGHTHOUSE_TARGETS.bestPractices;
      console.log(
        `lighthouse ${page.language} ${page.name}${page.cookie ? ' (signed in)' : ''}: performance ${f.performance}, accessibility ${f.accessibility}, best practices ${f.bestPractices}, ` +
          `FCP ${Math.round(f.fcp)} ms, LCP ${Math.round(f.lcp)} ms, TBT ${Math.round(f.tbt)} ms, CLS ${f.cls.toFixed(3)}${ok ? '' : ' (off target)'}`,
      );
    });
    minPerformance = String(min);
  }
  console.log(`web: ${within} of ${total} page loads within target; lighthouse performance min ${minPerformance}`);
}

await runBench(main, cleanups);
