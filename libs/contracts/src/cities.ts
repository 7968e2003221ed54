export interface City {
  /** French spelling, the form the app shows and stores. */
  name: string;
  nameAr: string;
  lat: number;
  lng: number;
}

/** Used wherever no city is known (docs/product.md#cities: unknown names fall back to Casablanca). */
export const DEFAULT_CITY: City = { name: 'Casablanca', nameAr: 'الدار البيضاء', lat: 33.5731, lng: -7.5898 };

/**
 * Reference list of Moroccan cities and towns, including the southern provinces.
 * Order matters: Casablanca is first (the default), then the large cities, then the rest
 * roughly north to south. Coordinates are city centres to 4 decimals (GeoNames, except Casablanca,
 * whose point is fixed by docs/product.md#browse).
 */
export const MOROCCAN_CITIES: readonly City[] = Object.freeze([
  DEFAULT_CITY,
  { name: 'Rabat', nameAr: 'الرباط', lat: 34.0132, lng: -6.8326 },
  { name: 'Fès', nameAr: 'فاس', lat: 34.0331, lng: -5.0003 },
  { name: 'Marrakech', nameAr: 'مراكش', lat: 31.6342, lng: -7.9999 },
  { name: 'Agadir', nameAr: 'أكادير', lat: 30.4202, lng: -9.5982 },
  { name: 'Tanger', nameAr: 'طنجة', lat: 35.7673, lng: -5.7998 },
  { name: 'Salé', nameAr: 'سلا', lat: 34.0531, lng: -6.7985 },
  { name: 'Meknès', nameAr: 'مكناس', lat: 33.8935, lng: -5.5473 },
  { name: 'Oujda', nameAr: 'وجدة', lat: 34.6814, lng: -1.9086 },
  { name: 'Kénitra', nameAr: 'القنيطرة', lat: 34.2610, lng: -6.5802 },
  { name: 'Tétouan', nameAr: 'تطوان', lat: 35.5784, lng: -5.3684 },
  { name: 'Safi', nameAr: 'آسفي', lat: 32.2994, lng: -9.2372 },
  { name: 'El Jadida', nameAr: 'الجديدة', lat: 33.2568, lng: -8.5088 },
  { name: 'Nador', nameAr: 'الناظور', lat: 35.1681, lng: -2.9335 },
  { name: 'Mohammedia', nameAr: 'المحمدية', lat: 33.6861, lng: -7.3830 },
  { name: 'Béni Mellal', nameAr: 'بني ملال', lat: 32.3372, lng: -6.3498 },
  { name: 'Témara', nameAr: 'تمارة', lat: 33.9287, lng: -6.9066 },
  { name: 'Essaouira', nameAr: 'الصويرة', lat: 31.5125, lng: -9.7700 },
  { name: 'Asilah', nameAr: 'أصيلة', lat: 35.4652, lng: -6.0342 },
  { name: 'Larache', nameAr: 'العرائش', lat: 35.1932, lng: -6.1557 },
  { name: 'Ksar El Kébir', nameAr: 'القصر الكبير', lat: 35.0004, lng: -5.9038 },
  { name: 'Fnideq', nameAr: 'الفنيدق', lat: 35.8491, lng: -5.3575 },
  { name: "M'diq", nameAr: 'المضيق', lat: 35.6831, lng: -5.3287 },
  { name: 'Martil', nameAr: 'مرتيل', lat: 35.6166, lng: -5.2752 },
  { name: 'Chefchaouen', nameAr: 'شفشاون', lat: 35.1688, lng: -5.2636 },
  { name: 'Ouezzane', nameAr: 'وزان', lat: 34.7958, lng: -5.5785 },
  { name: 'Al Hoceïma', nameAr: 'الحسيمة', lat: 35.2516, lng: -3.9372 },
  { name: 'Imzouren', nameAr: 'إمزورن', lat: 35.1464, lng: -3.8506 },
  { name: 'Driouch', nameAr: 'الدريوش', lat: 34.9770, lng: -3.3790 },
  { name: 'Zaïo', nameAr: 'زايو', lat: 34.9428, lng: -2.7329 },
  { name: 'Berkane', nameAr: 'بركان', lat: 34.9200, lng: -2.3200 },
  { name: 'Ahfir', nameAr: 'أحفير', lat: 34.9537, lng: -2.1003 },
  { name: 'Jerada', nameAr: 'جرادة', lat: 34.3100, lng: -2.1600 },
  { name: 'Taourirt', nameAr: 'تاوريرت', lat: 34.4073, lng: -2.8973 },
  { name: 'Guercif', nameAr: 'جرسيف', lat: 34.2257, lng: -3.3536 },
  { name: 'Taza', nameAr: 'تازة', lat: 34.2100, lng: -4.0100 },
  { name: 'Taounate', nameAr: 'تاونات', lat: 34.5366, lng: -4.6401 },
  { name: 'Souk El Arbaa', nameAr: 'سوق الأربعاء الغرب', lat: 34.6847, lng: -6.0034 },
  { name: 'Sidi Kacem', nameAr: 'سيدي قاسم', lat: 34.2215, lng: -5.7077 },
  { name: 'Sidi Slimane', nameAr: 'سيدي سليمان', lat: 34.2648, lng: -5.9260 },
  { name: 'Tiflet', nameAr: 'تيفلت', lat: 33.8947, lng: -6.3065 },
  { name: 'Khémisset', nameAr: 'الخميسات', lat: 33.8240, lng: -6.0663 },
  { name: 'Skhirat', nameAr: 'الصخيرات', lat: 33.8527, lng: -7.0317 },
  { name: 'Bouznika', nameAr: 'بوزنيقة', lat: 33.7894, lng: -7.1597 },
  { name: 'Ben Slimane', nameAr: 'بنسليمان', lat: 33.6160, lng: -7.1215 },
  { name: 'Berrechid', nameAr: 'برشيد', lat: 33.2655, lng: -7.5875 },
  { name: 'Settat', nameAr: 'سطات', lat: 33.0010, lng: -7.6166 },
  { name: 'Azemmour', nameAr: 'أزمور', lat: 33.2895, lng: -8.3425 },
  { name: 'Sidi Bennour', nameAr: 'سيدي بنور', lat: 32.6524, lng: -8.4277 },
  { name: 'Sefrou', nameAr: 'صفرو', lat: 33.8319, lng: -4.8280 },
  { name: 'El Hajeb', nameAr: 'الحاجب', lat: 33.6879, lng: -5.3710 },
  { name: 'Ifrane', nameAr: 'إفران', lat: 33.5267, lng: -5.1102 },
  { name: 'Azrou', nameAr: 'أزرو', lat: 33.4344, lng: -5.2213 },
  { name: 'Midelt', nameAr: 'ميدلت', lat: 32.6852, lng: -4.7451 },
  { name: 'Khénifra', nameAr: 'خنيفرة', lat: 32.9349, lng: -5.6617 },
  { name: 'Khouribga', nameAr: 'خريبكة', lat: 32.8811, lng: -6.9063 },
  { name: 'Oued Zem', nameAr: 'وادي زم', lat: 32.8627, lng: -6.5736 },
  { name: 'Kasba Tadla', nameAr: 'قصبة تادلة', lat: 32.5977, lng: -6.2684 },
  { name: 'Fquih Ben Salah', nameAr: 'الفقيه بن صالح', lat: 32.5021, lng: -6.6877 },
  { name: 'Azilal', nameAr: 'أزيلال', lat: 31.9616, lng: -6.5711 },
  { name: 'Demnate', nameAr: 'دمنات', lat: 31.7344, lng: -7.0050 },
  { name: 'El Kelaâ des Sraghna', nameAr: 'قلعة السراغنة', lat: 32.0512, lng: -7.4108 },
  { name: 'Benguerir', nameAr: 'ابن جرير', lat: 32.2409, lng: -7.9540 },
  { name: 'Youssoufia', nameAr: 'اليوسفية', lat: 32.2463, lng: -8.5294 },
  { name: 'Chichaoua', nameAr: 'شيشاوة', lat: 31.5435, lng: -8.7628 },
  { name: 'Figuig', nameAr: 'فجيج', lat: 32.1089, lng: -1.2286 },
  { name: 'Bouarfa', nameAr: 'بوعرفة', lat: 32.5338, lng: -1.9621 },
  { name: 'Errachidia', nameAr: 'الرشيدية', lat: 31.9314, lng: -4.4266 },
  { name: 'Goulmima', nameAr: 'كلميمة', lat: 31.6923, lng: -4.9526 },
  { name: 'Tinghir', nameAr: 'تنغير', lat: 31.5147, lng: -5.5328 },
  { name: "Kelaat M'Gouna", nameAr: 'قلعة مكونة', lat: 31.2457, lng: -6.1326 },
  { name: 'Ouarzazate', nameAr: 'ورزازات', lat: 30.9189, lng: -6.8934 },
  { name: 'Zagora', nameAr: 'زاكورة', lat: 30.3324, lng: -5.8384 },
  { name: 'Taroudant', nameAr: 'تارودانت', lat: 30.4703, lng: -8.8770 },
  { name: 'Ouled Teima', nameAr: 'أولاد تايمة', lat: 30.3947, lng: -9.2090 },
  { name: 'Inezgane', nameAr: 'إنزكان', lat: 30.3554, lng: -9.5364 },
  { name: 'Aït Melloul', nameAr: 'أيت ملول', lat: 30.3416, lng: -9.5036 },
  { name: 'Tiznit', nameAr: 'تيزنيت', lat: 29.6974, lng: -9.7316 },
  { name: 'Tata', nameAr: 'طاطا', lat: 29.7441, lng: -7.9730 },
  { name: 'Sidi Ifni', nameAr: 'سيدي إفني', lat: 29.3798, lng: -10.1730 },
  { name: 'Guelmim', nameAr: 'كلميم', lat: 28.9870, lng: -10.0574 },
  { name: 'Assa', nameAr: 'أسا', lat: 28.6099, lng: -9.4299 },
  { name: 'Tan-Tan', nameAr: 'طانطان', lat: 28.4380, lng: -11.1032 },
  { name: 'Tarfaya', nameAr: 'طرفاية', lat: 27.9392, lng: -12.9260 },
  { name: 'Laâyoune', nameAr: 'العيون', lat: 27.1418, lng: -13.1880 },
  { name: 'Smara', nameAr: 'السمارة', lat: 26.7384, lng: -11.6719 },
  { name: 'Boujdour', nameAr: 'بوجدور', lat: 26.1307, lng: -14.4851 },
  { name: 'Dakhla', nameAr: 'الداخلة', lat: 23.6848, lng: -15.9580 },
]);

