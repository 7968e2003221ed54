import { Controller, Get, HttpCode, Param, Post, UseGuards } from '@nestjs/common';
import {
  ErrorCodes,
  MemberReportMessages,
  Rpc,
  SuspendMemberSchema,
  type DismissedMemberReportView,
  type MemberModerationResult,
  type MemberModerationView,
  type SuspendMemberInput,
} from '@hdiya/contracts';
import { JsonBody } from '../input/json-body.decorator.js';
import { MemberId } from '../input/member-id.pipe.js';
import { ValidatedBody } from '../input/validated-body.pipe.js';
import { ServiceClient } from '../rpc/service-client.js';
import { AdminGuard } from '../session/admin.guard.js';
import { CurrentUser, type SessionUser } from '../session/session-user.js';
import { MemberModerationViews } from './member-moderation-views.js';
import { UuidParam } from './uuid-param.js';

/** Moderation of members (docs/product.md#member-reports, decision 0057); the users service checks the role again. */
@Controller('api/admin')
@UseGuards(AdminGuard)
export class AdminMembersController {
  constructor(
    private readonly services: ServiceClient,
    private readonly views: MemberModerationViews,
  ) {}

  @Get('member-reports')
  reported(@CurrentUser() user: SessionUser): Promise<MemberModerationView[]> {
    return this.views.list(user);
  }

  /**
   * The member's sessions and sockets end through the gateways' consumer of the suspension event
   * (auth/member-suspensions.consumer.ts), a moment later, whichever replica is alive by then.
   */
  @Post('members/:id/suspend')
  @HttpCode(200)
  suspend(
    @Param('id', MemberId()) memberId: string,
    @JsonBody(new ValidatedBody(SuspendMemberSchema)) suspension: SuspendMemberInput,
    @CurrentUser() user: SessionUser,
  ): Promise<MemberModerationResult> {
    return this.services.call(Rpc.users.suspendMember, { actor: user, memberId, suspension });
  }

  @Post('members/:id/reinstate')
  @HttpCode(200)
  reinstate(@Param('id', MemberId()) memberId: string, @CurrentUser() user: SessionUser): Promise<MemberModerationResult> {
    return this.services.call(Rpc.users.reinstateMember, { actor: user, memberId });
  }

  @Post('member-reports/:id/dismiss')
  @HttpCode(200)
  dismiss(
    @Param('id', UuidParam(ErrorCodes.MEMBER_REPORT_NOT_FOUND, MemberReportMessages.reportNotFound)) reportId: string,
    @CurrentUser() user: SessionUser,
  ): Promise<DismissedMemberReportView> {
    return this.services.call(Rpc.users.dismissMemberReport, { actor: user, reportId });
  }
}
