import type { Request, Response } from 'express';
import { isVisitorRead, unlessVisitorRead } from './visitor-reads.js';

const request = (method: string, cookie?: string) => ({ method, headers: cookie === undefined ? {} : { cookie } }) as Request;

function ran(method: string, cookie?: string): { handler: boolean; next: boolean } {
  const seen = { handler: false, next: false };
  unlessVisitorRead((_req, _res, next) => {
    seen.handler = true;
    next();
  })(request(method, cookie), {} as Response, () => (seen.next = true));
  return seen;
}

describe(unlessVisitorRead.name, () => {
  it('should skip the session for a read without a session cookie', () => {
    expect(ran('GET')).toEqual({ handler: false, next: true });
    expect(ran('HEAD', 'theme=dark')).toEqual({ handler: false, next: true });
  });

  it('should load the session whenever the request carries its cookie', () => {
    expect(ran('GET', 'theme=dark; hdiya.sid=s%3Aabc.def')).toEqual({ handler: true, next: true });
  });

  it('should give every state change a session, so that sign-up and sign-in can start one', () => {
    for (const method of ['POST', 'PUT', 'PATCH', 'DELETE']) expect(ran(method)).toEqual({ handler: true, next: true });
  });

  it('should not take another cookie for the session one', () => {
    expect(isVisitorRead(request('GET', 'hdiya.theme=dark'))).toBe(true);
  });
});
