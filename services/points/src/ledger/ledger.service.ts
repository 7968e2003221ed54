import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { Events, type BalanceView, type PointsChangedV1 } from '@hdiya/contracts';
import { appendToOutbox, createEvent } from '@hdiya/platform';
import { SCHEMA } from '../config.js';
import { applyEntry, OPENING_BALANCE, welcomeCredit, type BalanceState, type LedgerEntryDraft } from './ledger.rules.js';

/** A member's cached totals (`points.balances`); the database forbids negative amounts. */
export interface Balance extends BalanceState {
  userId: string;
}

const BALANCE_COLUMNS = `"user_id" AS "userId", "points", "blocked_points" AS "blockedPoints", "reliability_score" AS "reliabilityScore"`;

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
      `SELECT 1 FROM "${SCHEMA}"."ledger_entries" WHERE "user_id" = $1 AND "reason" = 'welcome'`,
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
      `INSERT INTO "${SCHEMA}"."balances" ("user_id", "points", "blocked_points", "reliability_score")
       VALUES ($1, 0, 0, $2) ON CONFLICT DO NOTHING`,
      [userId, OPENING_BALANCE.reliabilityScore],
    );
    const [balance] = (await manager.query(`SELECT ${BALANCE_COLUMNS} FROM "${SCHEMA}"."balances" WHERE "user_id" = $1 FOR UPDATE`, [
      userId,
    ])) as Balance[];
    return balance!;
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
              EXISTS (SELECT 1 FROM "${SCHEMA}"."ledger_entries" e WHERE e.user_id = b.user_id AND e.reason = 'welcome') AS opened
       FROM "${SCHEMA}"."balances" b WHERE b.user_id = $1`,
      [userId],
    )) as { points: number; blocked_points: number; reliability_score: number; opened: boolean }[];
    if (!row) return { userId, ...OPENING_BALANCE, opened: false };
    return { userId, points: row.points, blockedPoints: row.blocked_points, reliabilityScore: row.reliability_score, opened: row.opened };
  }

  /** Moves blocked points (holds) and sets the reliability score; the database refuses negatives. */
  async adjust(manager: EntityManager, userId: string, change: { blockedDelta?: number; reliabilityScore?: number }): Promise<void> {
    const balance = await this.lockAccount(manager, userId);
    await manager.query(
      `UPDATE "${SCHEMA}"."balances" SET "blocked_points" = $2, "reliability_score" = $3, "updated_at" = now() WHERE "user_id" = $1`,
      [userId, balance.blockedPoints + (change.blockedDelta ?? 0), change.reliabilityScore ?? balance.reliabilityScore],
    );
  }

  /** Records `PointsChanged` with the members' balances as this transaction leaves them. */
  async announce(manager: EntityManager, userIds: string[], reason: string): Promise<void> {
    const balances = (await manager.query(`SELECT ${BALANCE_COLUMNS} FROM "${SCHEMA}"."balances" WHERE "user_id" = ANY($1::uuid[])`, [
      userIds,
    ])) as Balance[];
    const events = balances.map((b) => {
      const payload: PointsChangedV1 = {
        userId: b.userId,
        points: b.points,
        blockedPoints: b.blockedPoints,
        reliabilityScore: b.reliabilityScore,
        reason,
      };
      return createEvent(Events.points.PointsChanged, payload);
    });
    if (events.length > 0) await appendToOutbox(manager, SCHEMA, events);
  }

  /** Appends an entry and moves the available balance by its amount, under the row lock. */
  async record(manager: EntityManager, draft: LedgerEntryDraft): Promise<BalanceState> {
    const balance = await this.lockAccount(manager, draft.userId);
    const next = applyEntry(balance, draft);
    await manager.query(`UPDATE "${SCHEMA}"."balances" SET "points" = $2, "updated_at" = now() WHERE "user_id" = $1`, [draft.userId, next.points]);
    await manager.query(
      `INSERT INTO "${SCHEMA}"."ledger_entries"
         ("user_id", "type", "amount", "reason", "description", "related_user_id", "donation_id", "donation_title", "reference")
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
      [
        draft.userId,
        draft.type,
        draft.amount,
        draft.reason,
        draft.description,
        draft.relatedUserId ?? null,
        draft.donationId ?? null,
        draft.donationTitle ?? null,
        draft.reference ?? null,
      ],
    );
    return next;
  }
}
