import { describe, expect, it } from 'vitest';
import { LOCATION_STORAGE_KEYS, clampDistance, distanceKm, nearestCity, readSavedLocation } from './location';

const casablanca = { name: 'Casablanca', lat: 33.5731, lng: -7.5898 };
const rabat = { name: 'Rabat', lat: 34.0132, lng: -6.8326 };
const mohammedia = { name: 'Mohammedia', lat: 33.6861, lng: -7.383 };
const marrakech = { name: 'Marrakech', lat: 31.6342, lng: -7.9999 };
const cities = [casablanca, rabat, mohammedia, marrakech];

describe(distanceKm.name, () => {
  it('should be 0 for the same point', () => {
    expect(distanceKm(casablanca, casablanca)).toBe(0);
  });

  it('should measure great-circle kilometres (radius 6371 km), rounded to 1 decimal', () => {
    // Casablanca → Rabat is about 87 km as the crow flies.
    const km = distanceKm(casablanca, rabat);
    expect(km).toBeGreaterThan(85);
    expect(km).toBeLessThan(89);
    expect(Number.isInteger(km * 10)).toBe(true);
    expect(distanceKm(rabat, casablanca)).toBe(km);
  });

  it('should give 111.2 km for one degree of latitude', () => {
    expect(distanceKm({ lat: 0, lng: 0 }, { lat: 1, lng: 0 })).toBe(111.2);
  });
});

describe(nearestCity.name, () => {
  it('should pick the closest city', () => {
    expect(nearestCity(cities, { lat: 33.59, lng: -7.6 })?.name).toBe('Casablanca');
    expect(nearestCity(cities, { lat: 33.7, lng: -7.36 })?.name).toBe('Mohammedia');
    expect(nearestCity(cities, { lat: 34.02, lng: -6.84 })?.name).toBe('Rabat');
    expect(nearestCity(cities, { lat: 31.6, lng: -8.0 })?.name).toBe('Marrakech');
  });

  it('should be undefined for an empty list', () => {
    expect(nearestCity([], casablanca)).toBeUndefined();
  });
});

describe(clampDistance.name, () => {
  it('should keep whole kilometres between 1 and 50', () => {
    expect(clampDistance(10)).toBe(10);
    expect(clampDistance('25')).toBe(25);
    expect(clampDistance(0)).toBe(1);
    expect(clampDistance(-3)).toBe(1);
    expect(clampDistance(80)).toBe(50);
    expect(clampDistance(12.6)).toBe(13);
  });

  it('should fall back to the default 10 km for anything unreadable', () => {
    expect(clampDistance(undefined)).toBe(10);
    expect(clampDistance('')).toBe(10);
    expect(clampDistance('far')).toBe(10);
    expect(clampDistance(null, 5)).toBe(5);
  });
});

describe(readSavedLocation.name, () => {
  const storage = (values: Record<string, string>) => (key: string) => values[key] ?? null;

  it('should default to Casablanca, 10 km and no position', () => {
    expect(readSavedLocation(storage({}))).toEqual({ position: null, city: 'Casablanca', distance: 10 });
  });

  it('should read the stored keys userLocation, userCity and userDistance', () => {
    const saved = storage({
      [LOCATION_STORAGE_KEYS.position]: '{"lat":34.0132,"lng":-6.8326}',
      [LOCATION_STORAGE_KEYS.city]: 'Rabat',
      [LOCATION_STORAGE_KEYS.distance]: '25',
    });
    expect(readSavedLocation(saved)).toEqual({ position: { lat: 34.0132, lng: -6.8326 }, city: 'Rabat', distance: 25 });
  });

  it('should ignore damaged values', () => {
    const saved = storage({ userLocation: '{not json', userDistance: '900' });
    expect(readSavedLocation(saved)).toEqual({ position: null, city: 'Casablanca', distance: 50 });
    expect(readSavedLocation(storage({ userLocation: '{"lat":"x","lng":2}' })).position).toBeNull();
  });
});
