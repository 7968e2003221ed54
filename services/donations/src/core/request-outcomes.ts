import type { EntityManager } from 'typeorm';
import { Events, type RequestsDecidedV1 } from '@hdiya/contracts';
import { appendToOutbox, createEvent, rows } from '@hdiya/platform';
import { SCHEMA } from '../config.js';
import { db } from '../database/db.js';

type Donation = { id: number; title: string };

/**
 * Every open request of a window ends, in the caller's transaction: the chosen one (if any) is
 * `chosen`, the others `not_chosen`, and their askers are told in one event. A request ends once
 * (only open ones change), so an asker is never told twice. The donation is removed (`removed`):
 * nobody is chosen.
 */
export async function closeRequests(manager: EntityManager, donation: Donation, by: RequestsDecidedV1['by'], chosenId: string | null, now: Date): Promise<void> {
  const closed = await rows(
    manager,
    db
      .updateTable('donation_requests')
      .set((eb) => ({
        state: chosenId ? eb.case().when('id', '=', chosenId).then('chosen').else('not_chosen').end() : 'not_chosen',
        closed_at: now,
      }))
      .where('donation_id', '=', donation.id)
      .where('state', '=', 'open')
      .returning(['id', 'member_id', 'state']),
  );
  await tell(manager, donation, by, closed);
}

/** The member drawn or chosen cannot take the item (no 2 points, or too many reservations): their request ends, they are told. */
export async function skipRequest(manager: EntityManager, donation: Donation, by: 'owner' | 'draw', requestId: string, now: Date): Promise<void> {
  const skipped = await rows(
    manager,
    db
      .updateTable('donation_requests')
      .set({ state: 'skipped', closed_at: now })
      .where('id', '=', requestId)
      .where('state', '=', 'open')
      .returning(['id', 'member_id', 'state']),
  );
  await tell(manager, donation, by, skipped);
}

async function tell(manager: EntityManager, donation: Donation, by: RequestsDecidedV1['by'], ended: { id: string; member_id: string; state: string }[]): Promise<void> {
  if (ended.length === 0) return;
  const payload: RequestsDecidedV1 = {
    donationId: donation.id,
    title: donation.title,
    by,
    // The states the updates above set: one of the three outcomes.
    outcomes: ended.map((r) => ({ requestId: r.id, memberId: r.member_id, outcome: r.state as RequestsDecidedV1['outcomes'][number]['outcome'] })),
  };
  await appendToOutbox(manager, SCHEMA, [createEvent(Events.donations.RequestsDecided, payload)]);
}
