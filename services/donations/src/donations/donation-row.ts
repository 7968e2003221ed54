import { displayName, imageUrlOf, roundKm, type DonationStatus, type DonationView } from '@hdiya/contracts';
import { SCHEMA } from '../config.js';

/**
 * The public position of a donation: its exact one snapped to the 0.01° grid (about 1 km), the
 * very position answers show. Search, order and distances all use it, so nothing a searcher
 * sees (even by measuring from many places) reveals more than the rounded position; the exact
 * latitude and longitude stay in their columns, never selected for an answer.
 */
export const PUBLIC_POINT = (lat: string, lng: string) =>
  `ST_SetSRID(ST_MakePoint(round((${lng})::float8::numeric, 2)::float8, round((${lat})::float8::numeric, 2)::float8), 4326)::geography`;

/** A donation's own columns for an answer but its position (the nearby search takes it from the spot). */
export const CARD_COLUMNS_BUT_POSITION = `
  d.id, d.title, d.description, d.image_key, d.thumbnail_key, d.status, d.category_id, d.owner_id, d.city,
  d.points_value, d.guarantee_points, d.reservation_points, d.reserved_by_id, d.reserved_at, d.confirmed_at,
  d.auto_expire_at, d.created_at, d.updated_at, d.reservation_id`;

/** A donation's own columns for an answer: its position rounded to 0.01° (about 1 km), never the exact one. */
export const CARD_COLUMNS = `${CARD_COLUMNS_BUT_POSITION},
  round(d.latitude::numeric, 2)::float8 AS latitude, round(d.longitude::numeric, 2)::float8 AS longitude`;

/** The owner's display data, from the members read model (`m`). */
export const OWNER_COLUMNS = 'm.username, m.first_name, m.last_name, m.profile_image_url';

/** The columns every read selects: the donation and its owner's display data. */
export const DONATION_COLUMNS = `${CARD_COLUMNS}, ${OWNER_COLUMNS}`;

export const DONATION_FROM = `"${SCHEMA}"."donations" d LEFT JOIN "${SCHEMA}"."members" m ON m.user_id = d.owner_id`;

export interface DonationRow {
  id: number;
  title: string;
  description: string;
  image_key: string;
  thumbnail_key: string;
  status: DonationStatus;
  category_id: number;
  owner_id: string;
  city: string;
  latitude: number;
  longitude: number;
  points_value: number;
  guarantee_points: number;
  reservation_points: number;
  reserved_by_id: string | null;
  reservation_id: string | null;
  reserved_at: Date | null;
  confirmed_at: Date | null;
  auto_expire_at: Date | null;
  created_at: Date;
  updated_at: Date;
  username: string | null;
  first_name: string | null;
  last_name: string | null;
  profile_image_url: string | null;
}

const iso = (date: Date | null) => (date ? date.toISOString() : null);

/** A row as the API shows it; with the distance (metres) from the searcher when a position was given. */
export function toDonationView(row: DonationRow, distanceMetres?: number): DonationView {
  const view: DonationView = {
    id: row.id,
    title: row.title,
    description: row.description,
    imageUrl: imageUrlOf(row.image_key),
    thumbnailUrl: imageUrlOf(row.thumbnail_key),
    status: row.status,
    categoryId: row.category_id,
    userId: row.owner_id,
    owner: {
      id: row.owner_id,
      // Until the member's registration event has arrived, a neutral name (docs/product.md#how-members-are-shown: 'Utilisateur').
      displayName: row.username ? displayName({ username: row.username, firstName: row.first_name, lastName: row.last_name }) : 'Utilisateur',
      profileImageUrl: row.profile_image_url,
    },
    city: row.city,
    latitude: row.latitude,
    longitude: row.longitude,
    pointsValue: row.points_value,
    guaranteePoints: row.guarantee_points,
    reservationPoints: row.reservation_points,
    reserved: row.status === 'reserved',
    reservedById: row.reserved_by_id,
    reservedAt: iso(row.reserved_at),
    confirmedAt: iso(row.confirmed_at),
    autoExpireAt: iso(row.auto_expire_at),
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
  };
  if (distanceMetres !== undefined) view.distance = roundKm(distanceMetres / 1000);
  return view;
}
