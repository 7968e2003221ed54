import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { DonationRules, ErrorCodes, PointsMessages } from '@hdiya/contracts';
import { crashpoint, firstRow, rpcError, sql, write } from '@hdiya/platform';
import { LedgerService } from '../ledger/ledger.service.js';
import {
  reliabilityAfterExpiry,
  reservationHold,
  reservationRefund,
  disputedHoldRefund,
  type ReservationRef,
} from '../ledger/ledger.rules.js';

export type HoldState = 'open' | 'captured' | 'released' | 'forfeited' | 'voided';

/**
 * The points a reservation blocks (`points.holds`). `voided` also marks a reservation abandoned
 * before its hold was taken, so that a late hold request for it is refused.
 */
interface Hold {
  reservationId: string;
  userId: string | null;
  amount: number;
  state: HoldState;
}
import { db } from '../database/db.js';

const RESERVATION_GONE = "Cette réservation n'est plus possible. Réessayez.";

/**
 * Reservation holds (docs/product.md#reservations and #points). Every operation is idempotent per reservation id and
 * serialised on the hold row, so an RPC retried after a timeout and an event delivered twice
 * change nothing twice.
 */
@Injectable()
export class HoldsService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly ledger: LedgerService,
  ) {}

  /** Takes 2 points from the reserver into a hold: `spent` −2, blocked +2. */
  async hold(reserverId: string, ref: ReservationRef, ownerId: string): Promise<{ held: true }> {
    const held = await this.dataSource.transaction(async (manager): Promise<{ held: true }> => {
      await this.lockHoldKey(manager, ref.reservationId);
      const existing = await this.findHold(manager, ref.reservationId);
      if (existing) {
        if (existing.state === 'open' || existing.state === 'captured') return { held: true };
        throw rpcError(409, ErrorCodes.RESERVATION_UNAVAILABLE, RESERVATION_GONE);
      }
      const balance = await this.ledger.lockAccount(manager, reserverId);
      if (balance.points < DonationRules.reservationCost) {
        throw rpcError(400, ErrorCodes.POINTS_INSUFFICIENT, PointsMessages.reserveInsufficient);
      }
      await this.ledger.record(manager, reservationHold(reserverId, ref, ownerId));
      await this.ledger.adjust(manager, reserverId, { blockedDelta: DonationRules.reservationCost });
      await this.insertHold(manager, ref, reserverId, DonationRules.reservationCost, 'open');
      await this.ledger.announce(manager, [reserverId], 'reservation_hold');
      return { held: true };
    });
    crashpoint('points.hold.after-commit');
    return held;
  }

  /**
   * Gives an open hold back (`other` +2, blocked −2). A reservation whose hold never came gets a
   * `voided` tombstone, so a hold request still in flight is refused when it arrives.
   */
  release(ref: ReservationRef, manager?: EntityManager): Promise<{ released: boolean }> {
    return this.inTransaction(manager, async (m) => {
      const hold = await this.lockHold(m, ref.reservationId);
      if (!hold) {
        await this.insertHold(m, ref, null, 0, 'voided');
        return { released: false };
      }
      if (hold.state !== 'open') return { released: false };
      await this.close(m, hold, 'released');
      await this.ledger.record(m, reservationRefund(hold.userId!, hold.amount, ref));
      await this.ledger.announce(m, [hold.userId!], 'reservation_refund');
      return { released: true };
    });
  }

  /**
   * The donor disputed the reception (decision 0056): the captured hold goes back to the receiver
   * (`other` +2), and the hold reads `released`. Once: a second dispute finds it released.
   */
  async refundCaptured(manager: EntityManager, ref: ReservationRef): Promise<void> {
    const hold = await this.lockHold(manager, ref.reservationId);
    if (hold?.state !== 'captured') return;
    await write(manager, db.updateTable('holds').set({ state: 'released', closed_at: sql<Date>`now()` }).where('reservation_id', '=', ref.reservationId));
    await this.ledger.record(manager, disputedHoldRefund(hold.userId!, hold.amount, ref));
    await this.ledger.announce(manager, [hold.userId!], 'reception_disputed');
  }

  /**
   * Reception confirmed: the hold is spent for good. The donor's rewards are the gift rewards
   * service's (paid just before, in the same transaction, within the caps of decision 0019).
   */
  async capture(manager: EntityManager, ref: ReservationRef, reserverId: string, ownerId: string): Promise<void> {
    const hold = await this.lockHold(manager, ref.reservationId);
    await this.ledger.lockAccounts(manager, [reserverId, ownerId]);
    if (hold?.state === 'open') await this.close(manager, hold, 'captured');
    await this.ledger.announce(manager, [reserverId, ownerId], 'reception_confirmed');
  }

  /** Ten days without collection: the hold is lost (no refund) and reliability drops by 10. */
  async forfeit(manager: EntityManager, ref: ReservationRef): Promise<void> {
    const hold = await this.lockHold(manager, ref.reservationId);
    if (hold?.state !== 'open') return;
    await this.close(manager, hold, 'forfeited');
    const balance = await this.ledger.lockAccount(manager, hold.userId!);
    await this.ledger.adjust(manager, hold.userId!, { reliabilityScore: reliabilityAfterExpiry(balance.reliabilityScore) });
    await this.ledger.announce(manager, [hold.userId!], 'reservation_expired');
  }

  private async close(manager: EntityManager, hold: Hold, state: HoldState): Promise<void> {
    await write(manager, db.updateTable('holds').set({ state, closed_at: sql<Date>`now()` }).where('reservation_id', '=', hold.reservationId));
    await this.ledger.adjust(manager, hold.userId!, { blockedDelta: -hold.amount });
  }

  private async lockHold(manager: EntityManager, reservationId: string): Promise<Hold | null> {
    await this.lockHoldKey(manager, reservationId);
    return this.findHold(manager, reservationId);
  }

  private async findHold(manager: EntityManager, reservationId: string): Promise<Hold | null> {
    const hold = await firstRow(
      manager,
      db.selectFrom('holds').select(['reservation_id as reservationId', 'user_id as userId', 'amount', 'state']).where('reservation_id', '=', reservationId),
    );
    return hold ? { ...hold, state: hold.state as HoldState } : null;
  }

  /** A new hold; a voided one is closed from the start. */
  private async insertHold(manager: EntityManager, ref: ReservationRef, userId: string | null, amount: number, state: 'open' | 'voided'): Promise<void> {
    await write(
      manager,
      db.insertInto('holds').values({
        reservation_id: ref.reservationId,
        user_id: userId,
        donation_id: ref.donationId,
        amount,
        state,
        closed_at: state === 'open' ? null : sql<Date>`now()`,
      }),
    );
  }

  /** Serialises everything about one reservation, including its first hold (no row to lock yet). */
  private async lockHoldKey(manager: EntityManager, reservationId: string): Promise<void> {
    await write(manager, db.selectNoFrom(sql`pg_advisory_xact_lock(hashtextextended(${`hold:${reservationId}`}, 0))`.as('locked')));
  }

  private inTransaction<T>(manager: EntityManager | undefined, work: (m: EntityManager) => Promise<T>): Promise<T> {
    return manager ? work(manager) : this.dataSource.transaction(work);
  }
}
