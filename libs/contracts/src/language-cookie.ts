/**
 * The cookie in which the web app keeps the language it shows, so the gateway can write a page's
 * first screen in it (decision 0053): a preference, never an identity.
 */
export const LANGUAGE_COOKIE = 'hdiya.lang';

/** The language cookie's value in a Cookie header (or `document.cookie`), if any. */
export function languageCookieOf(cookies: string | undefined): string | undefined {
  for (const part of (cookies ?? '').split(';')) {
    const [name, value] = part.trim().split('=');
    if (name === LANGUAGE_COOKIE) return value;
  }
  return undefined;
}
