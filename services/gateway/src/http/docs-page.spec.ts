import { openApiDocument } from '@hdiya/contracts';
import { docsPage } from './docs-page.js';

describe('docsPage', () => {
  const page = docsPage(openApiDocument());

  it('lists every route with its parameters', () => {
    expect(page).toContain('<code>GET /api/donations/{id}</code>');
    expect(page).toContain('<code>POST /api/donations/{id}/reserve</code>');
    expect(page).toContain('<td><code>cursor</code></td><td>query</td>');
  });

  it('keeps the strict Content-Security-Policy: no script, no inline style', () => {
    expect(page).not.toMatch(/<script|<style|\sstyle=|\son\w+=/i);
  });

  it('escapes what it shows', () => {
    const hostile = docsPage({ info: { title: '<script>alert(1)</script>' }, paths: { '/api/x': { get: { summary: '<img src=x onerror=alert(1)>' } } } });
    expect(hostile).not.toContain('<script>');
    expect(hostile).not.toContain('<img');
  });
});
