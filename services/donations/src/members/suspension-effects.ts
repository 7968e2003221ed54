import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { MemberReinstatedV1, MemberSuspendedV1 } from '@hdiya/contracts';
import { recordReinstatement, recordSuspension, rows, sql, write } from '@hdiya/platform';
import { SCHEMA } from '../config.js';
import { db } from '../database/db.js';
import { Clock } from '../core/clock.js';
import { lockDonation, makeAvailable, type LockedDonation } from '../core/donation-state.js';
import { lockStandingForChange } from '../core/member-standing.js';
import { closeRequests } from '../core/request-outcomes.js';
import { releaseReservation } from '../core/reservation-release.js';
import { WaitingLine } from '../core/waiting-line.js';

/** A saga step still under way: the whole event waits for it (the consumer retries it a moment later). */
export class ReservationUnderWay extends Error {
  constructor(reservationId: string) {
    super(`reservation ${reservationId} is under way: the suspension waits for its saga to settle`);
    this.name = 'ReservationUnderWay';
  }
}

/**
 * What a suspension does here (docs/product.md#suspended-members), in the transaction of the users
 * service's event (the members consumer's inbox, so exactly once): the member lets go of everything
 * they hold, each thing as its own step would let go of it, and everyone concerned is told by the
 * usual events. Their available donations leave search (status `cancelled`, `set_aside_for` the
 * suspension) until the reinstatement brings those back; nothing else is restored.
 */
@Injectable()
export class SuspensionEffects {
  constructor(
    private readonly clock: Clock,
    private readonly line: WaitingLine,
  ) {}

  /**
   * A reservation of the member being claimed or undone settles first (seconds): it holds points the
   * saga owns. Throws ReservationUnderWay, so the event is redelivered once it has.
   */
  async settleReservationsUnderWayFirst(manager: EntityManager, memberId: string): Promise<void> {
    const underWay = await rows(
      manager,
      db
        .selectFrom('reservations')
        .select('id')
        .where((eb) => eb.or([eb('reserver_id', '=', memberId), eb('owner_id', '=', memberId)]))
        .where('state', 'in', ['pending', 'aborting'])
        .limit(1),
    );
    if (underWay[0]) throw new ReservationUnderWay(underWay[0].id);
  }

  async suspend(manager: EntityManager, suspension: MemberSuspendedV1): Promise<void> {
    const memberId = suspension.memberId;
    await lockStandingForChange(manager, memberId);
    if (!(await recordSuspension(manager, SCHEMA, suspension))) return;
    const now = this.clock.now();
    await this.settleReservationsUnderWayFirst(manager, memberId);

    await this.setAsideDonationsOf(manager, memberId, suspension.suspensionId, now);
    await this.releaseReservationsOf(manager, memberId, now);
    await this.declineOffersTo(manager, memberId, now);
    await write(manager, db.updateTable('waitlist_entries').set({ state: 'left', closed_at: now }).where('member_id', '=', memberId).where('state', '=', 'waiting'));
    await write(
      manager,
      db.updateTable('donation_requests').set({ state: 'withdrawn', closed_at: now }).where('member_id', '=', memberId).where('state', '=', 'open'),
    );
    await write(manager, db.updateTable('asks').set({ closed_at: now }).where('member_id', '=', memberId).where('closed_at', 'is', null));
  }

  /** The donations this suspension set aside come back to search; those given or removed meanwhile are not there any more. */
  async reinstate(manager: EntityManager, reinstatement: MemberReinstatedV1): Promise<void> {
    await lockStandingForChange(manager, reinstatement.memberId);
    if (!(await recordReinstatement(manager, SCHEMA, reinstatement))) return;
    await write(
      manager,
      db
        .updateTable('donations')
        .set({ status: 'available', set_aside_for: null, updated_at: sql<Date>`now()` })
        .where('owner_id', '=', reinstatement.memberId)
        .where('set_aside_for', '=', reinstatement.suspensionId),
    );
  }

  /**
   * The member's own donations not given yet: a reservation of one is cancelled as its owner
   * would (the reserver told, 2 points back), whoever waited or asked is told it is withdrawn
   * (`waitlist_closed`, `request_decided`), and each is set aside for this suspension; those a
   * suspension before it set aside now wait for this one.
   */
  private async setAsideDonationsOf(manager: EntityManager, memberId: string, suspensionId: string, now: Date): Promise<void> {
    await write(manager, db.updateTable('donations').set({ set_aside_for: suspensionId }).where('owner_id', '=', memberId).where('set_aside_for', 'is not', null));
    const owned = await rows(
      manager,
      db.selectFrom('donations').select('id').where('owner_id', '=', memberId).where('status', 'in', ['available', 'reserved']).orderBy('id'),
    );
    for (const { id } of owned) {
      const donation = await lockDonation(manager, id);
      if (donation.status !== 'available' && donation.status !== 'reserved') continue;
      if (donation.reservation_state === 'active') await releaseReservation(manager, donation, 'owner', now);
      await this.line.closeLine(manager, donation, 'deleted', now);
      await closeRequests(manager, donation, 'removed', null, now);
      await makeAvailable(manager, id);
      await write(
        manager,
        db
          .updateTable('donations')
          .set((eb) => ({
            status: 'cancelled',
            set_aside_for: suspensionId,
            // An undecided window is over: back from the suspension, the item goes to the first who reserves.
            allocated_at: eb.fn.coalesce('allocated_at', sql<Date>`${now}`),
          }))
          .where('id', '=', id),
      );
    }
  }

  /** The member's reservations of others' items end as their own cancel would: the owner told, the points back, the next in line offered it. */
  async releaseReservationsOf(manager: EntityManager, memberId: string, now: Date): Promise<void> {
    const held = await rows(
      manager,
      db.selectFrom('reservations').select('donation_id').where('reserver_id', '=', memberId).where('state', '=', 'active').orderBy('donation_id'),
    );
    for (const { donation_id } of held) {
      const donation = await lockDonation(manager, donation_id);
      if (donation.reserved_by_id !== memberId || donation.reservation_state !== 'active') continue;
      await releaseReservation(manager, donation, 'reserver', now);
      await this.line.offerToNext(manager, donation, now);
    }
  }

  /** An item offered to the member from its line passes to the next, as their declining would. */
  async declineOffersTo(manager: EntityManager, memberId: string, now: Date): Promise<void> {
    const offered = await rows(
      manager,
      db.selectFrom('donations').select('id').where('offered_to_id', '=', memberId).where('reservation_id', 'is', null).orderBy('id'),
    );
    for (const { id } of offered) {
      const donation: LockedDonation = await lockDonation(manager, id);
      if (donation.offered_to_id !== memberId || donation.reservation_id !== null) continue;
      const [entry] = await rows(
        manager,
        db
          .updateTable('waitlist_entries')
          .set({ state: 'declined', closed_at: now })
          .where('donation_id', '=', id)
          .where('member_id', '=', memberId)
          .where('state', '=', 'offered')
          .returning('id'),
      );
      if (entry) await this.line.passOn(manager, donation, { entryId: entry.id, memberId, reason: 'declined' }, now);
    }
  }
}
