import { Column, CreateDateColumn, Entity, PrimaryColumn, UpdateDateColumn } from 'typeorm';

/** Cached totals of a member's ledger; the database forbids negative amounts. */
@Entity({ schema: 'points', name: 'balances' })
export class Balance {
  @PrimaryColumn('uuid', { name: 'user_id' })
  userId: string;

  @Column('integer')
  points: number;

  @Column('integer', { name: 'blocked_points', default: 0 })
  blockedPoints: number;

  @Column('integer', { name: 'reliability_score', default: 100 })
  reliabilityScore: number;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;
}
