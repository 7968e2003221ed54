import { MAIL_LANGUAGES, type MailLanguage } from './mail.js';

/**
 * The query parameter of a mail's links (`?lang=ar`): the page a mail opens shows in the mail's
 * language, whatever the browser last showed (issue 46). The web app and the gateway's first
 * screen both read it, so they agree.
 */
export const LINK_LANGUAGE_PARAM = 'lang';

/** The language a query string (`?lang=ar&…`, with or without `?`) asks for, if it names one of ours. */
export function linkLanguageOf(search: string | undefined): MailLanguage | undefined {
  // By hand: the contracts run where neither the DOM's nor Node's URL types are declared.
  for (const pair of (search ?? '').replace(/^\?/, '').split('&')) {
    const [name, value] = pair.split('=');
    if (name === LINK_LANGUAGE_PARAM) return (MAIL_LANGUAGES as readonly string[]).includes(value ?? '') ? (value as MailLanguage) : undefined;
  }
  return undefined;
}

/** `url` asking for `language`: `lang=` at the end of its query, before any fragment (`/reset-password?lang=ar#token=…`). */
export function withLinkLanguage(url: string, language: MailLanguage): string {
  const hash = url.indexOf('#');
  const [address, fragment] = hash === -1 ? [url, ''] : [url.slice(0, hash), url.slice(hash)];
  const own = new RegExp(`([?&])${LINK_LANGUAGE_PARAM}=[^&]*(&|$)`);
  const without = address.replace(own, (_match, before: string, after: string) => (after ? before : '')).replace(/[?&]$/, '');
  return `${without}${without.includes('?') ? '&' : '?'}${LINK_LANGUAGE_PARAM}=${language}${fragment}`;
}
