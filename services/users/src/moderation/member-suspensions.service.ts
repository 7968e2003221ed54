import { Injectable } from '@nestjs/common';
import { RpcException } from '@nestjs/microservices';
import { randomUUID } from 'node:crypto';
import { DataSource, IsNull, LessThanOrEqual, Not, type EntityManager } from 'typeorm';
import {
  ErrorCodes,
  Events,
  MemberReportMessages,
  Messages,
  type Actor,
  type MemberModerationResult,
  type MemberReinstatedV1,
  type MemberSuspendedV1,
  type RpcErrorBody,
  type SuspendMemberInput,
} from '@hdiya/contracts';
import { appendToOutbox, createEvent, recordModeratorAction, rpcError } from '@hdiya/platform';
import { SCHEMA } from '../config.js';
import { User } from '../core/user.entity.js';
import { SuspensionMails } from '../mail/suspension-mails.js';
import { MemberReport } from './member-report.entity.js';
import { isInForce, MemberSuspension, toSuspensionView } from './member-suspension.entity.js';
import { assertModerator } from './moderator-check.js';

/** Suspensions the expiry job ends per run at most (the next run takes the rest). */
const EXPIRY_BATCH = 100;

/**
 * Suspending, reinstating and the end of a suspension whose date passed (decision 0057). Each
 * decision is one transaction: the suspension row, the account's pointer to it, the reports it
 * settles, its event in the outbox and the member's mail, all or nothing. The member's row is
 * locked first in every path, so a moderator's decision and the expiry job never interleave.
 */
