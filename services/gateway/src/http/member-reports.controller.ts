import { Controller, HttpCode, Param, Post, UseGuards } from '@nestjs/common';
import { ErrorCodes, MemberReportMessages, ReportMemberSchema, Rpc, type ReportMemberInput } from '@hdiya/contracts';
import { ApiException } from '../errors/api-exception.js';
import { JsonBody } from '../input/json-body.decorator.js';
import { MemberId } from '../input/member-id.pipe.js';
import { ValidatedBody } from '../input/validated-body.pipe.js';
import { ServiceClient } from '../rpc/service-client.js';
import { CurrentUser, type SessionUser } from '../session/session-user.js';
import { SignedInGuard } from '../session/signed-in.guard.js';

@Controller('api/users')
export class MemberReportsController {
  constructor(private readonly services: ServiceClient) {}

  /**
   * A member reports another (docs/product.md#member-reports). An attached conversation must be
   * one the two share: the messaging service is asked for its newest message as the reporter
   * reads it (nothing is marked read), and one that holds none names no conversation.
   */
  @Post(':id/reports')
  @HttpCode(201)
  @UseGuards(SignedInGuard)
  async report(
    @Param('id', MemberId()) memberId: string,
    @JsonBody(new ValidatedBody(ReportMemberSchema)) report: ReportMemberInput,
    @CurrentUser() user: SessionUser,
  ): Promise<{ reported: true; reportId: string }> {
    const conversationId = report.conversationId;
    if (conversationId != null && user.id !== memberId) {
      const newest = await this.services.call(Rpc.messaging.conversation, { userId: user.id, otherId: memberId, query: { donationId: conversationId, limit: 1 } });
      if (newest.length === 0) throw new ApiException(404, ErrorCodes.CONVERSATION_NOT_FOUND, MemberReportMessages.conversation, 'conversationId');
    }
    return this.services.call(Rpc.users.reportMember, { actor: user, memberId, report });
  }
}
