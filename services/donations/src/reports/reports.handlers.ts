import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { Rpc } from '@hdiya/contracts';
import { ValidatedPayload } from '@hdiya/platform';
import { ReportPayload } from '../donations/donation.payloads.js';
import { ReportsService } from './reports.service.js';

@Controller()
export class ReportsHandlers {
  constructor(private readonly reports: ReportsService) {}

  @MessagePattern(Rpc.donations.report)
  report(@Payload(new ValidatedPayload(ReportPayload)) input: ReportPayload) {
    return this.reports.report(input.actor, input.donationId, input.report);
  }
}
