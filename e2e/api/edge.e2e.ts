import http from 'node:http';
import { testEnv, waitFor } from '@hdiya/testing';
import { ApiClient, newMemberPayload, signedUpMember } from '../support/api-client.js';
import { dataUrl, largePng } from '../support/images.js';
import { completeGift } from '../support/members.js';

describe('cross-site requests', () => {
  it.each([
    ['POST', '/api/signup'],
    ['POST', '/api/login'],
    ['POST', '/api/contact'],
    ['POST', '/api/forgot-password'],
    ['POST', '/api/reset-password'],
    ['POST', '/api/verify-email'],
    ['PATCH', '/api/auth/user'],
  ])('should refuse %s %s from a foreign Origin', async (method, path) => {
    const client = new ApiClient(undefined, 'https://evil.example');
    const res = await client.request(method, path, newMemberPayload());
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ statusCode: 403, code: 'FORBIDDEN_ORIGIN', message: 'Requête refusée : origine non autorisée.' });
  });

  it('should not sign anyone up from a foreign Origin', async () => {
    const payload = newMemberPayload();
    await new ApiClient(undefined, 'https://evil.example').call('POST /api/signup', { body: payload });
    const login = await new ApiClient().call('POST /api/login', { body: { username: payload.username, password: payload.password } });
    expect(login.status).toBe(401);
  });

  it('should accept a client that sends no Origin at all (not a browser)', async () => {
    const res = await new ApiClient(undefined, null).call('POST /api/signup', { body: newMemberPayload() });
    expect(res.status).toBe(201);
  });

  it('should not log out when another site triggers the logout link', async () => {
    const { client } = await signedUpMember();
    await client.call('GET /api/logout', { headers: { 'sec-fetch-site': 'cross-site' } });
    expect((await client.call('GET /api/auth/user')).status).toBe(200);
  });
});

describe('malformed requests', () => {
  it('should answer 400 to malformed JSON', async () => {
    const res = await new ApiClient().raw('POST', '/api/login', '{"username": "a",');
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ statusCode: 400, code: 'INVALID_JSON' });
  });

  it('should answer 413 to an oversized body', async () => {
    const res = await new ApiClient().raw('POST', '/api/contact', JSON.stringify({ message: 'x'.repeat(300 * 1024) }));
    expect(res.status).toBe(413);
    expect(res.body).toEqual({ statusCode: 413, code: 'PAYLOAD_TOO_LARGE', message: 'La requête est trop volumineuse.' });
  });

  it('should answer 400 to a body that is not an object', async () => {
    const res = await new ApiClient().raw('POST', '/api/signup', '["a", "b"]');
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ statusCode: 400, code: 'VALIDATION_FAILED' });
  });

  it('should answer a JSON 404 for an unknown API path', async () => {
    const res = await new ApiClient().get('/api/nothing-here');
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ statusCode: 404, code: 'NOT_FOUND', message: 'Ressource introuvable.' });
  });
});

describe('body limits', () => {
  // Review finding: a visitor's 5 MB JSON to a members' route was read and parsed before the 401.
  it("should refuse a visitor's large body to a members' route without reading it", async () => {
    const url = new URL('/api/donations/1/reports', testEnv().gatewayUrl);
    // 64 KB of a declared 5 MB, and no more: the answer has to come while the body is unfinished.
    const answer = await new Promise<{ status: number | undefined; body: unknown }>((resolve, reject) => {
      const req = http.request(url, { method: 'POST', headers: { 'content-type': 'application/json', 'content-length': String(5 * 1024 * 1024) } }, (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () => {
          resolve({ status: res.statusCode, body: JSON.parse(text) });
          req.destroy();
        });
      });
      req.on('error', reject);
      req.write(`{"reason":"spam","details":"${'x'.repeat(64 * 1024)}`);
    });
    expect(answer).toEqual({ status: 401, body: expect.objectContaining({ statusCode: 401, code: 'UNAUTHENTICATED' }) });
  });

  it("should answer 413 in French to a member's oversized message, and keep the large limit for donations", async () => {
    const { client } = await signedUpMember();
    const other = await signedUpMember();
    // 64 KB: over the 32 KB default, under the 100 KB that every route used to accept.
    const message = await client.call('POST /api/messages', { body: { receiverId: other.user.id, content: 'x'.repeat(64 * 1024) } });
    expect(message.status).toBe(413);
    expect(message.body).toEqual({ statusCode: 413, code: 'PAYLOAD_TOO_LARGE', message: 'La requête est trop volumineuse.' });

    // A donation with the longest description and its photo inline is far above the small limit.
    const donation = await client.call('POST /api/donations', { body: {
      title: 'Armoire en bois',
      description: 'ب'.repeat(2000),
      categoryId: 8,
      city: 'Kénitra',
      imageUrl: dataUrl(await largePng(0.5), 'image/png'),
    } });
    expect(donation.status).toBe(201);
    expect(donation.body.description).toHaveLength(2000);
  });
});

describe('GET /api/health', () => {
  it('should report every dependency up', async () => {
    const res = await new ApiClient().call('GET /api/health');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      service: 'gateway',
      status: 'up',
      dependencies: { redis: 'up', nats: 'up', storage: 'up', users: 'up', points: 'up', donations: 'up', messaging: 'up' },
    });
  });
});

