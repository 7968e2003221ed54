import http from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { testEnv } from '@hdiya/testing';
import { signedUpMember } from '../support/api-client.js';
import { publish } from '../support/members.js';

// Every text answer travels compressed when the browser accepts it (issue 44): brotli first, else
// gzip; the build's scripts and style sheets as the build compressed them, API answers and pages
// per request; photos never (already compressed), nor anything for a client that asks for none.

const base = testEnv().gatewayUrl;

interface RawAnswer {
  status: number;
  headers: http.IncomingHttpHeaders;
  /** The bytes as they travelled. */
  wire: Buffer;
  /** The bytes once decoded as `content-encoding` says. */
  body: Buffer;
}

/** A GET with exactly the Accept-Encoding given (fetch would add its own and decode silently). */
function get(path: string, acceptEncoding: string | null): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string> = acceptEncoding === null ? {} : { 'accept-encoding': acceptEncoding };
    http
      .get(`${base}${path}`, { headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => {
          const wire = Buffer.concat(chunks);
          const encoding = res.headers['content-encoding'];
          const body = encoding === 'br' ? brotliDecompressSync(wire) : encoding === 'gzip' ? gunzipSync(wire) : wire;
          resolve({ status: res.statusCode ?? 0, headers: res.headers, wire, body });
        });
        res.on('error', reject);
      })
      .on('error', reject);
  });
}

async function mainScriptPath(): Promise<string> {
  const html = (await get('/', null)).body.toString('utf8');
  const match = /<script type="module"[^>]* src="(\/assets\/[^"]+\.js)"/.exec(html);
  if (!match) throw new Error(`no module script in the page: ${html.slice(0, 400)}`);
  return match[1]!;
}

describe('the web app’s main script', () => {
  let path: string;
  let plain: RawAnswer;
  beforeAll(async () => {
    path = await mainScriptPath();
    plain = await get(path, null);
  });

  it('should come uncompressed to a client that accepts no encoding', () => {
    expect(plain.status).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers['content-type']).toMatch(/javascript/);
    expect(plain.wire.length).toBeGreaterThan(10_000);
  });

  it.each([
    ['br, gzip', 'br'],
    ['gzip, deflate, br', 'br'],
    ['gzip', 'gzip'],
  ])('should come compressed for Accept-Encoding "%s" as %s, the same script, still cached for a year', async (accepted, expected) => {
    const res = await get(path, accepted);
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe(expected);
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.wire.length).toBeLessThan(plain.wire.length / 2);
    expect(res.body.equals(plain.wire)).toBe(true);
  });

  it('should answer 404 for a script the build does not hold (a stale chunk), not the page', async () => {
    const res = await get('/assets/index-gone0000.js', 'br, gzip');
    expect(res.status).toBe(404);
    expect(res.headers['content-encoding']).toBeUndefined();
  });
});

describe('API answers and pages', () => {
  const CITIES = '/api/cities';

  it.each([
    ['br, gzip', 'br'],
    ['gzip', 'gzip'],
  ])('should compress a JSON answer above 1 KB for "%s" as %s', async (accepted, expected) => {
    const plain = await get(CITIES, null);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.wire.length).toBeGreaterThan(1024);
    const res = await get(CITIES, accepted);
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe(expected);
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(res.wire.length).toBeLessThan(plain.wire.length);
    expect(JSON.parse(res.body.toString('utf8'))).toEqual(JSON.parse(plain.wire.toString('utf8')));
  });

  it('should leave a small JSON answer as it is', async () => {
    const res = await get('/api/auth/user', 'br, gzip');
    expect(res.wire.length).toBeLessThan(1024);
    expect(res.headers['content-encoding']).toBeUndefined();
  });

  it('should compress a page’s HTML and keep it uncached', async () => {
    const res = await get('/donations', 'br, gzip');
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.headers['content-type']).toMatch(/text\/html/);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.body.toString('utf8')).toContain('<div id="root">');
  });

  it('should send a photo as it is stored, even to a client that accepts compression', async () => {
    const donor = await signedUpMember();
    const donation = await publish(donor.client, 'Tapis berbère');
    const res = await get(donation.imageUrl, 'br, gzip');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('image/webp');
    expect(res.headers['content-encoding']).toBeUndefined();
  });
});
