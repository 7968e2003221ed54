import type { DonationView } from '../donations.js';
import { openApiDocument } from './openapi.js';
import { methodOf, pathOf, type RouteSpec } from './route.js';
import { fillPath } from './route-path.js';
import type { AnswerOf, BodyOf, ParamsOf } from './route-types.js';
import { ApiRoutes } from './routes.js';

type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
// The typed clients read these: a wrong answer type fails the type check.
const donationAnswer: Same<AnswerOf<'GET /api/donations/{id}'>, DonationView> = true;
const reserveParams: Same<keyof ParamsOf<'POST /api/donations/{id}/reserve'>, 'id'> = true;
const noBody: Same<BodyOf<'GET /api/cities'>, never> = true;
void [donationAnswer, reserveParams, noBody];

const routes: [string, RouteSpec][] = Object.entries(ApiRoutes);

describe('the route map', () => {
  it.each(routes)('%s names its path parameters, no more', (key, route) => {
    expect(['GET', 'POST', 'PUT', 'PATCH', 'DELETE']).toContain(methodOf(key));
    const inPath = [...pathOf(key).matchAll(/\{(\w+)\}/g)].map(([, name]) => name).sort();
    expect(Object.keys(route.params ?? {}).sort()).toEqual(inPath);
    expect(pathOf(key)).toMatch(/^\/api\//);
    expect(route.status[0]).toBeLessThan(400);
  });

  it('fills a path with encoded values', () => {
    expect(fillPath('/api/donations/{id}/reserve', { id: 7 })).toBe('/api/donations/7/reserve');
    expect(fillPath('/api/users/{userId}', { userId: 'a/b' })).toBe('/api/users/a%2Fb');
    expect(() => fillPath('/api/users/{userId}')).toThrow('userId');
  });
});

describe('openApiDocument', () => {
  const document = openApiDocument() as { openapi: string; paths: Record<string, Record<string, { parameters: { name: string; in: string }[]; requestBody?: unknown; responses: Record<string, unknown>; security?: unknown }>> };

  it('is OpenAPI 3.1 with one operation per route', () => {
    expect(document.openapi).toBe('3.1.0');
    const operations = Object.entries(document.paths).flatMap(([path, methods]) => Object.keys(methods).map((m) => `${m.toUpperCase()} ${path}`));
    expect(operations.sort()).toEqual(Object.keys(ApiRoutes).sort());
  });

  it('describes inputs from the zod schemas the gateway validates with', () => {
    const search = document.paths['/api/donations']!.get!;
    expect(search.parameters.map((p) => p.name)).toEqual(expect.arrayContaining(['lat', 'lng', 'distance', 'category', 'limit', 'cursor']));
    const signup = document.paths['/api/signup']!.post!.requestBody as { content: { 'application/json': { schema: { required: string[] } } } };
    expect(signup.content['application/json'].schema.required).toEqual(expect.arrayContaining(['username', 'email', 'password']));
    expect(document.paths['/api/donations/{id}']!.get!.parameters).toEqual([{ name: 'id', in: 'path', required: true, schema: { type: 'integer', minimum: 1, maximum: 2 ** 31 - 1 } }]);
  });

  it('marks what needs a session and answers the shared error shape', () => {
    const reserve = document.paths['/api/donations/{id}/reserve']!.post!;
    expect(reserve.security).toEqual([{ session: [] }]);
    expect(reserve.responses['401']).toEqual({ $ref: '#/components/responses/Error' });
    expect(document.paths['/api/admin/gift-pairs']!.get!.responses['403']).toBeDefined();
    expect(document.paths['/api/cities']!.get!.security).toBeUndefined();
  });
});