describe('GET /api/ready', () => {
  it('should say this gateway takes requests, asking no service', async () => {
    const res = await new ApiClient().call('GET /api/ready');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 'ready', missing: [] });
  });
});

describe('web app', () => {
  it('should serve the app for deep links and cache hashed assets for long', async () => {
    const res = await fetch(`${new ApiClient().baseUrl}/profile?tab=favorites`);
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain('<div id="root">');
    const asset = /src="(\/assets\/[^"]+\.js)"/.exec(html)?.[1];
    expect(asset).toBeDefined();
    const assetRes = await fetch(`${new ApiClient().baseUrl}${asset}`);
    expect(assetRes.headers.get('cache-control')).toContain('immutable');
  });
});

describe('out-of-range ids and cursors', () => {
  const cursor = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

  it.each([
    ['GET', '/api/donations/99999999999', 404],
    ['GET', '/api/donations/2147483648', 404],
    ['GET', '/api/donations/0', 404],
    ['GET', '/api/donations/-1', 404],
    ['GET', '/api/donations/1e3', 404],
    ['GET', '/api/categories/2147483648', 404],
    ['POST', '/api/donations/99999999999/reserve', 404],
    ['DELETE', '/api/favorites/99999999999', 404],
    ['GET', `/api/donations?cursor=${cursor({ k: '2026-01-01T00:00:00Z', id: 2147483648 })}`, 400],
    ['GET', `/api/donations?lat=34&lng=-6&cursor=${cursor({ k: -1e308, id: 1 })}`, 400],
    ['GET', `/api/user/donations?cursor=${cursor({ k: '-010000-01-01T00:00:00Z', id: 1 })}`, 400],
    ['GET', '/api/points-history?before=9999999999999999999', 400],
  ])('should answer %s %s with %i, never 500', async (method, path, status) => {
    const { client } = await signedUpMember();
    const res = await client.request(method, path);
    expect(res.status).toBe(status);
    expect(res.body).toMatchObject({ statusCode: status });
  });

  it.each([
    ['/api/favorites', { donationId: 2147483648 }, 'donationId'],
    ['/api/transfer-points', { receiverIdentifier: '0600000000', points: 2147483648 }, 'points'],
  ])('should refuse %s with %j as a 400 naming the field', async (path, body, field) => {
    const { client } = await signedUpMember();
    const res = await client.post(path, body);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ field });
  });
});

describe('transfers reveal nothing and replay only themselves', () => {
  it('should answer "not enough points" alike for a registered and an unknown phone', async () => {
    const sender = await signedUpMember();
    const registered = await signedUpMember();
    const toMember = await sender.client.call('POST /api/transfer-points', { body: { receiverIdentifier: registered.payload.phone, points: 500 } });
    const toNobody = await sender.client.call('POST /api/transfer-points', { body: { receiverIdentifier: '0699999999', points: 500 } });
    expect(toMember.status).toBe(400);
    expect(toNobody.status).toBe(400);
    expect(toNobody.body).toEqual(toMember.body);
  });

  it('should refuse an idempotency key reused for another receiver or amount (422), and replay the same transfer', async () => {
    const sender = await signedUpMember();
    const first = await signedUpMember();
    const second = await signedUpMember();
    await waitFor(async () => (await sender.client.call('GET /api/auth/user')).body.points === 10, { what: 'welcome points' });
    // Welcome points may be transferred after a first gift (decision 0019): the sender receives one (8 left).
    await completeGift(first.client, sender.client);
    const key = `cle-${Date.now()}`;
    const send = (phone: string, points: number) =>
      sender.client.call('POST /api/transfer-points', { body: { receiverIdentifier: phone, points }, headers: { 'idempotency-key': key } });
    expect((await send(first.payload.phone, 2)).status).toBe(201);
    expect((await send(first.payload.phone, 2)).status).toBe(201);
    // A reused key answers 422 whoever the phone belongs to: 404 for a stranger's told which phones are members.
    const answers = [];
    for (const [phone, points] of [[second.payload.phone, 2], [first.payload.phone, 3], ['0699999999', 2]] as const) {
      const reused = await send(phone, points);
      expect(reused.status).toBe(422);
      expect(reused.body).toMatchObject({ code: 'IDEMPOTENCY_KEY_REUSED', field: 'idempotencyKey' });
      answers.push(reused.body);
    }
    expect(answers[2]).toEqual(answers[0]);
    expect((await sender.client.call('GET /api/auth/user')).body.points).toBe(6);
  });

  it('should answer the welcome lock alike for a registered and an unknown phone', async () => {
    const sender = await signedUpMember();
    const registered = await signedUpMember();
    await waitFor(async () => (await sender.client.call('GET /api/auth/user')).body.points === 10, { what: 'welcome points' });
    const toMember = await sender.client.call('POST /api/transfer-points', { body: { receiverIdentifier: registered.payload.phone, points: 1 } });
    const toNobody = await sender.client.call('POST /api/transfer-points', { body: { receiverIdentifier: '0699999999', points: 1 } });
    expect(toMember.body).toMatchObject({ statusCode: 400, code: 'WELCOME_POINTS_LOCKED' });
    expect(toNobody.body).toEqual(toMember.body);
  });
});
