import { Controller } from '@nestjs/common';
import { Rpc, type RpcRequest } from '@hdiya/contracts';
import { RpcHandler } from '@hdiya/platform';
import { ReportsService } from './reports.service.js';

@Controller()
export class ReportsHandlers {
  constructor(private readonly reports: ReportsService) {}

  @RpcHandler(Rpc.donations.report)
  report(input: RpcRequest<'donations.report'>) {
    return this.reports.report(input.actor, input.donationId, input.report);
  }

  @RpcHandler(Rpc.donations.dismissReports)
  dismiss(input: RpcRequest<'donations.reports.dismiss'>) {
    return this.reports.dismiss(input.actor, input.donationId);
  }
}
