import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { Events, type WaitlistClosedV1, type WaitlistOfferedV1, type WaitlistOfferLapsedV2 } from '@hdiya/contracts';
import { appendToOutbox, crashpoint, createEvent, firstRow, rows, sql, write } from '@hdiya/platform';
import { SCHEMA } from '../config.js';
import { db } from '../database/db.js';
import { offerExpiryOf } from './waiting-line.rules.js';
import { makeAvailable, type LockedDonation } from './donation-state.js';

type Donation = Pick<LockedDonation, 'id' | 'title' | 'owner_id'>;

/**
 * A donation's waiting line as the steps that free, give or withdraw the donation move it
 * (docs/decisions/0016-waiting-list-alerts-and-handover.md): always under the donation's row lock,
 * in the transaction of the step that caused it, so the next member is offered the item exactly
 * once, whatever the replicas and whenever a process dies.
 */
@Injectable()
export class WaitingLine {
  /**
   * The item just became free (a cancel or an expiry, in that step's transaction, the donation
   * locked): the first member waiting is offered it for 24 hours. False when nobody waits.
   */
  async offerToNext(manager: EntityManager, donation: Donation, now: Date): Promise<boolean> {
    const next = await firstRow(
      manager,
      db
        .selectFrom('waitlist_entries')
        .select(['id', 'member_id'])
        .where('donation_id', '=', donation.id)
        .where('state', '=', 'waiting')
        .orderBy('joined_at')
        .orderBy('id')
        .limit(1)
        .forUpdate(),
    );
    if (!next) return false;
    const expiresAt = offerExpiryOf(now);
    await write(manager, db.updateTable('waitlist_entries').set({ state: 'offered', offered_at: now, offer_expires_at: expiresAt }).where('id', '=', next.id));
    await write(
      manager,
      db
        .updateTable('donations')
        .set({ status: 'reserved', offered_to_id: next.member_id, offer_expires_at: expiresAt, updated_at: sql<Date>`now()` })
        .where('id', '=', donation.id),
    );
    const payload: WaitlistOfferedV1 = {
      entryId: next.id,
      donationId: donation.id,
      title: donation.title,
      memberId: next.member_id,
      ownerId: donation.owner_id,
      offerExpiresAt: expiresAt.toISOString(),
    };
    await appendToOutbox(manager, SCHEMA, [createEvent(Events.donations.WaitlistOffered, payload)]);
    crashpoint('donations.waitlist.after-offer');
    return true;
  }

  /** The donation was given or withdrawn: whoever still waits is told the line is closed. */
  async closeLine(manager: EntityManager, donation: Donation, reason: WaitlistClosedV1['reason'], now: Date): Promise<void> {
    const closed = await rows(
      manager,
      db
        .updateTable('waitlist_entries')
        .set({ state: 'closed', closed_at: now })
        .where('donation_id', '=', donation.id)
        .where('state', 'in', ['waiting', 'offered'])
        .returning('member_id'),
    );
    const memberIds = closed.map((row) => row.member_id);
    if (memberIds.length === 0) return;
    const payload: WaitlistClosedV1 = { donationId: donation.id, title: donation.title, memberIds, reason };
    await appendToOutbox(manager, SCHEMA, [createEvent(Events.donations.WaitlistClosed, payload)]);
  }

  /** The offer ended unanswered (declined, skipped, run out): its member is told, the item goes to the next in line. */
  async passOn(manager: EntityManager, donation: Donation, lapsed: Omit<WaitlistOfferLapsedV2, 'donationId' | 'title'>, now: Date): Promise<void> {
    const payload: WaitlistOfferLapsedV2 = { ...lapsed, donationId: donation.id, title: donation.title };
    await appendToOutbox(manager, SCHEMA, [createEvent(Events.donations.WaitlistOfferLapsed, payload)]);
    await makeAvailable(manager, donation.id);
    await this.offerToNext(manager, donation, now);
  }

}
