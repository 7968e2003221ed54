import { ApiRoutes } from '@hdiya/contracts';
import { ApiClient } from '../support/api-client.js';

interface OpenApi {
  openapi: string;
  paths: Record<string, Record<string, { summary: string }>>;
}

describe('the API reference at /api/docs', () => {
  it('should publish the OpenAPI 3.1 document of every route, generated from the route map', async () => {
    const res = await new ApiClient().call('GET /api/docs/openapi.json');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/application\/json/);
    const document = res.body as unknown as OpenApi;
    expect(document.openapi).toBe('3.1.0');
    const operations = Object.entries(document.paths).flatMap(([path, methods]) => Object.keys(methods).map((m) => `${m.toUpperCase()} ${path}`));
    expect(operations.sort()).toEqual(Object.keys(ApiRoutes).sort());
    expect(document.paths['/api/donations/{id}']!.get!.summary).toBe('One donation');
  });

  it('should show it as a page that keeps the strict Content-Security-Policy', async () => {
    const res = await new ApiClient().call('GET /api/docs');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/text\/html/);
    expect(res.headers.get('content-security-policy')).toContain("script-src 'self'");
    const page = String(res.body);
    expect(page).toContain('<code>POST /api/donations/{id}/reserve</code>');
    expect(page).toContain('href="/api/docs/openapi.json"');
    expect(page).not.toMatch(/<script|<style|\sstyle=/i);
  });

  it('should answer a route through the typed client as the route map says', async () => {
    const res = await new ApiClient().call('GET /api/donations', { query: { limit: 1 } });
    expect(res.status).toBe(200);
    expect(Array.isArray(res.body)).toBe(true);
  });
});
