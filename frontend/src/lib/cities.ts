import { MOROCCAN_CITIES } from '@hdiya/contracts';

/** The 18 cities offered in city pickers (docs/product.md#cities). Default: Casablanca. */
export const CITIES = [
  'Casablanca', 'Rabat', 'Fès', 'Marrakech', 'Agadir', 'Tanger', 'Salé', 'Meknès', 'Oujda',
  'Kénitra', 'Tétouan', 'Safi', 'El Jadida', 'Nador', 'Mohammedia', 'Béni Mellal', 'Témara', 'Essaouira',
] as const;

export const DEFAULT_CITY = 'Casablanca';

const ARABIC_NAMES = new Map(MOROCCAN_CITIES.map((city) => [city.name, city.nameAr]));

/** A city as the screen shows it: its Arabic name on Arabic screens, else its stored French name. */
export function cityLabel(name: string, language: string | undefined): string {
  return (language === 'ar' ? ARABIC_NAMES.get(name) : undefined) ?? name;
}
