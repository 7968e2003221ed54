import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Plugin } from 'vite';
import { DETAIL_PHOTO_SIZES, PHOTO_WIDTHS } from '../src/components/photo-srcset.ts';

/**
 * What the gateway writes into `<div id="root">` before any script has run (issue 44): the
 * header and the page's heading, in the member's language, so a phone on a slow network paints
 * the page's first screen with the HTML and its style sheet. React replaces it on its first render.
 * The gateway fills a donation page's `{{title}}`, `{{photo}}` and `{{photoMedium}}` (escaped; the
 * photo as the gallery asks for it, so it is downloaded once), and uses `other` for
 * every page without a first screen of its own.
 */
export interface FirstScreens {
  [language: string]: { dir: 'ltr' | 'rtl'; pages: Record<string, string>; donation: string; other: string };
}

type Tree = { [key: string]: string | Tree };

const LANGUAGES = { fr: 'ltr', ar: 'rtl' } as const;

const escape = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

function textsOf(localesDir: string, language: string): (key: string) => string {
  const areas: Tree = {};
  for (const file of readdirSync(join(localesDir, language))) {
    if (file.endsWith('.json')) areas[file.replace(/\.json$/, '')] = JSON.parse(readFileSync(join(localesDir, language, file), 'utf8')) as Tree;
  }
  return (key) => {
    const value = key.split('.').reduce<string | Tree | undefined>((node, part) => (typeof node === 'object' ? node[part] : undefined), areas);
    if (typeof value !== 'string' || value.includes('{{')) throw new Error(`first screen: "${key}" is not a plain text in ${language}`);
    return escape(value);
  };
}

/** lucide's "gift", the logo's icon (layout/header.tsx). */
const GIFT_ICON =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round" class="lucide icon" aria-hidden="true">' +
  '<path d="M12 7v14"/><path d="M20 11v8a2 2 0 0 1-2 2H6a2 2 0 0 1-2-2v-8"/><path d="M7.5 7a1 1 0 0 1 0-5A4.8 8 0 0 1 12 7a4.8 8 0 0 1 4.5-5 1 1 0 0 1 0 5"/>' +
  '<rect x="3" y="7" width="18" height="4" rx="1"/></svg>';

/** The markup of the real header and pages (layout/header.tsx, home/hero.tsx, ui/page.tsx…), reduced to what shows first. */
function screensOf(t: (key: string) => string) {
  const link = (href: string, key: string) => `<a href="${href}" class="site-header__link">${t(key)}</a>`;
  const header =
    '<header class="site-header"><div class="container site-header__inner">' +
    `<a href="/" class="site-header__logo" aria-label="Hdiya">${GIFT_ICON}<span>Hdiya</span></a>` +
    `<nav class="site-header__nav" aria-label="${t('layout.nav.label')}">` +
    link('/', 'layout.nav.home') + link('/donations', 'layout.nav.explore') + link('/asks', 'layout.nav.asks') +
    '</nav></div></header>';
  const shell = (main: string) => `<div class="app-shell first-screen">${header}<main id="main" class="app-main">${main}</main></div>`;
  const pageShell = (title: string, lead?: string) =>
    `<div class="container page"><header class="page__header"><h1>${title}</h1>${lead ? `<p class="page__lead">${lead}</p>` : ''}</header></div>`;
  return {
    pages: {
      '/': shell(`<section class="hero"><div class="container hero__inner"><h1 class="hero__title">${t('home.hero.title')}</h1><p class="hero__subtitle">${t('home.hero.subtitle')}</p></div></section>`),
      '/donations': shell(pageShell(t('donations.browse.title'))),
      '/how-it-works': shell(pageShell(t('info.howItWorks.title'), t('info.howItWorks.lead'))),
    },
    donation: shell(
      `<div class="container page"><a href="/donations" class="back-link">${t('donations.detail.back')}</a><div class="first-screen__detail">` +
        `<img class="first-screen__photo" src="{{photo}}" srcset="{{photoMedium}} ${PHOTO_WIDTHS.medium}w, {{photo}} ${PHOTO_WIDTHS.displayMax}w" sizes="${DETAIL_PHOTO_SIZES}" alt="" fetchpriority="high" width="4" height="3" />` +
        '<h1 class="detail__title" dir="auto">{{title}}</h1></div></div>',
    ),
    other: shell(''),
  };
}

/** Writes `first-screens.json` beside index.html from the locales, at every production build. */
export function firstScreens(localesDir: string): Plugin {
  return {
    name: 'hdiya-first-screens',
    apply: 'build',
    generateBundle() {
      const screens: FirstScreens = {};
      for (const [language, dir] of Object.entries(LANGUAGES)) screens[language] = { dir, ...screensOf(textsOf(localesDir, language)) };
      this.emitFile({ type: 'asset', fileName: 'first-screens.json', source: JSON.stringify(screens) });
    },
  };
}
