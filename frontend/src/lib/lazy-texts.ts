import type { Language } from './direction';
import { i18n } from './i18n';

type Messages = Record<string, unknown>;

/**
 * Texts of a language whose main texts have not loaded yet (lib/i18n loads one language at a
 * time): added once they have. A bundle added before would make i18next take the language as
 * loaded and never fetch its main texts.
 */
const waiting = new Map<string, Messages[]>();

// Deep and without overwriting: loading the module twice (hot reload) changes nothing.
const add = (language: string, bundle: Messages) => i18n.addResourceBundle(language, 'translation', bundle, true, false);

i18n.on('loaded', (loaded: Record<string, unknown>) => {
  for (const language of Object.keys(loaded)) {
    for (const bundle of waiting.get(language) ?? []) add(language, bundle);
    waiting.delete(language);
  }
});

/**
 * Adds the texts of an area only screens loaded on demand use (src/locales/lazy/<lang>/<area>.json)
 * when their module loads: every eager locale file counts against the first download's budget.
 */
export function addLazyTexts(area: string, texts: Record<Language, Messages>): void {
  for (const [language, messages] of Object.entries(texts)) {
    const bundle = { [area]: messages };
    if (i18n.hasResourceBundle(language, 'translation')) add(language, bundle);
    else waiting.set(language, [...(waiting.get(language) ?? []), bundle]);
  }
}
