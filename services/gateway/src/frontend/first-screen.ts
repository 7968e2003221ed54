import { languageCookieOf, linkLanguageOf, mediumPhotoOf } from '@hdiya/contracts';
import { escapeHtml } from './html-text.js';

/**
 * The first screen of a page, written into the web app's index.html (issue 44): a phone paints the
 * header and the page's heading with the HTML and its style sheet, before any script has run.
 * The markup and texts come from the build (`first-screens.json`, frontend/build/first-screens.ts);
 * the gateway picks the member's language and fills a donation's title and photo.
 */

/** One language's screens as the build writes them. */
interface LanguageScreens {
  dir: 'ltr' | 'rtl';
  pages: Record<string, string>;
  donation: string;
  other: string;
}
export type FirstScreens = Record<string, LanguageScreens>;

/** What the gateway knows of a page beyond its path (`link-preview.ts`): tags for its head, a donation's title and photo. */
export interface PageFacts {
  head: string;
  donation?: { title: string; photo: string };
}

const DEFAULT_LANGUAGE = 'fr';

/**
 * The language the page opens in: the one its link asks for (`?lang=`, a mail's links, as the web
 * app reads it too), else the one the web app last showed here (its language cookie), else French.
 */
export function languageOf(cookieHeader: string | undefined, url = ''): string {
  const query = url.includes('?') ? url.slice(url.indexOf('?')) : '';
  const language = linkLanguageOf(query) ?? languageCookieOf(cookieHeader);
  return language === 'fr' || language === 'ar' ? language : DEFAULT_LANGUAGE;
}

function screenOf(screens: LanguageScreens, path: string, facts: PageFacts | null): string {
  const page = screens.pages[path.length > 1 ? path.replace(/\/+$/, '') : path];
  if (page !== undefined) return page;
  if (facts?.donation) {
    // One pass, so a title holding "{{photo}}" stays text.
    const { title, photo } = facts.donation;
    const values: Record<string, string> = { title: escapeHtml(title), photo: escapeHtml(photo), photoMedium: escapeHtml(mediumPhotoOf(photo)) };
    return screens.donation.replace(/\{\{(title|photo|photoMedium)\}\}/g, (_match, name: string) => values[name]!);
  }
  return screens.other;
}

/**
 * index.html with the page's first screen in `#root`, `<html lang dir>` set to the language shown
 * and the page's head tags. Without first screens (an older build) only the head tags are added.
 */
export function pageHtml(index: string, screens: FirstScreens | null, options: { path: string; language: string; facts: PageFacts | null }): string {
  const head = options.facts?.head;
  let html = head ? index.replace('</head>', () => `    ${head}\n  </head>`) : index;
  const language = screens?.[options.language] ? options.language : DEFAULT_LANGUAGE;
  const own = screens?.[language];
  if (!own) return html;
  html = html.replace(/<html lang="[^"]*" dir="[^"]*">/, `<html lang="${language}" dir="${own.dir}">`);
  // A function, so `$` in a title is not a replacement pattern.
  return html.replace('<div id="root"></div>', () => `<div id="root">${screenOf(own, options.path, options.facts)}</div>`);
}
