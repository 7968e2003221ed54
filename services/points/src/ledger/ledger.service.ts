import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { createEvent, EventTypes, type BalanceView, type PointsChangedV1 } from '@hdiya/contracts';
import { appendToOutbox } from '@hdiya/platform';
import { SCHEMA } from '../config.js';
import { Balance } from './balance.entity.js';
import { LedgerEntry } from './ledger-entry.entity.js';
import { applyEntry, OPENING_BALANCE, welcomeCredit, type BalanceState, type LedgerEntryDraft } from './ledger.rules.js';

@Injectable()
export class LedgerService {
  constructor(private readonly dataSource: DataSource) {}

  /**
   * Applies the welcome credit once per member. Runs inside the caller's transaction (the inbox
   * claim of `UserRegistered`), so the credit and "event handled" commit together.
   */
  async openAccount(manager: EntityManager, userId: string): Promise<boolean> {
    await this.lockAccount(manager, userId);
    const [welcomed] = (await manager.query(
      `SELECT 1 FROM "points"."ledger_entries" WHERE "user_id" = $1 AND "reason" = 'welcome'`,
      [userId],
    )) as unknown[];
    if (welcomed) return false;
    await this.record(manager, welcomeCredit(userId));
    await this.announce(manager, [userId], 'welcome');
    return true;
  }

  /**
   * The member's balance row, created empty if events about them arrive before their
   * registration (the welcome credit still comes with `UserRegistered`), and locked.
   */
  async lockAccount(manager: EntityManager, userId: string): Promise<Balance> {
    await manager.query(
      `INSERT INTO "points"."balances" ("user_id", "points", "blocked_points", "reliability_score")
       VALUES ($1, 0, 0, $2) ON CONFLICT DO NOTHING`,
      [userId, OPENING_BALANCE.reliabilityScore],
    );
    return manager.findOneOrFail(Balance, { where: { userId }, lock: { mode: 'pessimistic_write' } });
  }

  /** Locks several accounts in one global order (by id), so two transactions never deadlock. */
  async lockAccounts(manager: EntityManager, userIds: string[]): Promise<Map<string, Balance>> {
    const locked = new Map<string, Balance>();
    for (const userId of [...new Set(userIds)].sort()) locked.set(userId, await this.lockAccount(manager, userId));
    return locked;
  }

  async balanceOf(userId: string): Promise<BalanceView> {
    const [row] = (await this.dataSource.query(
      `SELECT b.points, b.blocked_points, b.reliability_score,
              EXISTS (SELECT 1 FROM "points"."ledger_entries" e WHERE e.user_id = b.user_id AND e.reason = 'welcome') AS opened
       FROM "points"."balances" b WHERE b.user_id = $1`,
      [userId],
    )) as { points: number; blocked_points: number; reliability_score: number; opened: boolean }[];
    if (!row) return { userId, ...OPENING_BALANCE, opened: false };
    return { userId, points: row.points, blockedPoints: row.blocked_points, reliabilityScore: row.reliability_score, opened: row.opened };
  }

  /** Moves blocked points (holds) and sets the reliability score; the database refuses negatives. */
  async adjust(manager: EntityManager, userId: string, change: { blockedDelta?: number; reliabilityScore?: number }): Promise<void> {
    const balance = await this.lockAccount(manager, userId);
    await manager.update(
      Balance,
      { userId },
      {
        blockedPoints: balance.blockedPoints + (change.blockedDelta ?? 0),
        reliabilityScore: change.reliabilityScore ?? balance.reliabilityScore,
      },
    );
  }

  /** Records `PointsChanged` with the members' balances as this transaction leaves them. */
  async announce(manager: EntityManager, userIds: string[], reason: string): Promise<void> {
    const balances = await manager.find(Balance, { where: userIds.map((userId) => ({ userId })) });
    const events = balances.map((b) => {
      const payload: PointsChangedV1 = {
        userId: b.userId,
        points: b.points,
        blockedPoints: b.blockedPoints,
        reliabilityScore: b.reliabilityScore,
        reason,
      };
      return createEvent('points', EventTypes.points.PointsChanged, payload);
    });
    if (events.length > 0) await appendToOutbox(manager, SCHEMA, events);
  }

  /** Appends an entry and moves the available balance by its amount, under the row lock. */
  async record(manager: EntityManager, draft: LedgerEntryDraft): Promise<BalanceState> {
    const balance = await this.lockAccount(manager, draft.userId);
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
      donationTitle: draft.donationTitle ?? null,
      reference: draft.reference ?? null,
    });
    return next;
  }
}
