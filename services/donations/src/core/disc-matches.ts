import { sql } from '@hdiya/platform';
import type { RawBuilder, SqlBool } from 'kysely';
import { db } from '../database/db.js';
import { d, publicPoint } from './donation-row.js';

/** What watches for new donations: saved searches and asks keep the same columns for it. */
export type Watchers = 'saved_searches' | 'asks';

/**
 * The watchers a donation matches, one per member (a member with two matching ones is told once,
 * about the oldest). The disc index finds those around the donation's public position (the same
 * rounded point everyone sees, so a match reveals nothing more precise); category and words are
 * checked on those few. The owner never matches their own gift. `alsoWhere` narrows the watchers
 * (asks: open ones only), over the alias `s`.
 */
export function discMatches(donationId: number, watchers: Watchers, alsoWhere: RawBuilder<SqlBool> = sql<SqlBool>`true`) {
  const point = publicPoint(d.ref('d.latitude'), d.ref('d.longitude'));
  // Both tables have every column used here; Kysely is told one of them.
  const from = `${watchers} as s` as 'saved_searches as s';
  return db
    .selectFrom('donations as d')
    .innerJoin(from, (join) => join.on(sql<SqlBool>`ST_Intersects(${sql.ref('s.area')}, (${point})::geometry)`))
    .distinctOn('s.member_id')
    .select(['s.id as watchId', 's.member_id as memberId', 'd.title', 'd.city', 'd.created_at'])
    .where('d.id', '=', donationId)
    .where('d.status', '=', sql.lit('available'))
    .whereRef('s.member_id', '<>', 'd.owner_id')
    .where(sql<SqlBool>`ST_DWithin(${sql.ref('s.location')}, ${point}, ${sql.ref('s.radius_m')})`)
    .where((eb) => eb.or([eb('s.category_id', 'is', null), eb('s.category_id', '=', eb.ref('d.category_id'))]))
    .where((eb) => eb.or([eb('s.terms', 'is', null), sql<SqlBool>`${eb.ref('d.search')} @@ ${eb.ref('s.terms')}`]))
    .where(alsoWhere)
    .orderBy('s.member_id')
    .orderBy('s.created_at');
}
