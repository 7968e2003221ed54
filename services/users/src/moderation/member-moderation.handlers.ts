import { Controller } from '@nestjs/common';
import { Rpc, type RpcRequest } from '@hdiya/contracts';
import { RpcHandler } from '@hdiya/platform';
import { MemberReportsService } from './member-reports.service.js';
import { MemberSuspensionsService } from './member-suspensions.service.js';

/** Members reporting members, and moderators' decisions on them (decision 0057). */
@Controller()
export class MemberModerationHandlers {
  constructor(
    private readonly reports: MemberReportsService,
    private readonly suspensions: MemberSuspensionsService,
  ) {}

  @RpcHandler(Rpc.users.reportMember)
  report(input: RpcRequest<'users.members.report'>) {
    return this.reports.report(input.actor, input.memberId, input.report);
  }

  @RpcHandler(Rpc.users.memberReports)
  list(input: RpcRequest<'users.members.reports'>) {
    return this.reports.list(input.actor);
  }

  @RpcHandler(Rpc.users.dismissMemberReport)
  dismiss(input: RpcRequest<'users.members.reports.dismiss'>) {
    return this.reports.dismiss(input.actor, input.reportId);
  }

  @RpcHandler(Rpc.users.suspendMember)
  suspend(input: RpcRequest<'users.members.suspend'>) {
    return this.suspensions.suspend(input.actor, input.memberId, input.suspension);
  }

  @RpcHandler(Rpc.users.reinstateMember)
  reinstate(input: RpcRequest<'users.members.reinstate'>) {
    return this.suspensions.reinstate(input.actor, input.memberId);
  }
}
