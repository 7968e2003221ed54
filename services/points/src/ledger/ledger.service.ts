import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import type { BalanceView } from '@hdiya/contracts';
import { Balance } from './balance.entity.js';
import { LedgerEntry } from './ledger-entry.entity.js';
import { applyEntry, OPENING_BALANCE, welcomeCredit, type LedgerEntryDraft } from './ledger.rules.js';

@Injectable()
export class LedgerService {
  constructor(private readonly dataSource: DataSource) {}

  /**
   * Opens a member's account with the welcome credit. Runs inside the caller's transaction
   * (the inbox claim of `UserRegistered`), so the credit and "event handled" commit together.
   * Opening an already open account changes nothing.
   */
  async openAccount(manager: EntityManager, userId: string): Promise<boolean> {
    const inserted = (await manager.query(
      `INSERT INTO "points"."balances" ("user_id", "points", "blocked_points", "reliability_score")
       VALUES ($1, 0, 0, $2) ON CONFLICT DO NOTHING RETURNING "user_id"`,
      [userId, OPENING_BALANCE.reliabilityScore],
    )) as unknown[];
    if (inserted.length === 0) return false;
    await this.record(manager, welcomeCredit(userId));
    return true;
  }

  async balanceOf(userId: string): Promise<BalanceView> {
    const balance = await this.dataSource.manager.findOne(Balance, { where: { userId } });
    if (!balance) return { userId, ...OPENING_BALANCE, opened: false };
    return {
      userId,
      points: balance.points,
      blockedPoints: balance.blockedPoints,
      reliabilityScore: balance.reliabilityScore,
      opened: true,
    };
  }

  /** Appends an entry and moves the balance by its amount, under a row lock. */
  private async record(manager: EntityManager, draft: LedgerEntryDraft): Promise<void> {
    const balance = await manager.findOneOrFail(Balance, { where: { userId: draft.userId }, lock: { mode: 'pessimistic_write' } });
    const next = applyEntry(balance, draft);
    await manager.update(Balance, { userId: draft.userId }, { points: next.points });
    await manager.insert(LedgerEntry, {
      userId: draft.userId,
      type: draft.type,
      amount: draft.amount,
      reason: draft.reason,
      description: draft.description,
      relatedUserId: draft.relatedUserId ?? null,
      donationId: draft.donationId ?? null,
    });
  }
}
