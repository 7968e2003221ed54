import { Controller, Get, UseGuards } from '@nestjs/common';
import { Rpc, type FailedMailView, type FailedMailsView } from '@hdiya/contracts';
import { AdminGuard } from '../session/admin.guard.js';
import { ServiceClient } from '../rpc/service-client.js';

/** The services that send mail, and where each lists the mails it gave up on. */
const MAIL_SENDERS = [
  { service: 'users', subject: Rpc.users.failedMails },
  { service: 'messaging', subject: Rpc.messaging.failedMails },
] as const;

/** A service that does not answer soon is reported as unavailable rather than holding the page. */
const LIST_TIMEOUT_MS = 2000;

/** Mails given up after their last attempt (decision 0024), for moderators to look into. */
@Controller('api/admin/mails')
@UseGuards(AdminGuard)
export class FailedMailsController {
  constructor(private readonly services: ServiceClient) {}

  /** Every sender's list, newest first; a service that does not answer is named, not fatal. */
  @Get('failed')
  async failed(): Promise<FailedMailsView> {
    const answers = await Promise.all(
      MAIL_SENDERS.map(({ service, subject }) =>
        this.services.call(subject, { limit: 200 }, LIST_TIMEOUT_MS).then(
          (mails): { service: string; mails: FailedMailView[] | null } => ({ service, mails }),
          () => ({ service, mails: null }),
        ),
      ),
    );
    return {
      mails: answers.flatMap((a) => a.mails ?? []).sort((a, b) => b.failedAt.localeCompare(a.failedAt)),
      unavailable: answers.filter((a) => a.mails === null).map((a) => a.service),
    };
  }
}
