import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';
import type { LedgerEntryType, LedgerReason } from './ledger.rules.js';

/** Append-only: a trigger refuses UPDATE and DELETE. */
@Entity({ schema: 'points', name: 'ledger_entries' })
export class LedgerEntry {
  @PrimaryGeneratedColumn('identity', { type: 'bigint' })
  id: string;

  @Column('uuid', { name: 'user_id' })
  userId: string;

  @Column('text')
  type: LedgerEntryType;

  @Column('integer')
  amount: number;

  @Column('text')
  reason: LedgerReason;

  @Column('text')
  description: string;

  @Column('uuid', { name: 'related_user_id', nullable: true })
  relatedUserId: string | null;

  @Column('integer', { name: 'donation_id', nullable: true })
  donationId: number | null;

  @Column('text', { name: 'donation_title', nullable: true })
  donationTitle: string | null;

  /** The reservation or transfer this entry belongs to. */
  @Column('uuid', { nullable: true })
  reference: string | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;
}
