import type { Request } from 'express';
import { languageCookieOf, type MailLanguage } from '@hdiya/contracts';

/**
 * The language a visitor reads the site in: the web app's language cookie (what the page shows),
 * else the browser's first choice between French and Arabic (Accept-Language), else French.
 */
export function requestLanguage(req: Pick<Request, 'headers'>): MailLanguage {
  const cookie = languageCookieOf(req.headers.cookie);
  if (cookie === 'fr' || cookie === 'ar') return cookie;
  for (const part of (req.headers['accept-language'] ?? '').split(',')) {
    const tag = part.trim().split(';')[0]!.toLowerCase();
    if (tag === 'ar' || tag.startsWith('ar-')) return 'ar';
    if (tag === 'fr' || tag.startsWith('fr-')) return 'fr';
  }
  return 'fr';
}
