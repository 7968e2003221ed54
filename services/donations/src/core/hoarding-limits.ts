import { Inject, Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { ErrorCodes, HoardingMessages } from '@hdiya/contracts';
import { firstRow, rpcError, rpcLimitError, sql, write } from '@hdiya/platform';
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
    const cooldownMs = this.config.RESERVE_AGAIN_COOLDOWN_HOURS * HOUR_MS;
    if (cooldownMs <= 0) return;
    const { ended } = (await firstRow(
      manager,
      db
        .selectFrom('reservations')
        .select((eb) => eb.fn.max('closed_at').as('ended'))
        .where('reserver_id', '=', memberId)
        .where('donation_id', '=', donationId)
        .where((eb) => eb.or([eb('state', '=', 'expired'), eb.and([eb('state', '=', 'cancelled'), eb('cancelled_by', '=', 'reserver')])])),
    ))!;
    if (!ended) return;
    const freeAt = new Date(ended.getTime() + cooldownMs);
    if (freeAt > now) throw rpcLimitError(409, ErrorCodes.RESERVE_AGAIN_COOLDOWN, HoardingMessages.reserveAgain(freeAt), freeAt);
  }

  private async lockMember(manager: EntityManager, memberId: string): Promise<void> {
    await write(manager, db.selectNoFrom(sql`pg_advisory_xact_lock(hashtextextended(${`hoarding:${memberId}`}, 0))`.as('locked')));
  }
}
