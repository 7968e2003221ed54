import { Inject, Injectable, Logger } from '@nestjs/common';
import { randomInt, randomUUID, timingSafeEqual } from 'node:crypto';
import { DataSource, type EntityManager } from 'typeorm';
import {
  DonationMessages,
  ErrorCodes,
  Events,
  HandoverMessages,
  HandoverRules,
  type Actor,
  type DonationLimitsView,
  type DonationPage,
  type DonationView,
  type HandoverView,
  type ReceptionConfirmedV1,
  type ReceptionDisputedV1,
  type ReservationExpiredV1,
  type ReservationExpiringV1,
  type ReservationMadeV1,
  type ReservationState,
  type ReservedDonationView,
} from '@hdiya/contracts';
import { appendToOutbox, crashpoint, createEvent, firstRow, rows, rpcError, RpcRefusal, sql, write } from '@hdiya/platform';
import { DONATIONS_CONFIG, SCHEMA, type DonationsConfig } from '../config.js';
import { db } from '../database/db.js';
import { DONATION_COLUMNS, donationById, toDonationView } from '../core/donation-row.js';
import { decodeCursor, encodeCursor } from '../core/page-cursor.js';
import { WaitingLine } from '../core/waiting-line.js';
import { Clock } from '../core/clock.js';
import { HoardingLimits } from '../core/hoarding-limits.js';
import { lockDonation, makeAvailable, type LockedDonation } from '../core/donation-state.js';
import { refuseSuspended } from '../core/member-standing.js';
import { releaseReservation } from '../core/reservation-release.js';
import { PointsClient } from './points.client.js';
import { refusal, type Refusal } from '../core/refusal.js';
import { countSaga } from './saga-metrics.js';
import {
  cancelRefusal,
  confirmRefusal,
  disputeRefusal,
  expiryOf,
  handoverCodeRefusal,
  handoverRefusal,
  ReservationMessages,
  reserveRefusal,
  timeLeftMs,
  type ReservationFacts,
} from './reservation.rules.js';

/** What a caller of the saga adds: its own refusal at the claim, its own writes at the activation. */
export interface SagaSteps {
  refuse: (manager: EntityManager, donation: LockedDonation, now: Date) => Promise<Refusal | null>;
  onActivated?: (manager: EntityManager, donation: LockedDonation) => Promise<void>;
}

/** A fresh 4-digit handover code, uniformly drawn. */
const newHandoverCode = () => String(randomInt(0, 10 ** HandoverRules.digits)).padStart(HandoverRules.digits, '0');


/**
 * The reservation saga, orchestrated here (docs/decisions/0009-reservation-saga.md):
 *   1. claim the donation (reservation `pending`, donation `reserved`) and commit;
 *   2. ask the points service to hold 2 points (idempotent per reservation id);
 *   3. activate (`ReservationMade`) — or, on refusal or silence, release and give the item back.
 * Confirm, cancel and expiry change the donation first and tell the points service by event.
 */
@Injectable()
export class ReservationsService {
  private readonly logger = new Logger('reservations');

  constructor(
    private readonly dataSource: DataSource,
    private readonly points: PointsClient,
    private readonly clock: Clock,
    private readonly line: WaitingLine,
    private readonly limits: HoardingLimits,
    @Inject(DONATIONS_CONFIG) private readonly config: DonationsConfig,
  ) {}

  async reserve(actor: Actor, donationId: number): Promise<DonationView> {
    await this.reserveFor(actor.id, donationId, {
      refuse: async (_manager, donation, now) => reserveRefusal(facts(donation), actor.id, now),
    });
    return this.view(donationId);
  }

