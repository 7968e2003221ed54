import { useSyncExternalStore } from 'react';
import { DonationRules } from './donations';
import { readStorage, writeStorage } from './storage';
import { DEFAULT_CITY } from '@hdiya/contracts';

// Where the member searches from (docs/product.md#location): a position, the city it is shown as,
// and a search radius. Kept in localStorage under the keys of docs/product.md#location and shared by every screen
// through a tiny external store, so the home page and the browse page always agree.

export interface Coordinates {
  lat: number;
  lng: number;
}

export interface NamedPlace extends Coordinates {
  name: string;
}

export interface LocationState {
  /** null until the device or the member gave one: screens then fall back to Casablanca */
  position: Coordinates | null;
  city: string;
  distance: number;
}

export const LOCATION_STORAGE_KEYS = {
  position: 'userLocation',
  distance: 'userDistance',
  city: 'userCity',
} as const;

/** Where the server searches when no position is given: the same city, from the contracts. */
export const DEFAULT_CITY_NAME = DEFAULT_CITY.name;
export const DEFAULT_POSITION: Coordinates = { lat: DEFAULT_CITY.lat, lng: DEFAULT_CITY.lng };
export const EARTH_RADIUS_KM = 6371;
export const GEOLOCATION_TIMEOUT_MS = 5000;

const toRadians = (degrees: number) => (degrees * Math.PI) / 180;

/** Great-circle (haversine) distance in km, rounded to 1 decimal (docs/product.md#location). */
export function distanceKm(from: Coordinates, to: Coordinates): number {
  const dLat = toRadians(to.lat - from.lat);
  const dLng = toRadians(to.lng - from.lng);
  const a = Math.sin(dLat / 2) ** 2 + Math.cos(toRadians(from.lat)) * Math.cos(toRadians(to.lat)) * Math.sin(dLng / 2) ** 2;
  const km = 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(a)));
  return Math.round(km * 10) / 10;
}

/** The closest place of the list, or undefined for an empty list. */
export function nearestCity<T extends Coordinates>(cities: readonly T[], point: Coordinates): T | undefined {
  let best: T | undefined;
  let bestKm = Infinity;
  for (const city of cities) {
    const km = distanceKm(point, city);
    if (km < bestKm) {
      best = city;
      bestKm = km;
    }
  }
  return best;
}

/** A whole number of km between 1 and 50; anything unreadable becomes the default 10. */
export function clampDistance(value: unknown, fallback: number = DonationRules.defaultDistanceKm): number {
  const number = typeof value === 'number' ? value : typeof value === 'string' && value.trim() ? Number(value) : NaN;
  if (!Number.isFinite(number)) return fallback;
  return Math.min(DonationRules.maxDistanceKm, Math.max(DonationRules.minDistanceKm, Math.round(number)));
}

export function isCoordinates(value: unknown): value is Coordinates {
  if (typeof value !== 'object' || value === null) return false;
  const { lat, lng } = value as Record<string, unknown>;
  return (
    typeof lat === 'number' && typeof lng === 'number' && Math.abs(lat) <= 90 && Math.abs(lng) <= 180 && Number.isFinite(lat + lng)
  );
}

/** Saved values override the defaults (Casablanca, 10 km, no position); bad values are ignored. */
export function readSavedLocation(read: (key: string) => string | null = readStorage): LocationState {
  let position: Coordinates | null = null;
  try {
    const parsed: unknown = JSON.parse(read(LOCATION_STORAGE_KEYS.position) ?? 'null');
    if (isCoordinates(parsed)) position = { lat: parsed.lat, lng: parsed.lng };
  } catch {
    // docs/product.md#location: a failure reading the saved location is only logged
    console.warn('Saved location unreadable; using the default position');
  }
  const city = read(LOCATION_STORAGE_KEYS.city)?.trim() || DEFAULT_CITY_NAME;
  const distance = clampDistance(read(LOCATION_STORAGE_KEYS.distance));
  return { position, city, distance };
}

let state: LocationState = readSavedLocation();
const listeners = new Set<() => void>();

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function getLocation(): LocationState {
  return state;
}

export function updateLocation(changes: Partial<LocationState>): LocationState {
  state = { ...state, ...changes, distance: clampDistance(changes.distance ?? state.distance) };
  if (state.position) writeStorage(LOCATION_STORAGE_KEYS.position, JSON.stringify(state.position));
  writeStorage(LOCATION_STORAGE_KEYS.city, state.city);
  writeStorage(LOCATION_STORAGE_KEYS.distance, String(state.distance));
  listeners.forEach((listener) => listener());
  return state;
}

export function useLocationState(): LocationState {
  return useSyncExternalStore(subscribe, getLocation, getLocation);
}

export type GeolocationFailure = 'unsupported' | 'failed';

export class GeolocationError extends Error {
  readonly reason: GeolocationFailure;

  constructor(reason: GeolocationFailure) {
    super(`Geolocation ${reason}`);
    this.name = 'GeolocationError';
    this.reason = reason;
  }
}

/** The device position (high accuracy, 5 s timeout, never a cached fix), as docs/product.md#location says. */
export function requestDevicePosition(): Promise<Coordinates> {
  return new Promise((resolve, reject) => {
    const geolocation = globalThis.navigator?.geolocation;
    if (!geolocation) {
      reject(new GeolocationError('unsupported'));
      return;
    }
    geolocation.getCurrentPosition(
      ({ coords }) => resolve({ lat: coords.latitude, lng: coords.longitude }),
      () => reject(new GeolocationError('failed')),
      { enableHighAccuracy: true, timeout: GEOLOCATION_TIMEOUT_MS, maximumAge: 0 },
    );
  });
}

const REQUESTED_KEY = 'userLocationRequested';
let requestedThisLoad = false;

/**
 * docs/product.md#location: the device position is asked for when the app starts. We ask once per browser session
 * and only while no position is saved, so returning members are not prompted (or toasted) on
 * every page load; "Utiliser ma position" asks again on demand.
 */
export function claimStartupLocationRequest(): boolean {
  if (requestedThisLoad || state.position) return false;
  requestedThisLoad = true;
  try {
    if (globalThis.sessionStorage?.getItem(REQUESTED_KEY)) return false;
    globalThis.sessionStorage?.setItem(REQUESTED_KEY, '1');
  } catch {
    // no session storage: asking once per page load is enough
  }
  return true;
}
