import { displayName, type AskState, type AskView, type AskVisibility } from '@hdiya/contracts';
import { sql, type RowOf } from '@hdiya/platform';
import { db } from '../database/db.js';

/** An ask with its asker and the offers it received, as every answer shows it; callers add the WHERE. */
export const selectAsks = () =>
  db
    .selectFrom('asks as a')
    .leftJoin('members as m', 'm.user_id', 'a.member_id')
    .select([
      'a.id',
      'a.member_id',
      'a.title',
      'a.category_id',
      'a.city',
      'a.radius_m',
      'a.visibility',
      'a.created_at',
      'a.expires_at',
      sql<AskState>`CASE WHEN a.closed_at IS NOT NULL THEN 'closed' WHEN a.expires_at <= now() THEN 'expired' ELSE 'open' END`.as('state'),
      'm.username',
      'm.first_name',
      'm.last_name',
      'm.profile_image_url',
      (eb) =>
        eb
          .selectFrom('ask_matches as o')
          .select(sql<number>`count(*)::int`.as('n'))
          .whereRef('o.ask_id', '=', 'a.id')
          .where('o.offered_at', 'is not', null)
          .as('offers'),
    ]);

export type AskRow = RowOf<ReturnType<typeof selectAsks>>;

/** What a viewer sees of an ask: the asker's name on public asks only, the offers on their own only. */
export function askViewOf(row: AskRow, viewerId: string | null): AskView {
  const mine = row.member_id === viewerId;
  // CHECK-constrained to the two visibilities.
  const visibility = row.visibility as AskVisibility;
  return {
    id: row.id,
    title: row.title,
    categoryId: row.category_id,
    city: row.city,
    distance: row.radius_m / 1000,
    visibility,
    state: row.state,
    createdAt: row.created_at.toISOString(),
    expiresAt: row.expires_at.toISOString(),
    member:
      visibility === 'public'
        ? {
            id: row.member_id,
            displayName: row.username ? displayName({ username: row.username, firstName: row.first_name, lastName: row.last_name }) : 'Utilisateur',
            profileImageUrl: row.profile_image_url,
          }
        : null,
    mine,
    offers: mine ? (row.offers ?? 0) : 0,
  };
}
