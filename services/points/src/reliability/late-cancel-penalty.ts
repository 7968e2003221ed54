import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { HoardingRules, isLateCancel, type ReservationCancelledV2 } from '@hdiya/contracts';
import { LedgerService } from '../ledger/ledger.service.js';

/** The score after a late cancel: 5 less, down to 0 (as an expiry's 10). */
export function reliabilityAfterLateCancel(score: number): number {
  return Math.max(0, score - HoardingRules.lateCancelReliabilityPenalty);
}

/**
 * A reserver who cancels in the last 24 hours of their 10 days held the item almost to the end
 * for nothing: their reliability drops by 5 (decision 0020). Applied in the transaction of the
 * cancel event that released the hold, so exactly once: the inbox drops a redelivered event, and
 * only the release that closed the hold (`released`) may charge it.
 */
@Injectable()
export class LateCancelPenalty {
  constructor(private readonly ledger: LedgerService) {}

  async apply(manager: EntityManager, cancelled: ReservationCancelledV2, released: boolean): Promise<boolean> {
    if (!released || cancelled.cancelledBy !== 'reserver') return false;
    if (!isLateCancel(new Date(cancelled.cancelledAt), new Date(cancelled.expiresAt))) return false;
    const balance = await this.ledger.lockAccount(manager, cancelled.reserverId);
    await this.ledger.adjust(manager, cancelled.reserverId, { reliabilityScore: reliabilityAfterLateCancel(balance.reliabilityScore) });
    await this.ledger.announce(manager, [cancelled.reserverId], 'late_cancel');
    return true;
  }
}
