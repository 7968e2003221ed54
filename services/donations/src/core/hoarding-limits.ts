import { Inject, Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { ErrorCodes, HoardingMessages, type DonationLimitsView } from '@hdiya/contracts';
import { firstRow, rows, rpcError, rpcLimitError, sql, write } from '@hdiya/platform';
import { DONATIONS_CONFIG, type DonationsConfig } from '../config.js';
import { db } from '../database/db.js';

const HOUR_MS = 60 * 60 * 1000;

/**
 * Limits against hoarding (decision 0020), checked inside the transaction that claims a
 * reservation or a waiting-list place. Each check first takes a lock per member, held until that
 * transaction ends, so concurrent requests of one member (on any replica) count one after another
 * and never both slip under a limit.
 */
@Injectable()
export class HoardingLimits {
  constructor(@Inject(DONATIONS_CONFIG) private readonly config: DonationsConfig) {}

  /** Reserving (or accepting an offer): open reservations below the cap, and no cooldown on this item. */
  async refuseReserve(manager: EntityManager, memberId: string, donationId: number, now: Date): Promise<void> {
    await this.lockMember(manager, memberId);
    await this.refuseDuringCooldown(manager, memberId, donationId, now);
    // A reservation being undone (`aborting`) still counts: its hold may still be taken.
    const { open } = (await firstRow(
      manager,
      db
        .selectFrom('reservations')
        .select(sql<number>`count(*)::int`.as('open'))
        .where('reserver_id', '=', memberId)
        .where('state', 'in', ['pending', 'aborting', 'active']),
    ))!;
    const max = this.config.RESERVATIONS_OPEN_MAX;
    if (open >= max) throw rpcError(409, ErrorCodes.RESERVATIONS_LIMIT, HoardingMessages.reservationsLimit(max));
  }

  /** Joining a waiting list: places (waiting or offered) below the cap, and no cooldown on this item. */
  async refuseJoin(manager: EntityManager, memberId: string, donationId: number, now: Date): Promise<void> {
    await this.lockMember(manager, memberId);
    await this.refuseDuringCooldown(manager, memberId, donationId, now);
    const { places } = (await firstRow(
      manager,
      db
        .selectFrom('waitlist_entries')
        .select(sql<number>`count(*)::int`.as('places'))
        .where('member_id', '=', memberId)
        .where('state', 'in', ['waiting', 'offered']),
    ))!;
    const max = this.config.WAITLIST_PLACES_MAX;
    if (places >= max) throw rpcError(409, ErrorCodes.WAITLIST_PLACES_LIMIT, HoardingMessages.waitlistPlacesLimit(max));
  }

  /**
   * The member cancelled this item's reservation themselves, or let it expire, less than
   * RESERVE_AGAIN_COOLDOWN_HOURS ago: refused, saying when it frees up. An owner's cancel does
   * not count against the reserver.
   */
  private async refuseDuringCooldown(manager: EntityManager, memberId: string, donationId: number, now: Date): Promise<void> {
    const [cooling] = await this.cooldowns(manager, memberId, now, donationId);
    if (cooling) throw rpcLimitError(409, ErrorCodes.RESERVE_AGAIN_COOLDOWN, HoardingMessages.reserveAgain(cooling.until), cooling.until);
  }

  /**
   * The items the member cancelled themselves, or let expire, less than RESERVE_AGAIN_COOLDOWN_HOURS
   * ago (all of them, or the one given), with when each frees up. An owner's cancel does not count.
   */
  private async cooldowns(manager: EntityManager, memberId: string, now: Date, donationId?: number): Promise<{ donationId: number; title: string; until: Date }[]> {
    const cooldownMs = this.config.RESERVE_AGAIN_COOLDOWN_HOURS * HOUR_MS;
    if (cooldownMs <= 0) return [];
    let query = db
      .selectFrom('reservations as r')
      .innerJoin('donations as d', 'd.id', 'r.donation_id')
      .select(['r.donation_id', 'd.title', (eb) => eb.fn.max('r.closed_at').as('ended')])
      .where('r.reserver_id', '=', memberId)
      .where((eb) => eb.or([eb('r.state', '=', 'expired'), eb.and([eb('r.state', '=', 'cancelled'), eb('r.cancelled_by', '=', 'reserver')])]))
      .where('r.closed_at', '>', new Date(now.getTime() - cooldownMs));
    if (donationId !== undefined) query = query.where('r.donation_id', '=', donationId);
    const found = await rows(manager, query.groupBy(['r.donation_id', 'd.title']).orderBy('ended'));
    return found.map((c) => ({ donationId: c.donation_id, title: c.title, until: new Date(c.ended!.getTime() + cooldownMs) }));
  }

  /**
   * Where the member stands (docs/product.md#where-you-stand): open reservations, a place freeing
   * at the earliest end of theirs at the latest; waiting-list places (they free when the member
   * leaves or is offered the item); the items they may not reserve again yet, and until when.
   */
  async standing(manager: EntityManager, memberId: string, now: Date): Promise<DonationLimitsView> {
    const counts = (await firstRow(
      manager,
      db.selectNoFrom((eb) => [
        eb
          .selectFrom('reservations')
          .select(sql<number>`count(*)::int`.as('n'))
          .where('reserver_id', '=', memberId)
          .where('state', 'in', ['pending', 'aborting', 'active'])
          .as('reservations'),
        eb
          .selectFrom('reservations')
          .select((r) => r.fn.min('expires_at').as('soonest'))
          .where('reserver_id', '=', memberId)
          .where('state', '=', 'active')
          .as('soonest_end'),
        eb
          .selectFrom('waitlist_entries')
          .select(sql<number>`count(*)::int`.as('n'))
          .where('member_id', '=', memberId)
          .where('state', 'in', ['waiting', 'offered'])
          .as('places'),
      ]),
    ))!;
    const cooling = await this.cooldowns(manager, memberId, now);
    const soonest = counts.soonest_end as Date | null;
    return {
      reservations: { used: counts.reservations ?? 0, max: this.config.RESERVATIONS_OPEN_MAX, freesAt: soonest ? soonest.toISOString() : null },
      waitlistPlaces: { used: counts.places ?? 0, max: this.config.WAITLIST_PLACES_MAX, freesAt: null },
      cooldowns: cooling.map((c) => ({ ...c, until: c.until.toISOString() })),
    };
  }

  private async lockMember(manager: EntityManager, memberId: string): Promise<void> {
    await write(manager, db.selectNoFrom(sql`pg_advisory_xact_lock(hashtextextended(${`hoarding:${memberId}`}, 0))`.as('locked')));
  }
}
