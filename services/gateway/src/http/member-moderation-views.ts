import { Injectable } from '@nestjs/common';
import { MemberReportRules, Rpc, type Actor, type MemberModerationView, type StoredMemberModerationView } from '@hdiya/contracts';
import { ServiceClient } from '../rpc/service-client.js';

/**
 * The moderators' list of reported members, put together from three services as a profile is: the
 * users service's members, reports and suspensions; each member's public record (donations); and,
 * for a report whose reporter attached their conversation, its newest messages (messaging). A
 * conversation nobody attached is never read.
 */
@Injectable()
export class MemberModerationViews {
  constructor(private readonly services: ServiceClient) {}

  async list(actor: Actor): Promise<MemberModerationView[]> {
    const members = await this.services.call(Rpc.users.memberReports, { actor });
    return Promise.all(members.map((member) => this.withRecordAndConversations(member)));
  }

  private async withRecordAndConversations(member: StoredMemberModerationView): Promise<MemberModerationView> {
    const [record, reports] = await Promise.all([
      this.services.call(Rpc.donations.trustRecord, { userId: member.memberId }),
      Promise.all(
        member.reports.map(async (report) => ({
          ...report,
          conversation:
            report.conversationId === null
              ? null
              : {
                  id: report.conversationId,
                  messages: await this.services.call(Rpc.messaging.conversation, {
                    userId: report.reporterId,
                    otherId: member.memberId,
                    query: { donationId: report.conversationId, limit: MemberReportRules.attachedMessages },
                  }),
                },
        })),
      ),
    ]);
    return { ...member, record, reports };
  }
}