  /**
   * The saga for `memberId`: a member reserving, or the asker a donor chose (or Hdiya drew) in a
   * request window. `refuse` runs in the claim transaction, under the donation's lock;
   * `onActivated` adds its writes to the activation's transaction (it is not called when the
   * reservation was locked out meanwhile).
   */
  async reserveFor(memberId: string, donationId: number, steps: SagaSteps): Promise<void> {
    const reservationId = randomUUID();
    const claimed = await this.dataSource.transaction(async (manager) => {
      await refuseSuspended(manager, memberId, this.clock.now());
      const donation = await lockDonation(manager, donationId);
      const reservedAt = this.clock.now();
      const refused = await steps.refuse(manager, donation, reservedAt);
      if (refused) throw refusal(refused);
      await this.limits.refuseReserve(manager, memberId, donationId, reservedAt);
      await write(
        manager,
        db.insertInto('reservations').values({
          id: reservationId,
          donation_id: donationId,
          reserver_id: memberId,
          owner_id: donation.owner_id,
          state: 'pending',
          reserved_at: reservedAt,
          expires_at: expiryOf(reservedAt),
        }),
      );
      await write(
        manager,
        db
          .updateTable('donations')
          .set({
            status: 'reserved',
            reserved_by_id: memberId,
            reserved_at: reservedAt,
            auto_expire_at: expiryOf(reservedAt),
            reservation_id: reservationId,
            updated_at: sql<Date>`now()`,
          })
          .where('id', '=', donationId),
      );
      return donation;
    });
    crashpoint('donations.reserve.after-claim');
    const ref = { reservationId, donationId, title: claimed.title };
    try {
      await this.points.hold({ ...ref, reserverId: memberId, ownerId: claimed.owner_id });
      crashpoint('donations.reserve.after-hold');
    } catch (error) {
      await this.abandon(ref).catch((e: Error) => this.logger.warn(`reservation ${reservationId} left for recovery: ${e.message}`));
      if (error instanceof RpcRefusal && error.body.code === ErrorCodes.POINTS_INSUFFICIENT) {
        countSaga('refused_points');
        throw rpcError(400, error.body.code, error.body.message);
      }
      countSaga('unavailable');
      throw rpcError(503, ErrorCodes.RESERVATION_UNAVAILABLE, ReservationMessages.unavailable);
    }
    const activated = await this.dataSource.transaction(async (manager) => {
      const reservation = await firstRow(
        manager,
        db.selectFrom('reservations').select(['reserved_at', 'expires_at', 'owner_id']).where('id', '=', reservationId).where('state', '=', 'pending').forUpdate(),
      );
      // Recovery (or a moderator's deletion) locked it out first: its hold is being or was voided.
      if (!reservation) return false;
      await write(manager, db.updateTable('reservations').set({ state: 'active', handover_code: newHandoverCode() }).where('id', '=', reservationId));
      // Taken from the waiting list: the offer is accepted and ends (no-ops for a plain reservation).
      await write(
        manager,
        db
          .updateTable('waitlist_entries')
          .set({ state: 'accepted', closed_at: sql<Date>`now()` })
          .where('donation_id', '=', donationId)
          .where('member_id', '=', memberId)
          .where('state', '=', 'offered'),
      );
      await write(
        manager,
        db.updateTable('donations').set({ offered_to_id: null, offer_expires_at: null }).where('id', '=', donationId).where('offered_to_id', '=', memberId),
      );
      await steps.onActivated?.(manager, claimed);
      const payload: ReservationMadeV1 = {
        ...ref,
        reserverId: memberId,
        ownerId: reservation.owner_id,
        reservedAt: reservation.reserved_at.toISOString(),
        expiresAt: reservation.expires_at.toISOString(),
      };
      await appendToOutbox(manager, SCHEMA, [createEvent(Events.donations.ReservationMade, payload)]);
      return true;
    });
    if (!activated) {
      countSaga('locked_out');
      throw rpcError(503, ErrorCodes.RESERVATION_UNAVAILABLE, ReservationMessages.unavailable);
    }
    countSaga('reserved');
  }

  /** Where the member stands against the hoarding limits, and when each frees up. */
  standing(memberId: string): Promise<DonationLimitsView> {
    return this.limits.standing(this.dataSource.manager, memberId, this.clock.now());
  }

