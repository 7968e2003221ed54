/**
 * The token of a mailed link (`/reset-password#token=…`), read once and then taken out of the
 * address bar: it stays out of the history, bookmarks and screenshots. Being in the fragment, it
 * never reached a server log or a Referer header in the first place.
 */
export function takeMailedToken(location: Pick<Location, 'hash' | 'pathname' | 'search'> = window.location): string | null {
  const token = new URLSearchParams(location.hash.replace(/^#/, '')).get('token');
  if (location.hash) window.history.replaceState(window.history.state, '', `${location.pathname}${location.search}`);
  return token || null;
}
