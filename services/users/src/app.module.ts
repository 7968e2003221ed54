import { Module, type DynamicModule } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { Rpc } from '@hdiya/contracts';
import { databaseTimeoutsOf, EventBusModule, MailModule, natsConnectionOf, RETENTION_OPTIONS, RetentionJob, serviceModule } from '@hdiya/platform';
import { AccountsHandlers } from './accounts/accounts.handlers.js';
import { AccountsService } from './accounts/accounts.service.js';
import { PASSWORD_HASH_COST, PasswordHasher, passwordHashCostOf } from './accounts/password-hasher.js';
import { ContactHandlers } from './contact/contact.handlers.js';
import { ContactService } from './contact/contact.service.js';
import { SupportInboxHandlers } from './contact/support-inbox.handlers.js';
import { SupportInboxService } from './contact/support-inbox.service.js';
import { ModerationLogHandlers } from './moderation/moderation-log.handlers.js';
import { SUPPORT_EMAIL, SupportMails } from './mail/support-mails.js';
import { PasswordResetHandlers } from './password-reset/password-reset.handlers.js';
import { PasswordResetService } from './password-reset/password-reset.service.js';
import { EmailVerificationHandlers } from './email-verification/email-verification.handlers.js';
import { EmailVerificationService } from './email-verification/email-verification.service.js';
import { AccountMails, PUBLIC_URL } from './mail/account-mails.js';
import { SuspensionMails } from './mail/suspension-mails.js';
import { MemberModerationHandlers } from './moderation/member-moderation.handlers.js';
import { MemberReportsService } from './moderation/member-reports.service.js';
import { MemberSuspensionsService } from './moderation/member-suspensions.service.js';
import { SuspensionExpiryJob } from './moderation/suspension-expiry.job.js';
import { AccountDeletionHandlers } from './account-deletion/account-deletion.handlers.js';
import { AccountDeletionService } from './account-deletion/account-deletion.service.js';
import { DeletionMails } from './mail/deletion-mails.js';
import { SCHEMA, type UsersConfig } from './config.js';
import { usersDataSourceOptions } from './database/data-source.js';
import { MemberExportHandlers } from './member-export/member-export.handlers.js';
import { MemberExportService } from './member-export/member-export.service.js';
import { usersRetention } from './retention/retention-rules.js';

@Module({})
export class AppModule {
  static register(config: UsersConfig): DynamicModule {
    return serviceModule(AppModule, {
      service: 'users',
      health: Rpc.users.health,
      database: TypeOrmModule.forRoot(usersDataSourceOptions(config)),
      imports: [
        EventBusModule.forService({ service: 'users', schema: SCHEMA, natsUrl: config.NATS_URL, databaseUrl: config.DATABASE_URL, timeouts: databaseTimeoutsOf(config), nats: natsConnectionOf(config, 'users') }),
        MailModule.forService({ service: 'users', schema: SCHEMA, databaseUrl: config.DATABASE_URL, timeouts: databaseTimeoutsOf(config), mail: config, failedMailsSubject: Rpc.users.failedMails }),
      ],
      controllers: [AccountsHandlers, ContactHandlers, SupportInboxHandlers, ModerationLogHandlers, PasswordResetHandlers, EmailVerificationHandlers, MemberModerationHandlers, MemberExportHandlers, AccountDeletionHandlers],
      providers: [
        PasswordHasher,
        { provide: PASSWORD_HASH_COST, useValue: passwordHashCostOf(config) },
        AccountsService,
        ContactService,
        SupportInboxService,
        SupportMails,
        { provide: SUPPORT_EMAIL, useValue: config.SUPPORT_EMAIL ?? null },
        PasswordResetService,
        EmailVerificationService,
        AccountMails,
        SuspensionMails,
        MemberReportsService,
        MemberSuspensionsService,
        MemberExportService,
        SuspensionExpiryJob,
        AccountDeletionService,
        DeletionMails,
        { provide: PUBLIC_URL, useValue: config.PUBLIC_URL },
        { provide: RETENTION_OPTIONS, useValue: usersRetention(config) },
        RetentionJob,
      ],
    });
  }
}
