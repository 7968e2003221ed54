import { Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { DataSource, type EntityManager } from 'typeorm';
import {
  DonationMessages,
  ErrorCodes,
  findCity,
  SavedSearchMessages,
  SavedSearchRules,
  type Actor,
  type SavedSearchInput,
  type SavedSearchView,
} from '@hdiya/contracts';
import { rpcError } from '@hdiya/platform';
import { SCHEMA } from '../config.js';
import { normalizeForSearch, searchQuery } from '../donations/search-text.js';

interface SavedSearchRow {
  id: string;
  query: string;
  category_id: number | null;
  city: string;
  lat: number;
  lng: number;
  radius_m: number;
  created_at: Date;
  updated_at: Date;
}

const COLUMNS = `"id", "query", "category_id", "city", ST_Y("location"::geometry) AS lat, ST_X("location"::geometry) AS lng, "radius_m", "created_at", "updated_at"`;

function toView(row: SavedSearchRow): SavedSearchView {
  return {
    id: row.id,
    query: row.query,
    categoryId: row.category_id,
    city: row.city,
    lat: row.lat,
    lng: row.lng,
    distance: row.radius_m / 1000,
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
  };
}

/**
 * A member's saved searches (at most 10): words, a category, a radius around a place. Each keeps
 * its words as a tsquery (normalised like donations, so accents and Arabic letter variants match)
 * and its disc as a polygon, which is what the alerts consumer matches new donations against.
 */
@Injectable()
export class SavedSearchesService {
  constructor(private readonly dataSource: DataSource) {}

  async list(actor: Actor): Promise<SavedSearchView[]> {
    const rows = (await this.dataSource.query(
      `SELECT ${COLUMNS} FROM "${SCHEMA}"."saved_searches" WHERE "member_id" = $1 ORDER BY "created_at", "id"`,
      [actor.id],
    )) as SavedSearchRow[];
    return rows.map(toView);
  }

  async create(actor: Actor, input: SavedSearchInput): Promise<SavedSearchView> {
    return this.dataSource.transaction(async (manager) => {
      // One member's saves in a row: the limit holds even when two arrive at once.
      await manager.query(`SELECT pg_advisory_xact_lock(hashtext('saved-searches:' || $1))`, [actor.id]);
      const [{ count }] = (await manager.query(`SELECT count(*)::int AS count FROM "${SCHEMA}"."saved_searches" WHERE "member_id" = $1`, [
        actor.id,
      ])) as { count: number }[];
      if (count >= SavedSearchRules.maxPerMember) throw rpcError(409, ErrorCodes.SAVED_SEARCH_LIMIT, SavedSearchMessages.limit);
      const id = randomUUID();
      const place = this.placeOf(input);
      await manager.query(
        `INSERT INTO "${SCHEMA}"."saved_searches" ("id", "member_id", "query", "terms", "category_id", "city", "location", "radius_m", "area")
         VALUES ($1, $2, $3, CASE WHEN $4::text IS NULL THEN NULL ELSE to_tsquery('simple', $4) END, $5, $6,
                 ST_SetSRID(ST_MakePoint($7, $8), 4326)::geography, $9::int,
                 ST_Buffer(ST_SetSRID(ST_MakePoint($7, $8), 4326)::geography, $9::int)::geometry)`,
        [id, actor.id, place.query, searchQuery(place.query), input.categoryId ?? null, place.city, place.lng, place.lat, place.radiusM],
      );
      return this.find(manager, actor, id);
    });
  }

  async update(actor: Actor, id: string, input: SavedSearchInput): Promise<SavedSearchView> {
    const place = this.placeOf(input);
    const [, updated] = (await this.dataSource.query(
      `UPDATE "${SCHEMA}"."saved_searches" SET "query" = $3, "terms" = CASE WHEN $4::text IS NULL THEN NULL ELSE to_tsquery('simple', $4) END,
         "category_id" = $5, "city" = $6, "location" = ST_SetSRID(ST_MakePoint($7, $8), 4326)::geography, "radius_m" = $9::int,
         "area" = ST_Buffer(ST_SetSRID(ST_MakePoint($7, $8), 4326)::geography, $9::int)::geometry, "updated_at" = now()
       WHERE "id" = $1 AND "member_id" = $2 RETURNING "id"`,
      [id, actor.id, place.query, searchQuery(place.query), input.categoryId ?? null, place.city, place.lng, place.lat, place.radiusM],
    )) as [unknown[], number];
    if (updated === 0) throw notFound();
    return this.find(this.dataSource.manager, actor, id);
  }

  async remove(actor: Actor, id: string): Promise<{ deleted: true }> {
    const [, deleted] = (await this.dataSource.query(`DELETE FROM "${SCHEMA}"."saved_searches" WHERE "id" = $1 AND "member_id" = $2 RETURNING "id"`, [
      id,
      actor.id,
    ])) as [unknown[], number];
    if (deleted === 0) throw notFound();
    return { deleted: true };
  }

  /** The place searched around: the member's position when given, else the city's centre. */
  private placeOf(input: SavedSearchInput) {
    const city = findCity(input.city);
    if (!city) throw rpcError(400, ErrorCodes.CITY_NOT_FOUND, DonationMessages.cityUnknown, 'city');
    const hasLat = input.lat !== undefined && input.lat !== null;
    const hasLng = input.lng !== undefined && input.lng !== null;
    if (hasLat !== hasLng) throw rpcError(400, ErrorCodes.VALIDATION_FAILED, DonationMessages.bothCoordinates, hasLat ? 'lng' : 'lat');
    return {
      query: normalizeForSearch(input.query ?? '') ? (input.query ?? '').trim().replace(/\s+/g, ' ') : '',
      city: city.name,
      lat: hasLat ? input.lat! : city.lat,
      lng: hasLng ? input.lng! : city.lng,
      radiusM: input.distance * 1000,
    };
  }

  private async find(manager: EntityManager, actor: Actor, id: string): Promise<SavedSearchView> {
    const [row] = (await manager.query(`SELECT ${COLUMNS} FROM "${SCHEMA}"."saved_searches" WHERE "id" = $1 AND "member_id" = $2`, [
      id,
      actor.id,
    ])) as SavedSearchRow[];
    if (!row) throw notFound();
    return toView(row);
  }
}

function notFound() {
  return rpcError(404, ErrorCodes.SAVED_SEARCH_NOT_FOUND, SavedSearchMessages.notFound);
}
