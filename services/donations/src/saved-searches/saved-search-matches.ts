import type { EntityManager } from 'typeorm';
import type { SavedSearchMatchedV1 } from '@hdiya/contracts';
import { rows } from '@hdiya/platform';
import { discMatches } from '../core/disc-matches.js';

/** The saved searches a donation matches, one per member (see `discMatches`). */
export const matchStatement = (donationId: number) => discMatches(donationId, 'saved_searches');

/** The same statement as SQL text, its one parameter the donation id (the alerts benchmark times it alone). */
export const matchSql = matchStatement(0).compile().sql;

/** Members alerted per event: a popular donation's matches travel in a few events, not hundreds. */
const MATCHES_PER_EVENT = 500;

/** The alert events for a new donation (none when nothing matches). */
export async function matchSavedSearches(manager: EntityManager, donationId: number): Promise<SavedSearchMatchedV1[]> {
  const matches = await rows(manager, matchStatement(donationId));
  const events: SavedSearchMatchedV1[] = [];
  for (let from = 0; from < matches.length; from += MATCHES_PER_EVENT) {
    const batch = matches.slice(from, from + MATCHES_PER_EVENT);
    events.push({
      donationId,
      title: batch[0]!.title,
      city: batch[0]!.city,
      publishedAt: batch[0]!.created_at.toISOString(),
      matches: batch.map(({ memberId, watchId }) => ({ memberId, savedSearchId: watchId })),
    });
  }
  return events;
}
