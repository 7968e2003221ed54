import { MOROCCAN_CITIES, PICKER_CITIES } from '@hdiya/contracts';

/** The 18 cities offered in city pickers (docs/product.md#cities), the contracts' own list. Default: Casablanca. */
export const CITIES = PICKER_CITIES;

export const DEFAULT_CITY = 'Casablanca';

const ARABIC_NAMES = new Map(MOROCCAN_CITIES.map((city) => [city.name, city.nameAr]));

/** A city as the screen shows it: its Arabic name on Arabic screens, else its stored French name. */
export function cityLabel(name: string, language: string | undefined): string {
  return (language === 'ar' ? ARABIC_NAMES.get(name) : undefined) ?? name;
}
