import { Column, CreateDateColumn, Entity, PrimaryColumn } from 'typeorm';
import { SCHEMA } from '../config.js';

/** A verification link sent to an address: valid for that address only, once. */
@Entity({ schema: SCHEMA, name: 'email_verifications' })
export class EmailVerification {
  @PrimaryColumn('uuid')
  id: string;

  @Column('uuid', { name: 'user_id' })
  userId: string;

  /** The address the link was sent to: a link for an address the member has since changed verifies nothing. */
  @Column('text')
  email: string;

  /** SHA-256 of the token in the link; the token itself is never stored. */
  @Column('text', { name: 'token_hash' })
  tokenHash: string;

  @Column('timestamptz', { name: 'expires_at' })
  expiresAt: Date;

  @Column('timestamptz', { name: 'used_at', nullable: true })
  usedAt: Date | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;
}
