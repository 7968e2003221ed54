import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { MemberDeletedV1 } from '@hdiya/contracts';
import { crashpoint, firstRow, recordMemberDeleted, replaceMemberId, write } from '@hdiya/platform';
import { SCHEMA } from '../config.js';
import { db } from '../database/db.js';
import { LedgerService } from './ledger.service.js';

/** Where the ledger and the others' records keep a deleted member's id: it becomes their tombstone. */
const KEPT_UNDER_TOMBSTONE = [
  ['ledger_entries', 'user_id'],
  ['ledger_entries', 'related_user_id'],
  ['holds', 'user_id'],
  ['gifts', 'owner_id'],
  ['gifts', 'reserver_id'],
  ['gifts', 'withheld_by'],
  ['transfers', 'sender_id'],
  ['transfers', 'receiver_id'],
  ['donation_rewards', 'owner_id'],
] as const;

/** The member still holds points for a reservation: the donations service's release comes first. */
export class HoldsStillOpen extends Error {
  constructor(memberId: string) {
    super(`member ${memberId} still has open holds: the deletion waits for their release`);
    this.name = 'HoldsStillOpen';
  }
}

/**
 * A deleted account here (issue 47, decision 0074), in the inbox transaction of the users
 * service's event. Once their holds are released (the donations service cancels their
 * reservations on the same event; until then this event is retried), their balance leaves the
 * system in one ledger entry (`account_deleted`), which the conservation of points counts; then
 * the ledger and the gifts, transfers and rewards other members share with them name the tombstone
 * instead, whose balance is zero, so every balance still equals the sum of its entries.
 */
@Injectable()
export class DeletionEffects {
  constructor(private readonly ledger: LedgerService) {}

  async delete(manager: EntityManager, deletion: MemberDeletedV1): Promise<void> {
    const { memberId, tombstoneId } = deletion;
    const balance = await this.ledger.lockAccount(manager, memberId);
    const openHold = await firstRow(manager, db.selectFrom('holds').select('reservation_id').where('user_id', '=', memberId).where('state', '=', 'open').limit(1));
    if (balance.blockedPoints > 0 || openHold) throw new HoldsStillOpen(memberId);
    if (balance.points > 0) {
      await this.ledger.record(manager, {
        userId: memberId,
        type: 'other',
        amount: -balance.points,
        reason: 'account_deleted',
        description: 'Compte supprimé : le solde quitte Hdiya',
      });
    }
    crashpoint('points.member-deleted.after-entry');
    await write(
      manager,
      db
        .insertInto('balances')
        .values({ user_id: tombstoneId, points: 0, blocked_points: 0, reliability_score: balance.reliabilityScore })
        .onConflict((conflict) => conflict.doNothing()),
    );
    await replaceMemberId(manager, SCHEMA, KEPT_UNDER_TOMBSTONE, deletion);
    await write(manager, db.deleteFrom('balances').where('user_id', '=', memberId));
    await recordMemberDeleted(manager, SCHEMA, deletion);
  }
}
