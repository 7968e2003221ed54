import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { lastNameInitial, type LedgerEntryType, type PointsHistoryEntry } from '@hdiya/contracts';
import { SCHEMA } from '../config.js';

interface HistoryRow {
  id: string;
  type: LedgerEntryType;
  reason: string;
  amount: number;
  description: string;
  related_user_id: string | null;
  first_name: string | null;
  last_name: string | null;
  donation_id: number | null;
  donation_title: string | null;
  created_at: Date;
}

@Injectable()
export class HistoryService {
  constructor(private readonly dataSource: DataSource) {}

  /**
   * The member's ledger, newest first, with the other member (first name and last-name initial,
   * as members are shown to each other, docs/product.md#how-members-are-shown) and the donation's title.
   */
  async history(userId: string, limit: number, before?: string): Promise<PointsHistoryEntry[]> {
    const rows = (await this.dataSource.query(
      `SELECT e.id, e.type, e.reason, e.amount, e.description, e.related_user_id, m.first_name, m.last_name,
              e.donation_id, e.donation_title, e.created_at
       FROM "${SCHEMA}"."ledger_entries" e LEFT JOIN "${SCHEMA}"."members" m ON m.user_id = e.related_user_id
       WHERE e.user_id = $1 ${before ? 'AND e.id < $3' : ''}
       ORDER BY e.id DESC LIMIT $2`,
      before ? [userId, limit, before] : [userId, limit],
    )) as HistoryRow[];
    return rows.map((r) => ({
      id: String(r.id),
      type: r.type,
      reason: r.reason,
      amount: r.amount,
      description: r.description,
      relatedUser: r.related_user_id ? { id: r.related_user_id, firstName: r.first_name, lastName: lastNameInitial(r.last_name) } : null,
      donation: r.donation_id !== null ? { id: r.donation_id, title: r.donation_title } : null,
      createdAt: r.created_at.toISOString(),
    }));
  }
}
