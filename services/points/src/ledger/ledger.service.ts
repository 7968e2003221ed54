import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { Events, type BalanceView, type PointsChangedV1 } from '@hdiya/contracts';
import { appendToOutbox, createEvent, firstRow, rows, sql, write } from '@hdiya/platform';
import { SCHEMA } from '../config.js';
import { db } from '../database/db.js';
import { applyEntry, OPENING_BALANCE, welcomeCredit, type BalanceState, type LedgerEntryDraft } from './ledger.rules.js';

/** A member's cached totals (`points.balances`); the database forbids negative amounts. */
export interface Balance extends BalanceState {
  userId: string;
}

const BALANCE_COLUMNS = ['user_id as userId', 'points', 'blocked_points as blockedPoints', 'reliability_score as reliabilityScore'] as const;

@Injectable()
export class LedgerService {
  constructor(private readonly dataSource: DataSource) {}

  /**
   * Applies the welcome credit once per member. Runs inside the caller's transaction (the inbox
   * claim of `UserRegistered`), so the credit and "event handled" commit together.
   */
  async openAccount(manager: EntityManager, userId: string): Promise<boolean> {
    await this.lockAccount(manager, userId);
    const welcomed = await firstRow(
      manager,
      db.selectFrom('ledger_entries').select('id').where('user_id', '=', userId).where('reason', '=', 'welcome').limit(1),
    );
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
    await write(
      manager,
      db
        .insertInto('balances')
        .values({ user_id: userId, points: 0, blocked_points: 0, reliability_score: OPENING_BALANCE.reliabilityScore })
        .onConflict((conflict) => conflict.doNothing()),
    );
    const balance = await firstRow(manager, db.selectFrom('balances').select(BALANCE_COLUMNS).where('user_id', '=', userId).forUpdate());
    return balance!;
  }

  /** Locks several accounts in one global order (by id), so two transactions never deadlock. */
  async lockAccounts(manager: EntityManager, userIds: string[]): Promise<Map<string, Balance>> {
    const locked = new Map<string, Balance>();
    for (const userId of [...new Set(userIds)].sort()) locked.set(userId, await this.lockAccount(manager, userId));
    return locked;
  }

  async balanceOf(userId: string): Promise<BalanceView> {
    const row = await firstRow(
      this.dataSource.manager,
      db
        .selectFrom('balances as b')
        .select((eb) => [
          'b.points',
          'b.blocked_points',
          'b.reliability_score',
          eb
            .exists(eb.selectFrom('ledger_entries as e').select('e.id').whereRef('e.user_id', '=', 'b.user_id').where('e.reason', '=', 'welcome'))
            .as('opened'),
        ])
        .where('b.user_id', '=', userId),
    );
    if (!row) return { userId, ...OPENING_BALANCE, opened: false };
    return { userId, points: row.points, blockedPoints: row.blocked_points, reliabilityScore: row.reliability_score, opened: Boolean(row.opened) };
  }

  /** Moves blocked points (holds) and sets the reliability score; the database refuses negatives. */
  async adjust(manager: EntityManager, userId: string, change: { blockedDelta?: number; reliabilityScore?: number }): Promise<void> {
    const balance = await this.lockAccount(manager, userId);
    await write(
      manager,
      db
        .updateTable('balances')
        .set({
          blocked_points: balance.blockedPoints + (change.blockedDelta ?? 0),
          reliability_score: change.reliabilityScore ?? balance.reliabilityScore,
          updated_at: sql<Date>`now()`,
        })
        .where('user_id', '=', userId),
    );
  }

  /** Records `PointsChanged` with the members' balances as this transaction leaves them. */
  async announce(manager: EntityManager, userIds: string[], reason: string): Promise<void> {
    if (userIds.length === 0) return;
    const balances = await rows(manager, db.selectFrom('balances').select(BALANCE_COLUMNS).where('user_id', 'in', userIds));
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
    await write(manager, db.updateTable('balances').set({ points: next.points, updated_at: sql<Date>`now()` }).where('user_id', '=', draft.userId));
    await write(
      manager,
      db.insertInto('ledger_entries').values({
        user_id: draft.userId,
        type: draft.type,
        amount: draft.amount,
        reason: draft.reason,
        description: draft.description,
        related_user_id: draft.relatedUserId ?? null,
        donation_id: draft.donationId ?? null,
        donation_title: draft.donationTitle ?? null,
        reference: draft.reference ?? null,
      }),
    );
    return next;
  }
}
