/** The 18 cities offered in city pickers (spec §2, create donation). Default: Casablanca. */
export const CITIES = [
  'Casablanca', 'Rabat', 'Fès', 'Marrakech', 'Agadir', 'Tanger', 'Salé', 'Meknès', 'Oujda',
  'Kénitra', 'Tétouan', 'Safi', 'El Jadida', 'Nador', 'Mohammedia', 'Béni Mellal', 'Témara', 'Essaouira',
] as const;

export const DEFAULT_CITY = 'Casablanca';
