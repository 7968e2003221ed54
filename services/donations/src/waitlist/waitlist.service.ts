import { Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { DataSource, type EntityManager } from 'typeorm';
import {
  DonationMessages,
  ErrorCodes,
  Events,
  type Actor,
  type WaitlistClosedV1,
  type WaitlistOfferedV1,
  type WaitlistOfferLapsedV2,
  type WaitlistView,
} from '@hdiya/contracts';
import { appendToOutbox, createEvent, crashpoint, rpcError } from '@hdiya/platform';
import { SCHEMA } from '../config.js';
import { Clock } from '../reservations/clock.js';
import { HoardingLimits } from '../reservations/hoarding-limits.js';
import { lockDonation, makeAvailable, type LockedDonation } from '../reservations/donation-state.js';
import { joinRefusal, leaveRefusal, offerExpiryOf, skipOfferRefusal, type LineFacts } from './waitlist.rules.js';

type Donation = Pick<LockedDonation, 'id' | 'title' | 'owner_id'>;

/**
 * The waiting list of a reserved donation (docs/decisions/0016-waiting-list-alerts-and-handover.md).
 * Every change happens under the donation's row lock, in the transaction of the step that caused
 * it (a cancel, an expiry, a decline, an offer running out): the next member is offered the item
 * exactly once, whatever the replicas and whenever a process dies.
 */
@Injectable()
export class WaitlistService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly clock: Clock,
    private readonly limits: HoardingLimits,
  ) {}

  async view(actor: Actor, donationId: number): Promise<WaitlistView> {
    const [donation] = (await this.dataSource.query(`SELECT "owner_id", "offered_to_id", "offer_expires_at" FROM "${SCHEMA}"."donations" WHERE "id" = $1`, [
      donationId,
    ])) as { owner_id: string; offered_to_id: string | null; offer_expires_at: Date | null }[];
    if (!donation) throw rpcError(404, ErrorCodes.DONATION_NOT_FOUND, DonationMessages.notFound);
    const [line] = (await this.dataSource.query(
      `SELECT count(*) FILTER (WHERE "state" = 'waiting')::int AS waiting,
              (SELECT e."state" FROM "${SCHEMA}"."waitlist_entries" e WHERE e."donation_id" = $1 AND e."member_id" = $2 AND e."state" IN ('waiting', 'offered')) AS mine,
              (SELECT count(*)::int FROM "${SCHEMA}"."waitlist_entries" w, "${SCHEMA}"."waitlist_entries" me
                WHERE w."donation_id" = $1 AND w."state" = 'waiting' AND me."donation_id" = $1 AND me."member_id" = $2 AND me."state" = 'waiting'
                  AND (w."joined_at", w."id") <= (me."joined_at", me."id")) AS position
       FROM "${SCHEMA}"."waitlist_entries" WHERE "donation_id" = $1`,
      [donationId, actor.id],
    )) as { waiting: number; mine: 'waiting' | 'offered' | null; position: number }[];
    const offerExpiresAt = donation.offer_expires_at?.toISOString() ?? null;
    let me: WaitlistView['me'] = null;
    if (line?.mine === 'waiting') me = { state: 'waiting', position: line.position };
    if (line?.mine === 'offered' && donation.offered_to_id === actor.id && offerExpiresAt) me = { state: 'offered', offerExpiresAt };
    return {
      donationId,
      waiting: line?.waiting ?? 0,
      offerOut: donation.offered_to_id !== null,
      offerExpiresAt: donation.owner_id === actor.id || me?.state === 'offered' ? offerExpiresAt : null,
      me,
    };
  }

  async join(actor: Actor, donationId: number): Promise<WaitlistView> {
    await this.dataSource.transaction(async (manager) => {
      const donation = await lockDonation(manager, donationId);
      const refused = joinRefusal(donation, await this.lineFacts(manager, donationId, actor.id), actor.id);
      if (refused) throw rpcError(refused.status, refused.code, refused.message);
      const now = this.clock.now();
      await this.limits.refuseJoin(manager, actor.id, donationId, now);
      await manager.query(
        `INSERT INTO "${SCHEMA}"."waitlist_entries" ("id", "donation_id", "member_id", "state", "joined_at") VALUES ($1, $2, $3, 'waiting', $4)`,
        [randomUUID(), donationId, actor.id, now],
      );
    });
    return this.view(actor, donationId);
  }

  /** Leaves the line; the member the item is offered to declines it, and it goes to the next. */
  async leave(actor: Actor, donationId: number): Promise<WaitlistView> {
    await this.dataSource.transaction(async (manager) => {
      const donation = await lockDonation(manager, donationId);
      const refused = leaveRefusal(donation, await this.lineFacts(manager, donationId, actor.id), actor.id);
      if (refused) throw rpcError(refused.status, refused.code, refused.message);
      const now = this.clock.now();
      // TypeORM answers an UPDATE as [rows, affected count].
      const [[closed]] = (await manager.query(
        `UPDATE "${SCHEMA}"."waitlist_entries" SET "state" = CASE "state" WHEN 'offered' THEN 'declined' ELSE 'left' END, "closed_at" = $3
         WHERE "donation_id" = $1 AND "member_id" = $2 AND "state" IN ('waiting', 'offered') RETURNING "id", "state"`,
        [donationId, actor.id, now],
      )) as [{ id: string; state: string }[], number];
      if (closed?.state === 'declined' && donation.offered_to_id === actor.id) {
        await this.passOn(manager, donation, { entryId: closed.id, memberId: actor.id, reason: 'declined' }, now);
      }
    });
    return this.view(actor, donationId);
  }

  /**
   * The owner passes the item offered from the line to the next in line (or, when nobody waits,
   * makes it available): the offer ends and its member is told (decision 0020).
   */
  async skipOffer(actor: Actor, donationId: number): Promise<WaitlistView> {
    await this.dataSource.transaction(async (manager) => {
      const donation = await lockDonation(manager, donationId);
      const refused = skipOfferRefusal(donation, actor.id);
      if (refused) throw rpcError(refused.status, refused.code, refused.message);
      const now = this.clock.now();
      const [[entry]] = (await manager.query(
        `UPDATE "${SCHEMA}"."waitlist_entries" SET "state" = 'skipped', "closed_at" = $3
         WHERE "donation_id" = $1 AND "member_id" = $2 AND "state" = 'offered' RETURNING "id"`,
        [donationId, donation.offered_to_id, now],
      )) as [{ id: string }[], number];
      await this.passOn(manager, donation, { entryId: entry?.id ?? randomUUID(), memberId: donation.offered_to_id!, reason: 'skipped' }, now);
    });
    return this.view(actor, donationId);
  }

  /**
   * The item just became free (a cancel or an expiry, in that step's transaction, the donation
   * locked): the first member waiting is offered it for 24 hours. False when nobody waits.
   */
  async offerToNext(manager: EntityManager, donation: Donation, now: Date): Promise<boolean> {
    const [next] = (await manager.query(
      `SELECT "id", "member_id" FROM "${SCHEMA}"."waitlist_entries" WHERE "donation_id" = $1 AND "state" = 'waiting'
       ORDER BY "joined_at", "id" LIMIT 1 FOR UPDATE`,
      [donation.id],
    )) as { id: string; member_id: string }[];
    if (!next) return false;
    const expiresAt = offerExpiryOf(now);
    await manager.query(`UPDATE "${SCHEMA}"."waitlist_entries" SET "state" = 'offered', "offered_at" = $2, "offer_expires_at" = $3 WHERE "id" = $1`, [
      next.id,
      now,
      expiresAt,
    ]);
    await manager.query(
      `UPDATE "${SCHEMA}"."donations" SET "status" = 'reserved', "offered_to_id" = $2, "offer_expires_at" = $3, "updated_at" = now() WHERE "id" = $1`,
      [donation.id, next.member_id, expiresAt],
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
    const [closed] = (await manager.query(
      `UPDATE "${SCHEMA}"."waitlist_entries" SET "state" = 'closed', "closed_at" = $2 WHERE "donation_id" = $1 AND "state" IN ('waiting', 'offered')
       RETURNING "member_id"`,
      [donation.id, now],
    )) as [{ member_id: string }[], number];
    const memberIds = closed.map((row) => row.member_id);
    if (memberIds.length === 0) return;
    const payload: WaitlistClosedV1 = { donationId: donation.id, title: donation.title, memberIds, reason };
    await appendToOutbox(manager, SCHEMA, [createEvent(Events.donations.WaitlistClosed, payload)]);
  }

  /**
   * Offers nobody answered in 24 hours pass to the next in line. Donations are claimed with SKIP
   * LOCKED, so replicas running this job never pass one offer twice; an offer being accepted
   * (its reservation under way) is left to that reservation.
   */
  async lapseDueOffers(now: Date = this.clock.now()): Promise<number> {
    let lapsed = 0;
    for (;;) {
      const batch = await this.dataSource.transaction(async (manager) => {
        const due = (await manager.query(
          `SELECT "id", "title", "owner_id", "offered_to_id" FROM "${SCHEMA}"."donations"
           WHERE "offered_to_id" IS NOT NULL AND "offer_expires_at" <= $1 AND "reservation_id" IS NULL
           ORDER BY "offer_expires_at" LIMIT 100 FOR UPDATE SKIP LOCKED`,
          [now],
        )) as (Donation & { offered_to_id: string })[];
        for (const donation of due) {
          const [[entry]] = (await manager.query(
            `UPDATE "${SCHEMA}"."waitlist_entries" SET "state" = 'expired', "closed_at" = $3
             WHERE "donation_id" = $1 AND "member_id" = $2 AND "state" = 'offered' RETURNING "id"`,
            [donation.id, donation.offered_to_id, now],
          )) as [{ id: string }[], number];
          const entryId = entry?.id ?? randomUUID();
          await this.passOn(manager, donation, { entryId, memberId: donation.offered_to_id, reason: 'expired' }, now);
        }
        return due.length;
      });
      lapsed += batch;
      if (batch < 100) return lapsed;
    }
  }

  private async passOn(manager: EntityManager, donation: Donation, lapsed: Omit<WaitlistOfferLapsedV2, 'donationId' | 'title'>, now: Date): Promise<void> {
    const payload: WaitlistOfferLapsedV2 = { ...lapsed, donationId: donation.id, title: donation.title };
    await appendToOutbox(manager, SCHEMA, [createEvent(Events.donations.WaitlistOfferLapsed, payload)]);
    await makeAvailable(manager, donation.id);
    await this.offerToNext(manager, donation, now);
  }

  private async lineFacts(manager: EntityManager, donationId: number, memberId: string): Promise<LineFacts> {
    const [facts] = (await manager.query(
      `SELECT count(*) FILTER (WHERE "state" = 'waiting')::int AS waiting,
              max("state") FILTER (WHERE "member_id" = $2) AS mine
       FROM "${SCHEMA}"."waitlist_entries" WHERE "donation_id" = $1 AND "state" IN ('waiting', 'offered')`,
      [donationId, memberId],
    )) as { waiting: number; mine: 'waiting' | 'offered' | null }[];
    return { waiting: facts?.waiting ?? 0, mine: facts?.mine ?? null };
  }
}
