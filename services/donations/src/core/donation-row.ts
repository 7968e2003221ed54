import { displayName, imageUrlOf, isDeletedMemberName, roundKm, type AllocationView, type DonationStatus, type DonationView } from '@hdiya/contracts';
import { drawTimeOf } from './request-window.rules.js';
import { expressionBuilder, prepared, sql, type Geography, type RowOf } from '@hdiya/platform';
import type { Expression, RawBuilder } from 'kysely';
import { db } from '../database/db.js';
import type { DB } from '../database/schema.generated.js';

/** Conditions and columns on `donations d`, typed, for statements that share them. */
export const d = expressionBuilder<{ d: DB['donations'] }, 'd'>();

/**
 * The public position of a donation: its exact one snapped to the 0.01° grid (about 1 km), the
 * very position answers show. Search, order and distances all use it, so nothing a searcher
 * sees (even by measuring from many places) reveals more than the rounded position; the exact
 * latitude and longitude stay in their columns, never selected for an answer.
 */
export const publicPoint = (lat: Expression<number> | number, lng: Expression<number> | number): RawBuilder<Geography> =>
  sql<Geography>`ST_SetSRID(ST_MakePoint(round((${lng})::float8::numeric, 2)::float8, round((${lat})::float8::numeric, 2)::float8), 4326)::geography`;

/** The same expression as SQL text over the given expressions (the benchmark seeds rows with it). */
export const PUBLIC_POINT = (lat: string, lng: string): string => publicPoint(sql.raw(lat), sql.raw(lng)).compile(db).sql;

/** A donation's own columns for an answer but its position (the nearby search takes it from the spot). */
export const CARD_COLUMNS_BUT_POSITION = [
  'd.id',
  'd.title',
  'd.description',
  'd.image_key',
  'd.thumbnail_key',
  'd.status',
  'd.category_id',
  'd.owner_id',
  'd.city',
  'd.points_value',
  'd.guarantee_points',
  'd.reservation_points',
  'd.reserved_by_id',
  'd.reserved_at',
  'd.confirmed_at',
  'd.auto_expire_at',
  'd.created_at',
  'd.updated_at',
  'd.reservation_id',
  'd.allocation_mode',
  'd.requests_close_at',
  'd.allocated_at',
] as const;

/** A donation's own columns for an answer: its position rounded to 0.01° (about 1 km), never the exact one. */
export const CARD_COLUMNS = [
  ...CARD_COLUMNS_BUT_POSITION,
  sql<number>`round(${d.ref('d.latitude')}::numeric, 2)::float8`.as('latitude'),
  sql<number>`round(${d.ref('d.longitude')}::numeric, 2)::float8`.as('longitude'),
] as const;

/**
 * The owner's display data, kept on the donation's row from the members read model (OwnerOnCards,
 * decision 0049; none until the member's registration arrives).
 */
export const OWNER_COLUMNS = [
  'd.owner_username as username',
  'd.owner_first_name as first_name',
  'd.owner_last_name as last_name',
  'd.owner_profile_image_url as profile_image_url',
] as const;

/** The columns every read selects: the donation and its owner's display data. */
export const DONATION_COLUMNS = [...CARD_COLUMNS, ...OWNER_COLUMNS] as const;

/** A donation as every read answers it. */
export const donationCards = () => db.selectFrom('donations as d').select(DONATION_COLUMNS);

export type DonationRow = RowOf<ReturnType<typeof donationCards>>;

/**
 * One donation by id, compiled once and prepared on each connection: the donation's page reads it
 * on every view (built with Kysely and planned by Postgres each time, it cost the service and
 * Postgres a third to two thirds more per view; docs/performance.md).
 */
export const donationById = prepared((id: number) => donationCards().where('d.id', '=', id));

/** The same, its row locked for the caller's transaction. */
export const donationByIdForUpdate = prepared((id: number) => donationCards().where('d.id', '=', id).forUpdate('d'));

/** `status` as the database holds it: one of the statuses its CHECK constraint allows. */
export const donationStatusOf = (status: string) => status as DonationStatus;

/** First come, or the request window with its close, its draw and whether it is decided. */
export function allocationOf(row: { allocation_mode: string; requests_close_at: Date | null; allocated_at: Date | null }): AllocationView {
  if (row.allocation_mode !== 'choose' || !row.requests_close_at) return { mode: 'first' };
  return {
    mode: 'choose',
    closesAt: row.requests_close_at.toISOString(),
    drawAt: drawTimeOf(row.requests_close_at).toISOString(),
    decided: row.allocated_at !== null,
  };
}

const iso = (date: Date | null) => (date ? date.toISOString() : null);

/** A row as the API shows it; with the distance (metres) from the searcher when a position was given. */
export function toDonationView(row: DonationRow, distanceMetres?: number): DonationView {
  const status = donationStatusOf(row.status);
  const view: DonationView = {
    id: row.id,
    title: row.title,
    description: row.description,
    imageUrl: imageUrlOf(row.image_key),
    thumbnailUrl: imageUrlOf(row.thumbnail_key),
    status,
    categoryId: row.category_id,
    userId: row.owner_id,
    owner: {
      id: row.owner_id,
      // Until the member's registration event has arrived, a neutral name (docs/product.md#how-members-are-shown: 'Utilisateur').
      displayName: row.username ? displayName({ username: row.username, firstName: row.first_name, lastName: row.last_name }) : 'Utilisateur',
      profileImageUrl: row.profile_image_url,
      deleted: isDeletedMemberName(row.username),
    },
    city: row.city,
    latitude: row.latitude,
    longitude: row.longitude,
    pointsValue: row.points_value,
    guaranteePoints: row.guarantee_points,
    reservationPoints: row.reservation_points,
    reserved: status === 'reserved',
    allocation: allocationOf(row),
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