  /** The reserver confirms reception: the donation is given; points capture the hold and pay the donor. */
  async confirm(actor: Actor, donationId: number): Promise<DonationView> {
    await this.dataSource.transaction(async (manager) => {
      const donation = await lockDonation(manager, donationId);
      const refused = confirmRefusal(facts(donation), actor.id);
      if (refused) throw refusal(refused);
      await this.give(manager, donation);
    });
    countSaga('confirmed');
    return this.view(donationId);
  }

  /** The handover, as each side sees it: the reserver its code, the owner the tries left. */
  async handover(actor: Actor, donationId: number): Promise<HandoverView> {
    const donation = await lockDonation(this.dataSource.manager, donationId, false);
    const refused = handoverRefusal(facts(donation), actor.id);
    if (refused) throw refusal(refused);
    const reservation = await firstRow(
      this.dataSource.manager,
      db.selectFrom('reservations').select(['handover_code', 'handover_attempts', 'expires_at']).where('id', '=', donation.reservation_id!),
    );
    const expiresAt = reservation!.expires_at.toISOString();
    return actor.id === donation.reserved_by_id
      ? { role: 'reserver', code: reservation!.handover_code!, expiresAt }
      : { role: 'owner', attemptsLeft: Math.max(0, HandoverRules.maxAttempts - reservation!.handover_attempts), expiresAt };
  }

  /**
   * The owner enters the code the reserver shows: the same confirmed state as the reserver's own
   * confirmation. A wrong code counts (committed, whatever the caller does next) and says only
   * how many tries are left; after 5 the code is refused for good.
   */
  async confirmByCode(actor: Actor, donationId: number, code: string): Promise<DonationView> {
    const wrong = await this.dataSource.transaction(async (manager) => {
      const donation = await lockDonation(manager, donationId);
      // No reservation held: nothing to read, and the rules refuse below.
      const reservation = donation.reservation_id
        ? await firstRow(manager, db.selectFrom('reservations').select(['handover_code', 'handover_attempts']).where('id', '=', donation.reservation_id).forUpdate())
        : undefined;
      const refused = handoverCodeRefusal(facts(donation), actor.id, reservation?.handover_attempts ?? 0);
      if (refused) throw refusal(refused);
      const expected = Buffer.from(reservation!.handover_code ?? '----');
      if (expected.length === code.length && timingSafeEqual(expected, Buffer.from(code))) {
        await this.give(manager, donation, true);
        return null;
      }
      await write(
        manager,
        db
          .updateTable('reservations')
          .set((eb) => ({ handover_attempts: eb('handover_attempts', '+', 1) }))
          .where('id', '=', donation.reservation_id!),
      );
      return HandoverRules.maxAttempts - reservation!.handover_attempts - 1;
    });
    if (wrong !== null) {
      if (wrong <= 0) throw rpcError(429, ErrorCodes.HANDOVER_LOCKED, HandoverMessages.locked);
      throw rpcError(400, ErrorCodes.HANDOVER_CODE_WRONG, HandoverMessages.wrong(wrong), 'code');
    }
    countSaga('confirmed_by_code');
    return this.view(donationId);
  }

  /**
   * A day before the 10-day limit, both sides are reminded (once: `reminder_sent_at`). Claimed
   * with SKIP LOCKED, so replicas never remind twice.
   */
  async remindDue(now: Date = this.clock.now()): Promise<number> {
    return this.dataSource.transaction(async (manager) => {
      const due = await rows(
        manager,
        db
          .selectFrom('reservations as r')
          .innerJoin('donations as d', 'd.id', 'r.donation_id')
          .select(['r.id', 'r.donation_id', 'r.reserver_id', 'r.owner_id', 'r.expires_at', 'd.title'])
          .where('r.state', '=', 'active')
          .where('r.reminder_sent_at', 'is', null)
          .where('r.expires_at', '<=', new Date(now.getTime() + HandoverRules.reminderHoursBefore * 3_600_000))
          .where('r.expires_at', '>', now)
          .orderBy('r.expires_at')
          .limit(200)
          .forUpdate('r')
          .skipLocked(),
      );
      for (const r of due) {
        await write(manager, db.updateTable('reservations').set({ reminder_sent_at: now }).where('id', '=', r.id));
        const payload: ReservationExpiringV1 = {
          reservationId: r.id,
          donationId: r.donation_id,
          title: r.title,
          reserverId: r.reserver_id,
          ownerId: r.owner_id,
          expiresAt: r.expires_at.toISOString(),
        };
        await appendToOutbox(manager, SCHEMA, [createEvent(Events.donations.ReservationExpiring, payload)]);
      }
      return due.length;
    });
  }

