import { DonationMessages, ErrorCodes, findCity } from '@hdiya/contracts';
import { rpcError, sql, type Geography, type Geometry } from '@hdiya/platform';
import { searchQuery } from './search-text.js';

/** Where a saved search or an ask watches: a city of the list, refined by the member's position. */
export interface WatchPlace {
  city: string;
  lat: number;
  lng: number;
  radiusM: number;
}

/** The place watched around: the member's position when given (both coordinates), else the city's centre. */
export function watchPlaceOf(input: { city: string; lat?: number | null; lng?: number | null; distance: number }): WatchPlace {
  const city = findCity(input.city);
  if (!city) throw rpcError(400, ErrorCodes.CITY_NOT_FOUND, DonationMessages.cityUnknown, 'city');
  const hasLat = input.lat !== undefined && input.lat !== null;
  const hasLng = input.lng !== undefined && input.lng !== null;
  if (hasLat !== hasLng) throw rpcError(400, ErrorCodes.VALIDATION_FAILED, DonationMessages.bothCoordinates, hasLat ? 'lng' : 'lat');
  return { city: city.name, lat: hasLat ? input.lat! : city.lat, lng: hasLng ? input.lng! : city.lng, radiusM: input.distance * 1000 };
}

/**
 * The columns new donations are matched on (`discMatches`): the words as a tsquery (normalised
 * like donations, so accents, Arabic letter variants and Darija spellings match), the point and
 * its disc as a polygon for the GiST index.
 */
export function watchColumns(words: string, place: WatchPlace) {
  const terms = searchQuery(words);
  const point = sql<Geography>`ST_SetSRID(ST_MakePoint(${place.lng}, ${place.lat}), 4326)::geography`;
  return {
    terms: terms === null ? null : sql<string>`to_tsquery('simple', ${terms})`,
    location: point,
    radius_m: place.radiusM,
    area: sql<Geometry>`ST_Buffer(${point}, ${place.radiusM}::int)::geometry`,
  };
}
