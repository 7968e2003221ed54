import { Column, CreateDateColumn, Entity, PrimaryColumn, UpdateDateColumn } from 'typeorm';
import type { AccountView, MailLanguage, PublicProfileView, Role } from '@hdiya/contracts';
import { displayName, lastNameInitial } from '@hdiya/contracts';
import { SCHEMA } from '../config.js';

@Entity({ schema: SCHEMA, name: 'users' })
export class User {
  @PrimaryColumn('uuid')
  id: string;

  @Column('text')
  username: string;

  /** Stored lower-cased. */
  @Column('text')
  email: string;

  /** Stored in the canonical +212 form. */
  @Column('text')
  phone: string;

  @Column('text', { name: 'password_hash' })
  passwordHash: string;

  @Column('text', { name: 'first_name', nullable: true })
  firstName: string | null;

  @Column('text', { name: 'last_name', nullable: true })
  lastName: string | null;

  @Column('text', { name: 'profile_image_url', nullable: true })
  profileImageUrl: string | null;

  @Column('text', { nullable: true })
  city: string | null;

  @Column('text', { default: 'member' })
  role: Role;

  @Column('text', { default: 'fr' })
  language: MailLanguage;

  /** When the member opened the verification link of the current address; null: unverified. */
  @Column('timestamptz', { name: 'email_verified_at', nullable: true })
  emailVerifiedAt: Date | null;

  /** A new address asked for, until its own link is opened (issue 45); `email` stays meanwhile. */
  @Column('text', { name: 'pending_email', nullable: true })
  pendingEmail: string | null;

  /** The suspension running now (decision 0057); null when the member may sign in. */
  @Column('uuid', { name: 'suspension_id', nullable: true })
  suspensionId: string | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;
}

export function toAccountView(user: User): AccountView {
  return {
    id: user.id,
    username: user.username,
    email: user.email,
    phone: user.phone,
    firstName: user.firstName,
    lastName: user.lastName,
    profileImageUrl: user.profileImageUrl,
    city: user.city,
    role: user.role,
    createdAt: user.createdAt.toISOString(),
    emailVerified: user.emailVerifiedAt !== null,
    pendingEmail: user.pendingEmail,
    language: user.language,
  };
}

export function toPublicProfileView(user: User): PublicProfileView {
  return {
    id: user.id,
    displayName: displayName(user),
    firstName: user.firstName,
    lastName: lastNameInitial(user.lastName),
    profileImageUrl: user.profileImageUrl,
    city: user.city,
    createdAt: user.createdAt.toISOString(),
  };
}