  /**
   * Reception confirmed (by the reserver, or by the owner with the code): given, and the line
   * closes. With the code both were there, which makes the gift's ratings verified.
   */
  private async give(manager: EntityManager, donation: LockedDonation, withCode = false): Promise<void> {
    const now = this.clock.now();
    await write(manager, db.updateTable('donations').set({ status: 'completed', confirmed_at: now, updated_at: sql<Date>`now()` }).where('id', '=', donation.id));
    await this.closeReservation(manager, donation.reservation_id!, 'completed', now, { confirmed_with_code: withCode });
    const payload: ReceptionConfirmedV1 = {
      reservationId: donation.reservation_id!,
      donationId: donation.id,
      title: donation.title,
      reserverId: donation.reserved_by_id!,
      ownerId: donation.owner_id,
      confirmedAt: now.toISOString(),
    };
    await appendToOutbox(manager, SCHEMA, [createEvent(Events.donations.ReceptionConfirmed, payload)]);
    await this.line.closeLine(manager, donation, 'given', now);
  }

  /**
   * The donor says a reception the receiver confirmed alone never happened (decision 0056), within
   * 48 hours: the reservation ends as `disputed`, the item is available again and the gift's
   * ratings are gone, in one transaction with `ReceptionDisputed`, from which the points service
   * takes the reception reward back and returns the receiver's 2 points.
   */
  async dispute(actor: Actor, donationId: number): Promise<DonationView> {
    await this.dataSource.transaction(async (manager) => {
      const donation = await lockDonation(manager, donationId);
      const reservation = donation.reservation_id
        ? await firstRow(
            manager,
            db.selectFrom('reservations').select(['id', 'reserver_id', 'confirmed_with_code', 'closed_at']).where('id', '=', donation.reservation_id).where('state', '=', 'completed').forUpdate(),
          )
        : undefined;
      const now = this.clock.now();
      const refused = disputeRefusal(
        { status: donation.status, ownerId: donation.owner_id, withCode: reservation?.confirmed_with_code ?? false, confirmedAt: reservation?.closed_at ?? null },
        actor.id,
        now,
      );
      if (refused) throw refusal(refused);
      await write(manager, db.updateTable('reservations').set({ state: 'disputed' }).where('id', '=', reservation!.id));
      await makeAvailable(manager, donationId);
      await write(manager, db.updateTable('donations').set({ confirmed_at: null }).where('id', '=', donationId));
      await write(manager, db.deleteFrom('ratings').where('donation_id', '=', donationId));
      const payload: ReceptionDisputedV1 = {
        reservationId: reservation!.id,
        donationId,
        title: donation.title,
        reserverId: reservation!.reserver_id,
        ownerId: donation.owner_id,
        disputedAt: now.toISOString(),
      };
      await appendToOutbox(manager, SCHEMA, [createEvent(Events.donations.ReceptionDisputed, payload)]);
    });
    countSaga('disputed');
    return this.view(donationId);
  }

