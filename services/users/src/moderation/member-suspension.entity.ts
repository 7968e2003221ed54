import { Column, Entity, PrimaryColumn } from 'typeorm';
import type { MemberSuspensionView } from '@hdiya/contracts';
import { SCHEMA } from '../config.js';

/** A moderator's suspension of a member: until a date, or for good (`until` null). */
@Entity({ schema: SCHEMA, name: 'member_suspensions' })
export class MemberSuspension {
  @PrimaryColumn('uuid')
  id: string;

  @Column('uuid', { name: 'member_id' })
  memberId: string;

  @Column('text')
  reason: string;

  /** Null: a ban. */
  @Column('timestamptz', { nullable: true })
  until: Date | null;

  @Column('uuid', { name: 'suspended_by' })
  suspendedBy: string;

  @Column('timestamptz', { name: 'suspended_at', default: () => 'now()' })
  suspendedAt: Date;

  /** When a moderator reinstated the member or the job found `until` passed; null while it runs. */
  @Column('timestamptz', { name: 'ended_at', nullable: true })
  endedAt: Date | null;

  /** The moderator who reinstated the member; null when its date passed. */
  @Column('uuid', { name: 'ended_by', nullable: true })
  endedBy: string | null;
}

/** A running suspension still holds once its date has passed until the expiry job ends it: this says whether it still bites. */
export function isInForce(suspension: Pick<MemberSuspension, 'until' | 'endedAt'>, now: Date = new Date()): boolean {
  return suspension.endedAt === null && (suspension.until === null || suspension.until.getTime() > now.getTime());
}

export function toSuspensionView(suspension: MemberSuspension): MemberSuspensionView {
  return {
    id: suspension.id,
    reason: suspension.reason,
    until: suspension.until?.toISOString() ?? null,
    suspendedAt: suspension.suspendedAt.toISOString(),
    suspendedBy: suspension.suspendedBy,
    endedAt: suspension.endedAt?.toISOString() ?? null,
    endedBy: suspension.endedBy,
  };
}
