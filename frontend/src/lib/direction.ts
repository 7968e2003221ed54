export type Language = 'fr' | 'ar';
export type Direction = 'ltr' | 'rtl';

export const LANGUAGES: readonly Language[] = ['fr', 'ar'];
export const DEFAULT_LANGUAGE: Language = 'fr';

const RTL_LANGUAGES = new Set(['ar']);

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

export function directionOf(language: string): Direction {
  return RTL_LANGUAGES.has(language.split('-')[0]) ? 'rtl' : 'ltr';
}

/** The element whose `lang` and `dir` we set: `<html>` in the browser, a stand-in in tests. */
export interface LangDirTarget {
  lang: string;
  dir: string;
}

export function applyLanguageToDocument(
  language: string,
  target: LangDirTarget | undefined = globalThis.document?.documentElement,
): void {
  if (!target) return;
  target.lang = language;
  target.dir = directionOf(language);
}

/** Each language named in itself, as language switches should show it. */
export const LANGUAGE_NAMES: Record<Language, string> = { fr: 'Français', ar: 'العربية' };

/**
 * Wraps a value from another script (a Latin name in an Arabic sentence) in Unicode isolates, so
 * "Amina B." keeps its full stop at its end on a right-to-left screen. Left-to-right text is
 * returned unchanged (nothing invisible for tests or copy-paste to trip over).
 */
export function isolate(text: string, language: string): string {
  return directionOf(language) === 'rtl' ? `\u2068${text}\u2069` : text;
}
