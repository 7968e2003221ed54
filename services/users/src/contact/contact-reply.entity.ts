import { Column, CreateDateColumn, Entity, PrimaryColumn } from 'typeorm';
import { SCHEMA } from '../config.js';

/** A moderator's reply to a contact message, as mailed to its sender (several may follow one another). */
@Entity({ schema: SCHEMA, name: 'contact_replies' })
export class ContactReply {
  @PrimaryColumn('uuid')
  id: string;

  @Column('uuid', { name: 'contact_message_id' })
  contactMessageId: string;

  /** The moderator who wrote it. */
  @Column('uuid', { name: 'author_id' })
  authorId: string;

  @Column('text')
  message: string;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;
}
