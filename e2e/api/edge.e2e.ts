import { ApiClient, newMemberPayload, signedUpMember } from '../support/api-client.js';

describe('cross-site requests', () => {
  it.each([
    ['POST', '/api/signup'],
    ['POST', '/api/login'],
    ['POST', '/api/contact'],
    ['POST', '/api/forgot-password'],
    ['PATCH', '/api/auth/user'],
  ])('should refuse %s %s from a foreign Origin', async (method, path) => {
    const client = new ApiClient(undefined, 'https://evil.example');
    const res = await client.request(method, path, newMemberPayload());
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ statusCode: 403, code: 'FORBIDDEN_ORIGIN', message: 'Requête refusée : origine non autorisée.' });
  });

  it('should not sign anyone up from a foreign Origin', async () => {
    const payload = newMemberPayload();
    await new ApiClient(undefined, 'https://evil.example').post('/api/signup', payload);
    const login = await new ApiClient().post('/api/login', { username: payload.username, password: payload.password });
    expect(login.status).toBe(401);
  });

  it('should accept a client that sends no Origin at all (not a browser)', async () => {
    const res = await new ApiClient(undefined, null).post('/api/signup', newMemberPayload());
    expect(res.status).toBe(201);
  });

  it('should not log out when another site triggers the logout link', async () => {
    const { client } = await signedUpMember();
    await client.get('/api/logout', { 'sec-fetch-site': 'cross-site' });
    expect((await client.get('/api/auth/user')).status).toBe(200);
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

describe('GET /api/health', () => {
  it('should report every dependency up', async () => {
    const res = await new ApiClient().get('/api/health');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      service: 'gateway',
      status: 'up',
      dependencies: { redis: 'up', nats: 'up', storage: 'up', users: 'up', points: 'up', donations: 'up', messaging: 'up' },
    });
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
