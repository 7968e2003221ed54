import { randomUUID } from 'node:crypto';
import type { EntityManager } from 'typeorm';
import type { AskMatchedV1 } from '@hdiya/contracts';
import { rows, sql } from '@hdiya/platform';
import type { SqlBool } from 'kysely';
import { db } from '../database/db.js';
import { discMatches } from '../core/disc-matches.js';

/** Askers told per event, as saved-search alerts travel. */
const MATCHES_PER_EVENT = 500;

/** Asks a new donation may answer: not ended by their asker, not expired. */
const OPEN_ASKS = sql<SqlBool>`s.closed_at IS NULL AND s.expires_at > now()`;

/**
 * The open asks a new donation matches, matched like saved searches (`discMatches`: the words an
 * ask was published with would find the donation, within its radius, in its category), one per
 * asker. Each match is kept for the owner to see unnamed and offer the item; an asker this
 * donation was already offered to (answering their public ask) is not told twice.
 */
export async function matchAsks(manager: EntityManager, donationId: number): Promise<AskMatchedV1[]> {
  const found = await rows(manager, discMatches(donationId, 'asks', OPEN_ASKS));
  if (found.length === 0) return [];
  const kept = await rows(
    manager,
    db
      .insertInto('ask_matches')
      .values(found.map((match) => ({ id: randomUUID(), ask_id: match.watchId, donation_id: donationId, member_id: match.memberId, how: 'matched' })))
      .onConflict((conflict) => conflict.columns(['donation_id', 'member_id']).doNothing())
      .returning(['id', 'ask_id', 'member_id']),
  );
  const events: AskMatchedV1[] = [];
  for (let from = 0; from < kept.length; from += MATCHES_PER_EVENT) {
    events.push({
      donationId,
      title: found[0]!.title,
      city: found[0]!.city,
      matches: kept.slice(from, from + MATCHES_PER_EVENT).map((match) => ({ memberId: match.member_id, askId: match.ask_id, matchId: match.id })),
    });
  }
  return events;
}
