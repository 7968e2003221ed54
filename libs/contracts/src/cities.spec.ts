import {
  cityOrDefault,
  DEFAULT_CITY,
  distanceKm,
  findCity,
  MOROCCAN_CITIES,
  PICKER_CITIES,
  nearestCity,
  roundKm,
  type City,
} from './cities.js';

const BIG_CITIES = [
  'Casablanca', 'Rabat', 'Fès', 'Marrakech', 'Agadir', 'Tanger', 'Salé', 'Meknès', 'Oujda',
  'Kénitra', 'Tétouan', 'Safi', 'El Jadida', 'Nador', 'Mohammedia', 'Béni Mellal', 'Témara', 'Essaouira',
];

// Same folding as the lookup, written independently so a weak normalizer cannot hide duplicates.
const fold = (s: string): string =>
  s.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().replace(/[^\p{L}\p{N}]/gu, '');

const byName = (name: string): City => {
  const city = MOROCCAN_CITIES.find((c) => c.name === name);
  if (!city) throw new Error(`${name} missing from MOROCCAN_CITIES`);
  return city;
};

describe('MOROCCAN_CITIES', () => {
  it('should hold the 88 cities of the reference list, Casablanca first', () => {
    expect(MOROCCAN_CITIES).toHaveLength(88);
    expect(MOROCCAN_CITIES[0]).toMatchObject({ name: 'Casablanca', nameAr: 'الدار البيضاء' });
  });

  it('should have no duplicate names, even once accents and punctuation are ignored', () => {
    const names = MOROCCAN_CITIES.map((c) => c.name);
    expect(new Set(names).size).toBe(names.length);
    expect(new Set(names.map(fold)).size).toBe(names.length);
    const arabic = MOROCCAN_CITIES.map((c) => fold(c.nameAr));
    expect(new Set(arabic).size).toBe(arabic.length);
  });

  it('should keep only the accented spelling of Béni Mellal', () => {
    expect(MOROCCAN_CITIES.map((c) => c.name)).not.toContain('Beni Mellal');
  });

  it('should contain the 18 main cities with their exact French spelling', () => {
    const names = MOROCCAN_CITIES.map((c) => c.name);
    for (const name of BIG_CITIES) expect(names).toContain(name);
  });

  it('should put Casablanca first with its reference coordinates, Rabat second', () => {
    expect(MOROCCAN_CITIES[0]).toEqual({ name: 'Casablanca', nameAr: 'الدار البيضاء', lat: 33.5731, lng: -7.5898 });
    expect(MOROCCAN_CITIES[1]?.name).toBe('Rabat');
    expect(DEFAULT_CITY).toBe(MOROCCAN_CITIES[0]);
  });

  it('should give every city an Arabic name and a point inside Morocco, southern provinces included', () => {
    for (const city of MOROCCAN_CITIES) {
      expect(city.nameAr).toMatch(/^[\u0600-\u06FF ]+$/);
      expect(city.lat).toBeGreaterThanOrEqual(20.5);
      expect(city.lat).toBeLessThanOrEqual(36.0);
      expect(city.lng).toBeGreaterThanOrEqual(-17.5);
      expect(city.lng).toBeLessThanOrEqual(-0.9);
    }
  });

  it('should reach Dakhla in the far south', () => {
    expect(byName('Dakhla').lat).toBeLessThan(24);
  });
});

describe(distanceKm.name, () => {
  it('should put Rabat about 87 km from Casablanca', () => {
    expect(Math.abs(distanceKm(byName('Casablanca'), byName('Rabat')) - 87)).toBeLessThanOrEqual(3);
  });

  it('should be symmetric and zero for the same point', () => {
    const fes = byName('Fès');
    const agadir = byName('Agadir');
    expect(distanceKm(fes, agadir)).toBeCloseTo(distanceKm(agadir, fes), 9);
    expect(distanceKm(fes, fes)).toBe(0);
  });

  it('should not round', () => {
    const km = distanceKm(byName('Casablanca'), byName('Rabat'));
    expect(roundKm(km)).not.toBe(km);
  });
});

describe(roundKm.name, () => {
  it('should round to one decimal', () => {
    expect(roundKm(12.345)).toBe(12.3);
    expect(roundKm(12.35)).toBe(12.4);
    expect(roundKm(0)).toBe(0);
  });
});

describe(nearestCity.name, () => {
  it('should find Marrakech for a point 2 km from its centre', () => {
    const marrakech = byName('Marrakech');
    // 2 km due north: 1 degree of latitude is about 111.19 km on a 6371 km sphere.
    const point = { lat: marrakech.lat + 2 / 111.19, lng: marrakech.lng };
    expect(distanceKm(point, marrakech)).toBeCloseTo(2, 1);
    expect(nearestCity(point)).toBe(marrakech);
  });

  it('should find each city from its own centre', () => {
    for (const city of MOROCCAN_CITIES) expect(nearestCity(city)).toBe(city);
  });
});

describe(findCity.name, () => {
  it('should ignore case, accents, hyphens, apostrophes and spaces', () => {
    expect(findCity('fes')).toBe(byName('Fès'));
    expect(findCity('FÈS')).toBe(byName('Fès'));
    expect(findCity('Beni Mellal')).toBe(byName('Béni Mellal'));
    expect(findCity('beni-mellal')).toBe(byName('Béni Mellal'));
    expect(findCity('Ksar el Kebir')).toBe(byName('Ksar El Kébir'));
    expect(findCity('mdiq')).toBe(byName("M'diq"));
    expect(findCity('tantan')).toBe(byName('Tan-Tan'));
    expect(findCity('  Laayoune ')).toBe(byName('Laâyoune'));
  });

  it('should match the Arabic name, with or without hamza', () => {
    expect(findCity('الدار البيضاء')).toBe(byName('Casablanca'));
    expect(findCity('أكادير')).toBe(byName('Agadir'));
    expect(findCity('اكادير')).toBe(byName('Agadir'));
  });

  it('should find every listed city by its own names', () => {
    for (const city of MOROCCAN_CITIES) {
      expect(findCity(city.name)).toBe(city);
      expect(findCity(city.nameAr)).toBe(city);
    }
  });

  it('should return undefined for unknown or empty names', () => {
    expect(findCity('Atlantis')).toBeUndefined();
    expect(findCity('')).toBeUndefined();
    expect(findCity(' - ')).toBeUndefined();
  });
});

describe(cityOrDefault.name, () => {
  it('should fall back to Casablanca when the name is unknown or missing', () => {
    expect(cityOrDefault('Atlantis')).toBe(MOROCCAN_CITIES[0]);
    expect(cityOrDefault('Atlantis').name).toBe('Casablanca');
    expect(cityOrDefault(null)).toBe(DEFAULT_CITY);
    expect(cityOrDefault(undefined)).toBe(DEFAULT_CITY);
    expect(cityOrDefault('')).toBe(DEFAULT_CITY);
  });

  it('should return the matching city when known', () => {
    expect(cityOrDefault('tanger')).toBe(byName('Tanger'));
  });
});

describe('PICKER_CITIES', () => {
  it('offers the 18 cities of docs/product.md#cities, Casablanca first', () => {
    expect(PICKER_CITIES).toEqual([
      'Casablanca', 'Rabat', 'Fès', 'Marrakech', 'Agadir', 'Tanger', 'Salé', 'Meknès', 'Oujda',
      'Kénitra', 'Tétouan', 'Safi', 'El Jadida', 'Nador', 'Mohammedia', 'Béni Mellal', 'Témara', 'Essaouira',
    ]);
  });
});
