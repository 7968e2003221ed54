import i18n, { type TFunction } from 'i18next';
import { LANGUAGE_COOKIE, LINK_LANGUAGE_PARAM, languageCookieOf, linkLanguageOf } from '@hdiya/contracts';
import resourcesToBackend from 'i18next-resources-to-backend';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LANGUAGE, LANGUAGES, applyLanguageToDocument, isLanguage, type Language } from './direction';
import { withDe } from './french-typography';
import { POINTS_FIGURES } from './points-rules';
import { rememberTexts } from './remembered-texts';
import { readStorage, writeStorage } from './storage';

export const LANGUAGE_STORAGE_KEY = 'language';

type Messages = Record<string, unknown>;

/**
 * Each language's texts are a chunk of their own (locales/fr.ts, locales/ar.ts): a first visit
 * downloads the language it shows, the other one comes when the member switches.
 */
const TEXTS: Record<Language, () => Promise<{ default: Messages }>> = {
  fr: () => import('../locales/fr'),
  ar: () => import('../locales/ar'),
};

/**
 * The language a link asks for (`?lang=`: a mail's links open in the mail's language, issue 46),
 * else the one last chosen here: localStorage, else its mirror for the server (`tellServerLanguage`), else French.
 */
export function initialLanguage(): Language {
  const stored = linkLanguageOf(globalThis.location?.search) ?? readStorage(LANGUAGE_STORAGE_KEY) ?? languageCookieOf(globalThis.document?.cookie);
  return isLanguage(stored) ? stored : DEFAULT_LANGUAGE;
}

/** A link's language becomes the choice here, and leaves the address bar (a reload then keeps a later switch). */
function keepLinkLanguage(language: Language): void {
  if (!globalThis.location || !linkLanguageOf(globalThis.location.search)) return;
  writeStorage(LANGUAGE_STORAGE_KEY, language);
  const url = new URL(globalThis.location.href);
  url.searchParams.delete(LINK_LANGUAGE_PARAM);
  globalThis.history.replaceState(globalThis.history.state, '', url);
}

const firstLanguage = initialLanguage();
keepLinkLanguage(firstLanguage);

/** Resolves once the first language's texts are in: the app renders after it. */
export const i18nReady: Promise<unknown> = i18n
  .use(resourcesToBackend((language: string) => (isLanguage(language) ? TEXTS[language]() : Promise.resolve({ default: {} }))))
  .use(initReactI18next)
  .init({
    lng: firstLanguage,
    // Both languages have every key (locales.spec.ts): no fallback, so Arabic never loads French.
    fallbackLng: false,
    supportedLngs: [...LANGUAGES],
    load: 'currentOnly',
    // React escapes already. The points rules' figures are variables of every text (one source).
    interpolation: { escapeValue: false, defaultVariables: { ...POINTS_FIGURES } },
    returnNull: false,
    react: { useSuspense: false },
  });

rememberTexts(i18n);

// French texts write "{{name, de}}": "de Mehdi", "d’Amina" ("{{name, de(start: true)}}": "D’Amina").
i18n.services.formatter?.add('de', (value: unknown, _language: string | undefined, options: { start?: boolean }) =>
  withDe(String(value), options.start === true),
);

/**
 * The gateway writes each page's first screen in the language of this cookie (it cannot read
 * localStorage): a preference mirrored for the server, never an identity.
 */
function tellServerLanguage(language: string): void {
  if (globalThis.document) document.cookie = `${LANGUAGE_COOKIE}=${language}; path=/; max-age=31536000; samesite=lax`;
}

applyLanguageToDocument(firstLanguage);
tellServerLanguage(firstLanguage);
i18n.on('languageChanged', (language) => {
  writeStorage(LANGUAGE_STORAGE_KEY, language);
  applyLanguageToDocument(language);
  tellServerLanguage(language);
});

export function currentLanguage(): Language {
  return isLanguage(i18n.language) ? i18n.language : DEFAULT_LANGUAGE;
}

export function otherLanguage(language: Language): Language {
  return language === 'fr' ? 'ar' : 'fr';
}

/** Intl locale for dates and numbers: Moroccan Arabic with Latin digits, as used in Morocco. */
export function intlLocale(language: string): string {
  return language === 'ar' ? 'ar-MA-u-nu-latn' : 'fr-FR';
}

export type { TFunction };
export { i18n };
