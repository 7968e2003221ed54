import { intlLocale } from './i18n';

// Building an Intl.NumberFormat costs more than rendering the card that shows its number (a
// browse page's first render spent a third of its time building one per card): one formatter per
// language and precision, built once.
const formatters = new Map<string, Intl.NumberFormat>();

/** A number as the language writes it (Latin digits in both: Moroccan usage). */
export function formatNumber(value: number, language: string, maximumFractionDigits = 0): string {
  const key = `${language}:${maximumFractionDigits}`;
  let formatter = formatters.get(key);
  if (!formatter) formatters.set(key, (formatter = new Intl.NumberFormat(intlLocale(language), { maximumFractionDigits })));
  return formatter.format(value);
}

/** Kilometres, to one decimal. */
export const formatKm = (value: number, language: string) => formatNumber(value, language, 1);
