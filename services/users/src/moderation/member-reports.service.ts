import { Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { DataSource, In } from 'typeorm';
import {
  displayName,
  ErrorCodes,
  MemberReportMessages,
  MemberReportRules,
  Messages,
  type Actor,
  type ConversationRef,
  type DismissedMemberReportView,
  type ReportMemberInput,
  type StoredMemberModerationView,
} from '@hdiya/contracts';
import { recordModeratorAction, rpcError } from '@hdiya/platform';
import { SCHEMA } from '../config.js';
import { User } from '../core/user.entity.js';
import { MemberReport } from './member-report.entity.js';
import { MemberSuspension, toSuspensionView } from './member-suspension.entity.js';
import { assertModerator } from './moderator-check.js';

/** Reports shown with each member on the moderators' list: the open ones first, then the newest. */
const REPORTS_PER_MEMBER = 50;

const conversationRefOf = (stored: string | null): ConversationRef | null => (stored === null ? null : stored === 'none' ? 'none' : Number(stored));

/** Members reporting members, and what moderators see of it (docs/product.md#member-reports). */
@Injectable()
export class MemberReportsService {
  constructor(private readonly dataSource: DataSource) {}

  /**
   * Once per reporter and member in 24 hours. The conversation, when attached, is the gateway's
   * to check (it asks the messaging service whether the two share it) before it calls here.
   */
  async report(actor: Actor, memberId: string, input: ReportMemberInput): Promise<{ reported: true; reportId: string }> {
    if (actor.id === memberId) throw rpcError(403, ErrorCodes.MEMBER_REPORT_SELF, MemberReportMessages.reportSelf);
    return this.dataSource.transaction(async (manager) => {
      // The member's row, locked: a reporter's two reports sent at once see each other.
      const member = await manager.findOne(User, { select: { id: true }, where: { id: memberId }, lock: { mode: 'pessimistic_write' } });
      if (!member) throw rpcError(404, ErrorCodes.USER_NOT_FOUND, Messages.userNotFound);
      const since = new Date(Date.now() - MemberReportRules.oncePerHours * 60 * 60 * 1000);
      const recent = await manager
        .getRepository(MemberReport)
        .createQueryBuilder('r')
        .where('r.reporter_id = :reporter AND r.member_id = :member AND r.created_at > :since', { reporter: actor.id, member: memberId, since })
        .getExists();
      if (recent) throw rpcError(409, ErrorCodes.ALREADY_REPORTED, MemberReportMessages.reportAgain);
      const report = manager.create(MemberReport, {
        id: randomUUID(),
        reporterId: actor.id,
        memberId,
        reason: input.reason,
        comment: input.comment ?? null,
        conversationId: input.conversationId == null ? null : String(input.conversationId),
        status: 'open',
        resolvedBy: null,
        resolvedAt: null,
      });
      await manager.insert(MemberReport, report);
      return { reported: true, reportId: report.id };
    });
  }

  /**
   * Moderators: the members with open reports (the most recently reported first), then those
   * suspended now, each with their reports, their suspension and their past ones.
   */
  async list(actor: Actor): Promise<StoredMemberModerationView[]> {
    const manager = this.dataSource.manager;
    await assertModerator(manager, actor);
    const reported = await manager
      .getRepository(MemberReport)
      .createQueryBuilder('r')
      .select('r.member_id', 'member_id')
      .addSelect('max(r.created_at)', 'last_reported_at')
      .where(`r.status = 'open'`)
      .groupBy('r.member_id')
      .orderBy('last_reported_at', 'DESC')
      .limit(MemberReportRules.listedMembers)
      .getRawMany<{ member_id: string }>();
    const suspended = await manager
      .getRepository(User)
      .createQueryBuilder('u')
      .innerJoin(MemberSuspension, 's', 's.id = u.suspension_id')
      .select('u.id', 'id')
      .orderBy('s.suspended_at', 'DESC')
      .limit(MemberReportRules.listedMembers)
      .getRawMany<{ id: string }>();
    const memberIds = [...new Set([...reported.map((r) => r.member_id), ...suspended.map((s) => s.id)])].slice(0, MemberReportRules.listedMembers);
    if (memberIds.length === 0) return [];

    const [members, suspensions, reports] = await Promise.all([
      manager.find(User, { where: { id: In(memberIds) } }),
      manager.find(MemberSuspension, { where: { memberId: In(memberIds) }, order: { suspendedAt: 'DESC' } }),
      manager
        .getRepository(MemberReport)
        .createQueryBuilder('r')
        .where('r.member_id IN (:...memberIds)', { memberIds })
        .orderBy(`(r.status = 'open')`, 'DESC')
        .addOrderBy('r.created_at', 'DESC')
        .getMany(),
    ]);
    const reporterIds = [...new Set(reports.map((r) => r.reporterId))];
    const reporters = reporterIds.length > 0 ? await manager.find(User, { where: { id: In(reporterIds) } }) : [];
    const nameOf = new Map(reporters.map((u) => [u.id, displayName(u)]));
    const byId = new Map(members.map((m) => [m.id, m]));

    return memberIds.flatMap((memberId) => {
      const member = byId.get(memberId);
      if (!member) return [];
      const own = suspensions.filter((s) => s.memberId === memberId);
      const running = own.find((s) => s.id === member.suspensionId && s.endedAt === null);
      const theirReports = reports.filter((r) => r.memberId === memberId);
      return [
        {
          memberId,
          username: member.username,
          displayName: displayName(member),
          role: member.role,
          signedUpAt: member.createdAt.toISOString(),
          suspension: running ? toSuspensionView(running) : null,
          pastSuspensions: own.filter((s) => s.endedAt !== null).slice(0, MemberReportRules.pastSuspensions).map(toSuspensionView),
          openReports: theirReports.filter((r) => r.status === 'open').length,
          reports: theirReports.slice(0, REPORTS_PER_MEMBER).map((r) => ({
            id: r.id,
            reporterId: r.reporterId,
            reporterName: nameOf.get(r.reporterId) ?? '',
            reason: r.reason,
            comment: r.comment,
            conversationId: conversationRefOf(r.conversationId),
            status: r.status,
            createdAt: r.createdAt.toISOString(),
            resolvedAt: r.resolvedAt?.toISOString() ?? null,
          })),
        },
      ];
    });
  }

  /** Moderators: the report is unfounded; dismissing a report no longer open changes nothing. */
  async dismiss(actor: Actor, reportId: string): Promise<DismissedMemberReportView> {
    return this.dataSource.transaction(async (manager) => {
      await assertModerator(manager, actor);
      const report = await manager.findOne(MemberReport, { where: { id: reportId }, lock: { mode: 'pessimistic_write' } });
      if (!report) throw rpcError(404, ErrorCodes.MEMBER_REPORT_NOT_FOUND, MemberReportMessages.reportNotFound);
      if (report.status !== 'open') return { reportId, memberId: report.memberId, dismissed: false };
      await manager.update(MemberReport, { id: reportId }, { status: 'dismissed', resolvedBy: actor.id, resolvedAt: new Date() });
      await recordModeratorAction(manager, SCHEMA, {
        actorId: actor.id,
        action: 'member_report.dismiss',
        targetType: 'member',
        targetId: report.memberId,
        details: { reportId, reason: report.reason },
      });
      return { reportId, memberId: report.memberId, dismissed: true };
    });
  }
}
