import { describe, expect, it } from 'vitest';
import { authHref, safeReturnPath } from './return-path';

describe('safeReturnPath', () => {
  it('should keep a path of this site with its query string', () => {
    expect(safeReturnPath('/messages?with=abc&donation=4')).toBe('/messages?with=abc&donation=4');
    expect(safeReturnPath('/create-donation')).toBe('/create-donation');
  });

  it.each(['//evil.example', '//evil.example/x', 'https://evil.example', '/\\evil.example', '\\\\evil.example', 'javascript:alert(1)', 'evil.example', '/\t/evil.example', ' /x', '', null, undefined])(
    'should refuse what could leave the site (%s)',
    (next) => {
      expect(safeReturnPath(next)).toBeNull();
    },
  );

  it('should not lead back to the sign-in or sign-up page itself', () => {
    expect(safeReturnPath('/login?next=/x')).toBeNull();
    expect(safeReturnPath('/signup')).toBeNull();
  });
});

describe('authHref', () => {
  it('should pass the page along, encoded, and drop what is not a path of this site', () => {
    expect(authHref('/login', '/messages?with=a&donation=2')).toBe('/login?next=%2Fmessages%3Fwith%3Da%26donation%3D2');
    expect(authHref('/signup', '//evil.example')).toBe('/signup');
    expect(authHref('/login', '/')).toBe('/login');
  });
});