  /** The reserver or the owner cancels: the item is available again, the hold goes back. */
  async cancel(actor: Actor, donationId: number): Promise<DonationView> {
    await this.dataSource.transaction(async (manager) => {
      const donation = await lockDonation(manager, donationId);
      const refused = cancelRefusal(facts(donation), actor.id);
      if (refused) throw refusal(refused);
      const now = this.clock.now();
      await releaseReservation(manager, donation, actor.id === donation.owner_id ? 'owner' : 'reserver', now);
      await this.line.offerToNext(manager, donation, now);
    });
    countSaga('cancelled');
    return this.view(donationId);
  }

  /**
   * Returns to available every donation whose 10 days have passed. Rows are claimed with
   * SKIP LOCKED, so several replicas running this job never expire one twice.
   */
  async expireDue(now: Date = this.clock.now()): Promise<number> {
    let expired = 0;
    for (;;) {
      const batch = await this.dataSource.transaction(async (manager) => {
        const due = await rows(
          manager,
          db
            .selectFrom('donations as d')
            .innerJoin('reservations as r', (join) => join.onRef('r.id', '=', 'd.reservation_id').on('r.state', '=', 'active'))
            .select(['d.id', 'd.title', 'd.owner_id', 'd.reserved_by_id', 'd.reservation_id'])
            .where('d.status', '=', 'reserved')
            .where('d.auto_expire_at', '<=', now)
            .orderBy('d.auto_expire_at')
            .limit(100)
            .forUpdate('d')
            .skipLocked(),
        );
        for (const row of due) {
          // Joined to its active reservation: both are set (the table's CHECK on reserved donations).
          const d = { ...row, reserved_by_id: row.reserved_by_id!, reservation_id: row.reservation_id! };
          await makeAvailable(manager, d.id);
          await this.closeReservation(manager, d.reservation_id, 'expired', now);
          const payload: ReservationExpiredV1 = {
            reservationId: d.reservation_id,
            donationId: d.id,
            title: d.title,
            reserverId: d.reserved_by_id,
            ownerId: d.owner_id,
            expiredAt: now.toISOString(),
          };
          await appendToOutbox(manager, SCHEMA, [createEvent(Events.donations.ReservationExpired, payload)]);
          await this.line.offerToNext(manager, d, now);
        }
        return due.length;
      });
      expired += batch;
      countSaga('expired', batch);
      if (batch < 100) return expired;
    }
  }

  /**
   * Undoes reservations a crash, a lost reply or a long pause left pending (older than
   * RESERVATION_RECOVERY_AFTER_MS), and finishes any an interrupted undo left aborting.
   */
  async recoverPending(now: Date = this.clock.now()): Promise<number> {
    const stuck = await rows(
      this.dataSource.manager,
      db
        .selectFrom('reservations as r')
        .innerJoin('donations as d', 'd.id', 'r.donation_id')
        .select(['r.id', 'r.donation_id', 'd.title'])
        .where((eb) =>
          eb.or([
            eb.and([eb('r.state', '=', 'pending'), eb('r.reserved_at', '<', new Date(now.getTime() - this.config.RESERVATION_RECOVERY_AFTER_MS))]),
            eb('r.state', '=', 'aborting'),
          ]),
        )
        .limit(50),
    );
    let recovered = 0;
    for (const r of stuck) {
      try {
        await this.abandon({ reservationId: r.id, donationId: r.donation_id, title: r.title });
        recovered += 1;
        countSaga('recovered');
      } catch (error) {
        this.logger.warn(`reservation ${r.id} still pending: ${(error as Error).message}`);
      }
    }
    return recovered;
  }

