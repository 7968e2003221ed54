import type { Language } from './direction';
import { i18n } from './i18n';

type Messages = Record<string, unknown>;

/**
 * Adds the texts of an area only screens loaded on demand use (src/locales/lazy/<lang>/<area>.json)
 * when their module loads: every eager locale file counts against the first download's budget.
 */
export function addLazyTexts(area: string, texts: Record<Language, Messages>): void {
  // Deep and without overwriting: loading the module twice (hot reload) changes nothing.
  for (const [language, messages] of Object.entries(texts)) i18n.addResourceBundle(language, 'translation', { [area]: messages }, true, false);
}
