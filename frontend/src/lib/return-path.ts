/**
 * Where sign-in (or sign-up) leads back to: the members-only page a visitor opened, passed along
 * as `?next=`. Only a path of this site is ever followed, so a crafted link cannot send a member
 * who just signed in to another site (no open redirect).
 */
export const NEXT_PARAM = 'next';

const AUTH_PAGES = ['/login', '/signup'];

/** `next` when it is a path of this site (query kept), else null: `//host`, `/\host`, `https:` and the like are refused. */
export function safeReturnPath(next: string | null | undefined): string | null {
  if (!next || !next.startsWith('/') || next.startsWith('//') || next.startsWith('/\\')) return null;
  // Control characters and backslashes are read as slashes by some browsers: never follow them.
  if (/[\u0000-\u001f\\]/.test(next)) return null;
  let url: URL;
  try {
    url = new URL(next, 'https://hdiya.invalid');
  } catch {
    return null;
  }
  if (url.origin !== 'https://hdiya.invalid' || AUTH_PAGES.includes(url.pathname)) return null;
  return `${url.pathname}${url.search}${url.hash}`;
}

/** The sign-in (or sign-up) page that comes back to `path` afterwards; home needs no `next`. */
export function authHref(page: '/login' | '/signup', path: string | null | undefined): string {
  const next = safeReturnPath(path);
  return next && next !== '/' ? `${page}?${NEXT_PARAM}=${encodeURIComponent(next)}` : page;
}

/** The page shown now, as a `next` value (for links outside the router, e.g. in toasts). */
export function currentPath(): string {
  return `${window.location.pathname}${window.location.search}`;
}
