import { Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { DataSource, type EntityManager } from 'typeorm';
import {
  ErrorCodes,
  SavedSearchMessages,
  SavedSearchRules,
  type Actor,
  type SavedSearchInput,
  type SavedSearchView,
} from '@hdiya/contracts';
import { expressionBuilder, firstRow, rows, rpcError, sql, write, type RowOf } from '@hdiya/platform';
import { db } from '../database/db.js';
import type { DB } from '../database/schema.generated.js';
import { normalizeForSearch } from '../core/search-text.js';
import { watchColumns, watchPlaceOf } from '../core/watch-place.js';

const savedSearch = expressionBuilder<{ saved_searches: DB['saved_searches'] }, 'saved_searches'>();

const COLUMNS = [
  'id',
  'query',
  'category_id',
  'city',
  sql<number>`ST_Y(${savedSearch.ref('location')}::geometry)`.as('lat'),
  sql<number>`ST_X(${savedSearch.ref('location')}::geometry)`.as('lng'),
  'radius_m',
  'created_at',
  'updated_at',
] as const;

const savedSearches = () => db.selectFrom('saved_searches').select(COLUMNS);
type SavedSearchRow = RowOf<ReturnType<typeof savedSearches>>;

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
    const found = await rows(this.dataSource.manager, savedSearches().where('member_id', '=', actor.id).orderBy('created_at').orderBy('id'));
    return found.map(toView);
  }

  async create(actor: Actor, input: SavedSearchInput): Promise<SavedSearchView> {
    return this.dataSource.transaction(async (manager) => {
      // One member's saves in a row: the limit holds even when two arrive at once.
      await write(manager, db.selectNoFrom(sql`pg_advisory_xact_lock(hashtext('saved-searches:' || ${actor.id}))`.as('locked')));
      const { count } = (await firstRow(
        manager,
        db.selectFrom('saved_searches').select(sql<number>`count(*)::int`.as('count')).where('member_id', '=', actor.id),
      ))!;
      if (count >= SavedSearchRules.maxPerMember) throw rpcError(409, ErrorCodes.SAVED_SEARCH_LIMIT, SavedSearchMessages.limit);
      const id = randomUUID();
      const place = this.placeOf(input);
      await write(
        manager,
        db.insertInto('saved_searches').values({ id, member_id: actor.id, category_id: input.categoryId ?? null, city: place.city, query: place.query, ...watchColumns(place.query, place) }),
      );
      return this.find(manager, actor, id);
    });
  }

  async update(actor: Actor, id: string, input: SavedSearchInput): Promise<SavedSearchView> {
    const place = this.placeOf(input);
    const updated = await write(
      this.dataSource.manager,
      db
        .updateTable('saved_searches')
        .set({ category_id: input.categoryId ?? null, city: place.city, query: place.query, ...watchColumns(place.query, place), updated_at: sql<Date>`now()` })
        .where('id', '=', id)
        .where('member_id', '=', actor.id),
    );
    if (updated === 0) throw notFound();
    return this.find(this.dataSource.manager, actor, id);
  }

  async remove(actor: Actor, id: string): Promise<{ deleted: true }> {
    const deleted = await write(this.dataSource.manager, db.deleteFrom('saved_searches').where('id', '=', id).where('member_id', '=', actor.id));
    if (deleted === 0) throw notFound();
    return { deleted: true };
  }

  /** The searched words (none when they hold no searchable word) and place. */
  private placeOf(input: SavedSearchInput) {
    const query = normalizeForSearch(input.query ?? '') ? (input.query ?? '').trim().replace(/\s+/g, ' ') : '';
    return { query, ...watchPlaceOf(input) };
  }

  private async find(manager: EntityManager, actor: Actor, id: string): Promise<SavedSearchView> {
    const row = await firstRow(manager, savedSearches().where('id', '=', id).where('member_id', '=', actor.id));
    if (!row) throw notFound();
    return toView(row);
  }
}

function notFound() {
  return rpcError(404, ErrorCodes.SAVED_SEARCH_NOT_FOUND, SavedSearchMessages.notFound);
}