@Injectable()
export class MemberSuspensionsService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly mails: SuspensionMails,
  ) {}

  /** Sign-in and the account of a session: refused while a suspension bites, with why and until when. */
  async assertNotSuspended(user: User, manager: EntityManager = this.dataSource.manager): Promise<void> {
    if (!user.suspensionId) return;
    const suspension = await manager.findOneBy(MemberSuspension, { id: user.suspensionId });
    if (!suspension || !isInForce(suspension)) return;
    const body: RpcErrorBody = {
      status: 403,
      code: ErrorCodes.MEMBER_SUSPENDED,
      message: MemberReportMessages.suspended(suspension.reason, suspension.until),
      suspension: { reason: suspension.reason, until: suspension.until?.toISOString() ?? null },
    };
    throw new RpcException(body);
  }

  async suspend(actor: Actor, memberId: string, input: SuspendMemberInput): Promise<MemberModerationResult> {
    if (actor.id === memberId) throw rpcError(403, ErrorCodes.MEMBER_NOT_SUSPENDABLE, MemberReportMessages.suspendSelf);
    return this.dataSource.transaction(async (manager) => {
      await assertModerator(manager, actor);
      const member = await this.lockedMember(manager, memberId);
      if (member.role === 'admin') throw rpcError(403, ErrorCodes.MEMBER_NOT_SUSPENDABLE, MemberReportMessages.suspendAdmin);
      const now = new Date();
      const until = input.until ? new Date(input.until) : null;
      if (until && until.getTime() <= now.getTime()) throw rpcError(400, ErrorCodes.VALIDATION_FAILED, MemberReportMessages.until, 'until');
      const current = member.suspensionId ? await manager.findOneBy(MemberSuspension, { id: member.suspensionId }) : null;
      if (current && isInForce(current, now)) throw rpcError(409, ErrorCodes.MEMBER_ALREADY_SUSPENDED, MemberReportMessages.alreadySuspended);
      // A suspension whose date passed before the job came round ends here, as the job would end it
      // (its event, for the services to follow in order; no "welcome back" mail before the new one).
      if (current) await this.end(manager, member, current, null, now, { mail: false });

      const suspension = manager.create(MemberSuspension, {
        id: randomUUID(),
        memberId,
        reason: input.reason,
        until,
        suspendedBy: actor.id,
        suspendedAt: now,
        endedAt: null,
        endedBy: null,
      });
      await manager.insert(MemberSuspension, suspension);
      await manager.update(User, { id: memberId }, { suspensionId: suspension.id });
      const closed = await manager.update(
        MemberReport,
        { memberId, status: 'open' },
        { status: 'actioned', resolvedBy: actor.id, resolvedAt: now },
      );
      const payload: MemberSuspendedV1 = {
        memberId,
        suspensionId: suspension.id,
        until: until?.toISOString() ?? null,
        suspendedAt: now.toISOString(),
      };
      await appendToOutbox(manager, SCHEMA, [createEvent(Events.users.MemberSuspended, payload)]);
      await recordModeratorAction(manager, SCHEMA, {
        actorId: actor.id,
        action: 'member.suspend',
        targetType: 'member',
        targetId: memberId,
        reason: suspension.reason,
        details: { suspensionId: suspension.id, until: payload.until, closedReports: closed.affected ?? 0 },
      });
      await this.mails.suspended(manager, member, { reason: suspension.reason, until });
      return { memberId, suspension: toSuspensionView(suspension), closedReports: closed.affected ?? 0 };
    });
  }

  async reinstate(actor: Actor, memberId: string): Promise<MemberModerationResult> {
    return this.dataSource.transaction(async (manager) => {
      await assertModerator(manager, actor);
      const member = await this.lockedMember(manager, memberId);
      const current = member.suspensionId ? await manager.findOneBy(MemberSuspension, { id: member.suspensionId, endedAt: IsNull() }) : null;
      if (!current) throw rpcError(409, ErrorCodes.MEMBER_NOT_SUSPENDED, MemberReportMessages.notSuspended);
      await this.end(manager, member, current, actor.id, new Date(), { mail: true });
      await recordModeratorAction(manager, SCHEMA, {
        actorId: actor.id,
        action: 'member.reinstate',
        targetType: 'member',
        targetId: memberId,
        details: { suspensionId: current.id },
      });
      return { memberId, suspension: toSuspensionView(current), closedReports: 0 };
    });
  }

  /**
   * Ends the suspensions whose date has passed. Each in its own transaction, the member's row taken
   * with SKIP LOCKED: replicas running the job at once end each one once, and one a moderator is
   * deciding on right now is left to the next run.
   */
  async endExpired(now: Date = new Date()): Promise<number> {
    const due = await this.dataSource.manager.find(MemberSuspension, {
      select: { id: true, memberId: true },
      where: { endedAt: IsNull(), until: LessThanOrEqual(now) },
      order: { until: 'ASC' },
      take: EXPIRY_BATCH,
    });
    let ended = 0;
    for (const { id, memberId } of due) {
      const done = await this.dataSource.transaction(async (manager) => {
        const member = await manager
          .getRepository(User)
          .createQueryBuilder('u')
          .where('u.id = :memberId AND u.suspension_id = :id', { memberId, id })
          .setLock('pessimistic_write')
          .setOnLocked('skip_locked')
          .getOne();
        if (!member) return false;
        const suspension = await manager.findOneBy(MemberSuspension, { id, endedAt: IsNull(), until: Not(IsNull()) });
        if (!suspension || isInForce(suspension, now)) return false;
        await this.end(manager, member, suspension, null, now, { mail: true });
        return true;
      });
      if (done) ended += 1;
    }
    return ended;
  }

  private async lockedMember(manager: EntityManager, memberId: string): Promise<User> {
    const member = await manager.findOne(User, { where: { id: memberId }, lock: { mode: 'pessimistic_write' } });
    if (!member) throw rpcError(404, ErrorCodes.USER_NOT_FOUND, Messages.userNotFound);
    return member;
  }

  /** The suspension ends (by a moderator, or `endedBy` null when its date passed): event and mail with it. */
  private async end(
    manager: EntityManager,
    member: User,
    suspension: MemberSuspension,
    endedBy: string | null,
    now: Date,
    { mail }: { mail: boolean },
  ): Promise<void> {
    suspension.endedAt = now;
    suspension.endedBy = endedBy;
    await manager.update(MemberSuspension, { id: suspension.id }, { endedAt: now, endedBy });
    await manager.update(User, { id: member.id }, { suspensionId: null });
    member.suspensionId = null;
    const payload: MemberReinstatedV1 = { memberId: member.id, suspensionId: suspension.id, reinstatedAt: now.toISOString() };
    await appendToOutbox(manager, SCHEMA, [createEvent(Events.users.MemberReinstated, payload)]);
    if (mail) await this.mails.reinstated(manager, member);
  }
}
