import i18n, { type TFunction } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LANGUAGE, LANGUAGES, applyLanguageToDocument, isLanguage, type Language } from './direction';
import { withDe } from './french-typography';
import { POINTS_FIGURES } from './points-rules';
import { readStorage, writeStorage } from './storage';
import { frenchValidationTexts } from './validation';

export const LANGUAGE_STORAGE_KEY = 'language';

type Messages = Record<string, unknown>;

// Each file src/locales/<lang>/<area>.json becomes the top-level key <area> of one namespace,
// so keys read `auth.login.title`, `errors.POINTS_INSUFFICIENT`.
const files = import.meta.glob<Messages>('../locales/*/*.json', { eager: true, import: 'default' });

export function buildResources(): Record<Language, Messages> {
  const resources: Record<string, Messages> = {};
  for (const [path, messages] of Object.entries(files)) {
    const match = /locales\/([^/]+)\/([^/]+)\.json$/.exec(path);
    if (!match) continue;
    const [, language, area] = match;
    resources[language] ??= {};
    resources[language][area] = messages;
  }
  // French form messages come from the contracts, the same texts the API answers with.
  (resources.fr ??= {}).validation = frenchValidationTexts();
  return resources as Record<Language, Messages>;
}

export const resources = buildResources();

export function initialLanguage(): Language {
  const stored = readStorage(LANGUAGE_STORAGE_KEY);
  return isLanguage(stored) ? stored : DEFAULT_LANGUAGE;
}

void i18n.use(initReactI18next).init({
  resources: Object.fromEntries(LANGUAGES.map((lng) => [lng, { translation: resources[lng] ?? {} }])),
  lng: initialLanguage(),
  fallbackLng: DEFAULT_LANGUAGE,
  supportedLngs: [...LANGUAGES],
  initAsync: false,
  // React escapes already. The points rules' figures are variables of every text (one source).
  interpolation: { escapeValue: false, defaultVariables: { ...POINTS_FIGURES } },
  returnNull: false,
});

// French texts write "{{name, de}}": "de Mehdi", "d’Amina" ("{{name, de(start: true)}}": "D’Amina").
i18n.services.formatter?.add('de', (value: unknown, _language: string | undefined, options: { start?: boolean }) =>
  withDe(String(value), options.start === true),
);

applyLanguageToDocument(i18n.language);
i18n.on('languageChanged', (language) => {
  writeStorage(LANGUAGE_STORAGE_KEY, language);
  applyLanguageToDocument(language);
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
