import { Inject, Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { ErrorCodes, HoardingMessages } from '@hdiya/contracts';
import { rpcError, rpcLimitError } from '@hdiya/platform';
import { DONATIONS_CONFIG, SCHEMA, type DonationsConfig } from '../config.js';

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
    const [{ open }] = (await manager.query(
      `SELECT count(*)::int AS open FROM "${SCHEMA}"."reservations" WHERE "reserver_id" = $1 AND "state" IN ('pending', 'aborting', 'active')`,
      [memberId],
    )) as [{ open: number }];
    const max = this.config.RESERVATIONS_OPEN_MAX;
    if (open >= max) throw rpcError(409, ErrorCodes.RESERVATIONS_LIMIT, HoardingMessages.reservationsLimit(max));
  }

  /** Joining a waiting list: places (waiting or offered) below the cap, and no cooldown on this item. */
  async refuseJoin(manager: EntityManager, memberId: string, donationId: number, now: Date): Promise<void> {
    await this.lockMember(manager, memberId);
    await this.refuseDuringCooldown(manager, memberId, donationId, now);
    const [{ places }] = (await manager.query(
      `SELECT count(*)::int AS places FROM "${SCHEMA}"."waitlist_entries" WHERE "member_id" = $1 AND "state" IN ('waiting', 'offered')`,
      [memberId],
    )) as [{ places: number }];
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
    const [{ ended }] = (await manager.query(
      `SELECT max("closed_at") AS ended FROM "${SCHEMA}"."reservations"
       WHERE "reserver_id" = $1 AND "donation_id" = $2
         AND ("state" = 'expired' OR ("state" = 'cancelled' AND "cancelled_by" = 'reserver'))`,
      [memberId, donationId],
    )) as [{ ended: Date | null }];
    if (!ended) return;
    const freeAt = new Date(ended.getTime() + cooldownMs);
    if (freeAt > now) throw rpcLimitError(409, ErrorCodes.RESERVE_AGAIN_COOLDOWN, HoardingMessages.reserveAgain(freeAt), freeAt);
  }

  private async lockMember(manager: EntityManager, memberId: string): Promise<void> {
    await manager.query(`SELECT pg_advisory_xact_lock(hashtextextended($1, 0))`, [`hoarding:${memberId}`]);
  }
}
