/** The token read from the current page's link, kept once the address bar has forgotten it. */
let taken: { path: string; token: string | null } | null = null;

/**
 * The token of a mailed link (`/reset-password#token=…`), taken out of the address bar on first
 * read: it stays out of the history, bookmarks and screenshots. Being in the fragment, it never
 * reached a server log or a Referer header in the first place. Reading again on the same page
 * (a render React discarded while a lazy part loaded, then redid) gives the same token.
 */
export function takeMailedToken(location: Pick<Location, 'hash' | 'pathname' | 'search'> = window.location): string | null {
  if (location.hash) {
    taken = { path: location.pathname, token: new URLSearchParams(location.hash.replace(/^#/, '')).get('token') || null };
    window.history.replaceState(window.history.state, '', `${location.pathname}${location.search}`);
  }
  return taken?.path === location.pathname ? taken.token : null;
}
