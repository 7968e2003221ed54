import { Column, CreateDateColumn, Entity, PrimaryColumn } from 'typeorm';
import { SCHEMA } from '../config.js';

/** Every forgot-password request is recorded, whether or not the address has an account. */
@Entity({ schema: SCHEMA, name: 'password_reset_requests' })
export class PasswordResetRequest {
  @PrimaryColumn('uuid')
  id: string;

  @Column('text')
  email: string;

  @Column('uuid', { name: 'user_id', nullable: true })
  userId: string | null;

  /** SHA-256 of the token sent by e-mail; the token itself is never stored. */
  @Column('text', { name: 'token_hash', nullable: true })
  tokenHash: string | null;

  @Column('timestamptz', { name: 'expires_at', nullable: true })
  expiresAt: Date | null;

  /** When the token set a new password: a token works once. */
  @Column('timestamptz', { name: 'used_at', nullable: true })
  usedAt: Date | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;
}
