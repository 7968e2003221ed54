import { Column, Entity, PrimaryColumn } from 'typeorm';
import type { MemberReportReason, MemberReportStatus } from '@hdiya/contracts';
import { SCHEMA } from '../config.js';

/** One member's report of another (decision 0057). */
@Entity({ schema: SCHEMA, name: 'member_reports' })
export class MemberReport {
  @PrimaryColumn('uuid')
  id: string;

  @Column('uuid', { name: 'reporter_id' })
  reporterId: string;

  @Column('uuid', { name: 'member_id' })
  memberId: string;

  @Column('text')
  reason: MemberReportReason;

  @Column('text', { nullable: true })
  comment: string | null;

  /** The conversation the reporter attached: a donation's id as text, or `none`; null: none attached. */
  @Column('text', { name: 'conversation_id', nullable: true })
  conversationId: string | null;

  @Column('timestamptz', { name: 'created_at', default: () => 'now()' })
  createdAt: Date;

  @Column('text', { default: 'open' })
  status: MemberReportStatus;

  @Column('uuid', { name: 'resolved_by', nullable: true })
  resolvedBy: string | null;

  @Column('timestamptz', { name: 'resolved_at', nullable: true })
  resolvedAt: Date | null;
}