  /** The member's reservations, newest first, with the time left to collect. */
  async ofReserver(actor: Actor, limit: number, cursorText?: string): Promise<DonationPage<ReservedDonationView>> {
    const cursor = decodeCursor(cursorText, 'time');
    let query = db
      .selectFrom('reservations as r')
      .innerJoin('donations as d', 'd.id', 'r.donation_id')
      .select([...DONATION_COLUMNS, 'r.id as reservation_key', 'r.state as reservation_state', 'r.reserved_at as r_reserved_at', 'r.expires_at as r_expires_at'])
      .where('r.reserver_id', '=', actor.id)
      .where('r.state', '<>', 'failed');
    if (cursor) query = query.where(sql<boolean>`(r.reserved_at, r.donation_id) < (${cursor.k}::timestamptz, ${cursor.id})`);
    const found = await rows(this.dataSource.manager, query.orderBy('r.reserved_at', 'desc').orderBy('r.donation_id', 'desc').limit(limit + 1));
    const now = this.clock.now();
    const items = found.slice(0, limit).map((row) => ({
      ...toDonationView(row),
      reservation: {
        id: row.reservation_key,
        // CHECK-constrained to the reservation states.
        state: row.reservation_state as ReservationState,
        reservedAt: row.r_reserved_at.toISOString(),
        expiresAt: row.r_expires_at.toISOString(),
        timeLeftMs: row.reservation_state === 'active' ? timeLeftMs(row.r_expires_at, now) : 0,
      },
    }));
    const last = found[limit - 1];
    return { items, nextCursor: found.length > limit && last ? encodeCursor({ k: last.r_reserved_at.toISOString(), id: last.id }) : null };
  }

  /**
   * Step 3's other branch. The reservation is first locked out (`pending → aborting`, committed),
   * so a reserving request that wakes up late can no longer activate it; only then is the hold
   * voided (refunded if it was taken), and the item given back (`aborting → failed`).
   */
  private async abandon(ref: { reservationId: string; donationId: number; title: string }): Promise<void> {
    const lockedOut = await this.dataSource.transaction(async (manager) => {
      const state = await this.lockReservation(manager, ref.reservationId);
      if (state === 'pending') {
        await write(manager, db.updateTable('reservations').set({ state: 'aborting' }).where('id', '=', ref.reservationId));
        return true;
      }
      return state === 'aborting';
    });
    if (!lockedOut) return;
    await this.points.release(ref);
    crashpoint('donations.abandon.after-release');
    await this.dataSource.transaction(async (manager) => {
      if ((await this.lockReservation(manager, ref.reservationId)) !== 'aborting') return;
      await this.closeReservation(manager, ref.reservationId, 'failed', this.clock.now());
      await write(
        manager,
        db
          .updateTable('donations')
          .set((eb) => ({
            // An offered item that could not be taken stays offered to that member until the offer runs out.
            status: eb.case().when('offered_to_id', 'is', null).then('available').else('reserved').end(),
            reserved_by_id: null,
            reserved_at: null,
            auto_expire_at: null,
            reservation_id: null,
            updated_at: sql<Date>`now()`,
          }))
          .where('id', '=', ref.donationId)
          .where('reservation_id', '=', ref.reservationId),
      );
    });
  }

  private async lockReservation(manager: EntityManager, reservationId: string): Promise<ReservationState | undefined> {
    const reservation = await firstRow(manager, db.selectFrom('reservations').select('state').where('id', '=', reservationId).forUpdate());
    return reservation?.state as ReservationState | undefined;
  }

  private async closeReservation(manager: EntityManager, reservationId: string, state: ReservationState, at: Date, also: { confirmed_with_code?: boolean } = {}): Promise<void> {
    await write(manager, db.updateTable('reservations').set({ state, closed_at: at, ...also }).where('id', '=', reservationId));
  }

  private async view(donationId: number): Promise<DonationView> {
    const row = await firstRow(this.dataSource.manager, donationById(donationId));
    if (!row) throw rpcError(404, ErrorCodes.DONATION_NOT_FOUND, DonationMessages.notFound);
    return toDonationView(row);
  }
}

function facts(d: LockedDonation): ReservationFacts {
  return {
    status: d.status,
    ownerId: d.owner_id,
    reserverId: d.reserved_by_id,
    reservationState: d.reservation_state,
    offeredToId: d.offered_to_id,
    offerExpiresAt: d.offer_expires_at,
    awaitingChoice: d.allocation_mode === 'choose' && d.allocated_at === null,
  };
}
