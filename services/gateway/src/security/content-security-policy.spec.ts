import type { IncomingMessage, ServerResponse } from 'node:http';
import helmet from 'helmet';
import { contentSecurityPolicy } from './content-security-policy.js';

/** The header helmet sends with this policy, directive by directive. */
function directives(tileUrl: string): Map<string, string[]> {
  const headers = new Map<string, string>();
  const res = { setHeader: (name: string, value: string) => headers.set(name.toLowerCase(), value), removeHeader: () => undefined } as unknown as ServerResponse;
  helmet({ contentSecurityPolicy: contentSecurityPolicy(tileUrl) })({} as IncomingMessage, res, () => undefined);
  const policy = headers.get('content-security-policy') ?? '';
  return new Map(policy.split(';').map((d) => d.trim().split(/\s+/)).map(([name, ...values]) => [name!, values]));
}

describe(contentSecurityPolicy.name, () => {
  it('should allow styles from our own files only, scripts likewise, and images from the tile server', () => {
    const policy = directives('https://{s}.tiles.example.net/{z}/{x}/{y}.png');
    expect(policy.get('style-src')).toEqual(["'self'"]);
    expect(policy.get('script-src')).toEqual(["'self'"]);
    expect(policy.get('font-src')).toEqual(["'self'", 'data:']);
    expect(policy.get('worker-src')).toEqual(["'self'"]);
    expect(policy.get('img-src')).toEqual(["'self'", 'data:', 'blob:', 'https://*.tiles.example.net']);
    expect([...policy.values()].flat()).not.toContain("'unsafe-inline'");
    expect(policy.has('upgrade-insecure-requests')).toBe(false);
  });
});
