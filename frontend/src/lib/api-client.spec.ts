import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, api } from './api-client';
import { getUser } from './auth';

function stubFetch(status: number, body: unknown) {
  const fetchMock = vi.fn(async () => new Response(body === undefined ? null : JSON.stringify(body), { status }));
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('api client', () => {
  it('should send cookies, JSON and no-store', async () => {
    const fetchMock = stubFetch(201, { ok: true });
    await api.post('/api/contact', { name: 'Amina' });
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/contact');
    expect(init).toMatchObject({ method: 'POST', credentials: 'include', cache: 'no-store', body: '{"name":"Amina"}' });
    expect((init.headers as Record<string, string>)['Content-Type']).toBe('application/json');
  });

  it('should throw an ApiError carrying status, code, message and field', async () => {
    stubFetch(409, { statusCode: 409, message: 'Ce nom est pris', code: 'USERNAME_TAKEN', field: 'username' });
    const error = await api.post('/api/signup', {}).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 409, code: 'USERNAME_TAKEN', message: 'Ce nom est pris', field: 'username', fromServer: true });
  });

  it('should not treat a non-JSON body as a server message', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => new Response('<html>Bad gateway</html>', { status: 502 })));
    const error = await api.get('/api/categories').catch((caught: unknown) => caught);
    expect(error).toMatchObject({ status: 502, fromServer: false, code: undefined });
  });
});

describe(getUser.name, () => {
  it('should resolve to null on 401', async () => {
    stubFetch(401, { statusCode: 401, message: 'Non authentifié', code: 'UNAUTHENTICATED' });
    await expect(getUser()).resolves.toBeNull();
  });

  it('should still throw other errors', async () => {
    stubFetch(500, { statusCode: 500, message: 'Erreur', code: 'INTERNAL_ERROR' });
    await expect(getUser()).rejects.toBeInstanceOf(ApiError);
  });
});
