import type { Request, Response } from 'express';
import { originCheck } from './origin-check.js';

function run(method: string, headers: Record<string, string>, allowed = ['https://hdiya.ma'], path = '/api/donations') {
  const req = {
    method,
    path,
    protocol: 'http',
    get: (name: string) => (name.toLowerCase() === 'host' ? 'localhost:3000' : headers[name.toLowerCase()]),
  } as unknown as Request;
  let status: number | undefined;
  const res = { status: (s: number) => ((status = s), { json: () => undefined }) } as unknown as Response;
  let passed = false;
  originCheck(allowed)(req, res, () => (passed = true));
  return passed ? 'passed' : status;
}

describe(originCheck.name, () => {
  it('should let safe methods through whatever their origin', () => {
    expect(run('GET', { origin: 'https://evil.example' })).toBe('passed');
  });

  it('should accept the site itself and configured public origins', () => {
    expect(run('POST', { origin: 'http://localhost:3000' })).toBe('passed');
    expect(run('POST', { origin: 'https://hdiya.ma' })).toBe('passed');
  });

  it('should refuse a state change from another origin', () => {
    expect(run('POST', { origin: 'https://evil.example' })).toBe(403);
    expect(run('DELETE', { origin: 'null' })).toBe(403);
  });

  it('should refuse a cross-site request that hides its origin', () => {
    expect(run('PATCH', { 'sec-fetch-site': 'cross-site' })).toBe(403);
    expect(run('POST', {})).toBe('passed');
  });
});

describe('the one-click unsubscribe (decision 0027)', () => {
  it('should let a webmail POST from its own origin through: the signed token authorises it, not the cookie', () => {
    expect(run('POST', { origin: 'https://mail.example' }, undefined, '/api/unsubscribe')).toBe('passed');
    expect(run('POST', { 'sec-fetch-site': 'cross-site' }, undefined, '/api/unsubscribe')).toBe('passed');
    // Only that route: the preferences a session changes keep the check.
    expect(run('PUT', { origin: 'https://mail.example' }, undefined, '/api/notification-preferences')).toBe(403);
  });
});
