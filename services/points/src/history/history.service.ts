import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { lastNameInitial, type LedgerEntryType, type PointsHistoryEntry } from '@hdiya/contracts';
import { rows } from '@hdiya/platform';
import { db } from '../database/db.js';

@Injectable()
export class HistoryService {
  constructor(private readonly dataSource: DataSource) {}

  /**
   * The member's ledger, newest first, with the other member (first name and last-name initial,
   * as members are shown to each other, docs/product.md#how-members-are-shown) and the donation's title.
   */
  async history(userId: string, limit: number, before?: string): Promise<PointsHistoryEntry[]> {
    const entries = await rows(
      this.dataSource.manager,
      db
        .selectFrom('ledger_entries as e')
        .leftJoin('members as m', 'm.user_id', 'e.related_user_id')
        .select(['e.id', 'e.type', 'e.reason', 'e.amount', 'e.description', 'e.related_user_id', 'm.first_name', 'm.last_name'])
        .select(['e.donation_id', 'e.donation_title', 'e.created_at'])
        .where('e.user_id', '=', userId)
        .$if(before !== undefined, (query) => query.where('e.id', '<', before!))
        .orderBy('e.id', 'desc')
        .limit(limit),
    );
    return entries.map((r) => ({
      id: String(r.id),
      // The column's check constraint allows only the contract's types.
      type: r.type as LedgerEntryType,
      reason: r.reason,
      amount: r.amount,
      description: r.description,
      relatedUser: r.related_user_id ? { id: r.related_user_id, firstName: r.first_name, lastName: lastNameInitial(r.last_name) } : null,
      donation: r.donation_id !== null ? { id: r.donation_id, title: r.donation_title } : null,
      createdAt: r.created_at.toISOString(),
    }));
  }
}
