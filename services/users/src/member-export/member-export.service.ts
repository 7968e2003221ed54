import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { ErrorCodes, Messages, type MemberExportPage } from '@hdiya/contracts';
import { exportPage, rpcError } from '@hdiya/platform';
import { ContactMessage } from '../contact/contact-message.entity.js';
import { toAccountView, User } from '../core/user.entity.js';
import { MemberReport } from '../moderation/member-report.entity.js';
import { MemberSuspension } from '../moderation/member-suspension.entity.js';

/**
 * The member's part of "Télécharger mes données" (issue 47): their account and settings (never the
 * password's hash), their suspensions, the reports they made about other members and what they
 * wrote to the support. Reports made about them are the moderators' and stay out (law 09-08 lets
 * a controller keep a complaint's author from the person it names).
 */
@Injectable()
export class MemberExportService {
  constructor(private readonly dataSource: DataSource) {}

  /** One page of the member's part (the three files are small: one page holds them). */
  async page(userId: string, cursor?: string): Promise<MemberExportPage> {
    const manager = this.dataSource.manager;
    const user = await manager.findOne(User, { where: { id: userId } });
    if (!user) throw rpcError(404, ErrorCodes.USER_NOT_FOUND, Messages.userNotFound);
    const [suspensions, reports, contactMessages] = await Promise.all([
      manager.find(MemberSuspension, { where: { memberId: userId }, order: { suspendedAt: 'ASC' } }),
      manager.find(MemberReport, { where: { reporterId: userId }, order: { createdAt: 'ASC' } }),
      manager.find(ContactMessage, { where: { userId }, order: { createdAt: 'ASC' } }),
    ]);
    const files = [
        {
          name: 'account.json',
          content: {
            ...toAccountView(user),
            emailVerifiedAt: user.emailVerifiedAt?.toISOString() ?? null,
            updatedAt: user.updatedAt.toISOString(),
            suspensions: suspensions.map(({ id, reason, until, suspendedAt, endedAt }) => ({ id, reason, until, suspendedAt, endedAt })),
          },
        },
        {
          name: 'member-reports.json',
          content: reports.map(({ id, memberId, reason, comment, createdAt, status }) => ({ id, memberId, reason, comment, createdAt, status })),
        },
        {
          name: 'contact-messages.json',
          content: contactMessages.map(({ id, name, email, subject, message, status, createdAt }) => ({ id, name, email, subject, message, status, createdAt })),
        },
    ];
    return exportPage(files.map(({ name, content }) => ({ name, whole: async () => content })), cursor);
  }
}