/** The cities offered in city pickers (docs/product.md#cities): the list's first 18, Casablanca first. */
export const PICKER_CITIES: readonly string[] = MOROCCAN_CITIES.slice(0, 18).map((city) => city.name);


export const EARTH_RADIUS_KM = 6371;

const toRad = (deg: number): number => (deg * Math.PI) / 180;

/** Great-circle (haversine) distance in km. Not rounded, so callers can compare and sort precisely. */
export function distanceKm(a: { lat: number; lng: number }, b: { lat: number; lng: number }): number {
  const dLat = toRad(b.lat - a.lat);
  const dLng = toRad(b.lng - a.lng);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(toRad(a.lat)) * Math.cos(toRad(b.lat)) * Math.sin(dLng / 2) ** 2;
  // min() guards against h drifting just above 1 through floating-point error for antipodal points.
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** Rounds a distance to one decimal for display. */
export function roundKm(km: number): number {
  return Math.round(km * 10) / 10;
}

export function nearestCity(point: { lat: number; lng: number }): City {
  let best = DEFAULT_CITY;
  let bestKm = Infinity;
  for (const city of MOROCCAN_CITIES) {
    const km = distanceKm(point, city);
    if (km < bestKm) {
      best = city;
      bestKm = km;
    }
  }
  return best;
}

/**
 * Folds the ways people type the same name onto one key: case, accents, hyphens,
 * apostrophes and spaces are dropped ("Béni-Mellal" = "beni mellal"). For Arabic, NFD splits
 * hamza/madda off alef and marks are dropped, so أ/إ/آ fold to ا; ة/ه and ى/ي are folded too.
 */
function normalizeCityName(name: string): string {
  return name
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .replace(/ة/g, 'ه')
    .replace(/ى/g, 'ي')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]/gu, '');
}

// Built once: lookups happen on every request that carries a city.
const CITY_BY_KEY: ReadonlyMap<string, City> = new Map(
  MOROCCAN_CITIES.flatMap((city) => [
    [normalizeCityName(city.name), city] as const,
    [normalizeCityName(city.nameAr), city] as const,
  ]),
);

/** Finds a city by its French or Arabic name, forgiving case, accents and punctuation. */
export function findCity(name: string): City | undefined {
  return CITY_BY_KEY.get(normalizeCityName(name));
}

/** A known city, or Casablanca when the name is missing or unknown. */
export function cityOrDefault(name: string | null | undefined): City {
  return (name ? findCity(name) : undefined) ?? DEFAULT_CITY;
}
