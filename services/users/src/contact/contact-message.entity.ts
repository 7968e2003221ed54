import { Column, CreateDateColumn, Entity, PrimaryColumn } from 'typeorm';
import type { ContactMessageState, MailLanguage } from '@hdiya/contracts';
import { SCHEMA } from '../config.js';

@Entity({ schema: SCHEMA, name: 'contact_messages' })
export class ContactMessage {
  @PrimaryColumn('uuid')
  id: string;

  /** The signed-in member who wrote, when there was one. */
  @Column('uuid', { name: 'user_id', nullable: true })
  userId: string | null;

  @Column('text')
  name: string;

  @Column('text')
  email: string;

  @Column('text')
  subject: string;

  @Column('text')
  message: string;

  /** The sender's language when they wrote: replies are mailed in it. */
  @Column('text', { default: 'fr' })
  language: MailLanguage;

  /** `new` until a moderator's first reply. */
  @Column('text', { default: 'new' })
  status: ContactMessageState;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;
}
