import { Column, CreateDateColumn, Entity, PrimaryColumn } from 'typeorm';

export type HoldState = 'open' | 'captured' | 'released' | 'forfeited' | 'voided';

/**
 * The points a reservation blocks. `voided` also marks a reservation abandoned before its hold
 * was taken, so that a late hold request for it is refused.
 */
@Entity({ schema: 'points', name: 'holds' })
export class Hold {
  @PrimaryColumn('uuid', { name: 'reservation_id' })
  reservationId: string;

  @Column('uuid', { name: 'user_id', nullable: true })
  userId: string | null;

  @Column('integer', { name: 'donation_id', nullable: true })
  donationId: number | null;

  @Column('integer')
  amount: number;

  @Column('text')
  state: HoldState;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @Column('timestamptz', { name: 'closed_at', nullable: true })
  closedAt: Date | null;
}
