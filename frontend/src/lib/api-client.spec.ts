import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, call, callPage, getPage, request, nextCursorFrom, nextPageParam, suggestionFrom, totalFrom, withQuery } from './api-client';
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
  it('should call a route of the route map with its path parameters encoded and its query', async () => {
    const fetchMock = stubFetch(200, { id: 'a/b' });
    await call('GET /api/users/{id}', { params: { id: 'a/b' } });
    await call('POST /api/donations/{id}/reserve', { params: { id: 7 } });
    await callPage('GET /api/user/donations', { query: { limit: 24, cursor: null } });
    await call('POST /api/messages', { body: { receiverId: 'u1', content: 'Salam' } });
    const calls = fetchMock.mock.calls as unknown as [string, RequestInit][];
    expect(calls.map(([url, init]) => `${init.method} ${url}`)).toEqual([
      'GET /api/users/a%2Fb',
      'POST /api/donations/7/reserve',
      'GET /api/user/donations?limit=24',
      'POST /api/messages',
    ]);
    expect(calls[3]![1].body).toBe('{"receiverId":"u1","content":"Salam"}');
  });

  it('should send cookies, JSON and no-store', async () => {
    const fetchMock = stubFetch(201, { ok: true });
    await request('POST', '/api/contact', { body: { name: 'Amina' } });
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/contact');
    expect(init).toMatchObject({ method: 'POST', credentials: 'include', cache: 'no-store', body: '{"name":"Amina"}' });
    expect((init.headers as Record<string, string>)['Content-Type']).toBe('application/json');
  });

  it('should pass extra headers such as Idempotency-Key', async () => {
    const fetchMock = stubFetch(201, { transferId: 't1' });
    await request('POST', '/api/transfer-points', { body: { points: 1 }, headers: { 'Idempotency-Key': 'key-12345678' } });
    const [, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(init.headers).toMatchObject({ 'Idempotency-Key': 'key-12345678', 'Content-Type': 'application/json' });
  });

  it('should throw an ApiError carrying status, code, message and field', async () => {
    stubFetch(409, { statusCode: 409, message: 'Ce nom est pris', code: 'USERNAME_TAKEN', field: 'username' });
    const error = await request('POST', '/api/signup', { body: {} }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 409, code: 'USERNAME_TAKEN', message: 'Ce nom est pris', field: 'username', fromServer: true });
  });

  it('should not treat a non-JSON body as a server message', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => new Response('<html>Bad gateway</html>', { status: 502 })));
    const error = await request('GET', '/api/categories').catch((caught: unknown) => caught);
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

describe('paginated lists', () => {
  it('should read the next cursor from X-Next-Cursor', () => {
    expect(nextCursorFrom(new Headers({ 'X-Next-Cursor': 'eyJrIjoxfQ' }))).toBe('eyJrIjoxfQ');
    expect(nextCursorFrom(new Headers({ 'x-next-cursor': ' abc ' }))).toBe('abc');
  });

  it('should read a search total from X-Total-Count, exact or capped', () => {
    expect(totalFrom(new Headers({ 'X-Total-Count': '27' }))).toEqual({ count: 27, capped: false });
    expect(totalFrom(new Headers({ 'X-Total-Count': '100+' }))).toEqual({ count: 100, capped: true });
    expect(totalFrom(new Headers())).toBeUndefined();
    expect(totalFrom(new Headers({ 'X-Total-Count': 'beaucoup' }))).toBeUndefined();
  });

  it('should read a search suggestion from X-Search-Suggestion, in any script', () => {
    expect(suggestionFrom(new Headers({ 'X-Search-Suggestion': encodeURIComponent('table ثلاجة') }))).toBe('table ثلاجة');
    expect(suggestionFrom(new Headers())).toBeUndefined();
    expect(suggestionFrom(new Headers({ 'X-Search-Suggestion': '%E0%A4%A' }))).toBeUndefined();
  });

  it('should see the last page when the header is absent or blank', () => {
    expect(nextCursorFrom(new Headers())).toBeNull();
    expect(nextCursorFrom(new Headers({ 'X-Next-Cursor': '' }))).toBeNull();
    expect(nextPageParam({ items: [], nextCursor: null })).toBeUndefined();
    expect(nextPageParam({ items: [1], nextCursor: 'c2' })).toBe('c2');
  });

  it('should return the array body and the cursor together', async () => {
    const fetchMock = vi.fn(
      async () => new Response(JSON.stringify([{ id: 1 }, { id: 2 }]), { status: 200, headers: { 'X-Next-Cursor': 'next-1' } }),
    );
    vi.stubGlobal('fetch', fetchMock);
    await expect(getPage('/api/donations?limit=2')).resolves.toEqual({ items: [{ id: 1 }, { id: 2 }], nextCursor: 'next-1' });

    fetchMock.mockImplementationOnce(async () => new Response('[]', { status: 200 }));
    await expect(getPage('/api/donations?cursor=next-1')).resolves.toEqual({ items: [], nextCursor: null });
  });

  it('should build query strings from the defined values only', () => {
    expect(withQuery('/api/donations', { query: 'canapé', category: 'all', cursor: null, lat: undefined, limit: 24 })).toBe(
      '/api/donations?query=canap%C3%A9&category=all&limit=24',
    );
    expect(withQuery('/api/user/favorites', { cursor: '' })).toBe('/api/user/favorites');
  });
});
