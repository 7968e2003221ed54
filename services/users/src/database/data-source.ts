import { DataSource } from 'typeorm';
import { databaseTimeoutsOf, serviceDataSourceOptions, type DatabaseConfigOf } from '@hdiya/platform';
import { User } from '../core/user.entity.js';
import { ContactMessage } from '../contact/contact-message.entity.js';
import { PasswordResetRequest } from '../password-reset/password-reset-request.entity.js';
import { SCHEMA, type UsersConfig } from '../config.js';
import { InitialUsersSchema1763750000000 } from './migrations/1763750000000-InitialUsersSchema.js';
import { AccountMails1795500000000 } from './migrations/1795500000000-AccountMails.js';
import { PendingEmail1796000000000 } from './migrations/1796000000000-PendingEmail.js';
import { EmailVerifiedEvents1796700000000 } from './migrations/1796700000000-EmailVerifiedEvents.js';
import { ModerationLog1797000000000 } from './migrations/1797000000000-ModerationLog.js';
import { SupportInbox1797001000000 } from './migrations/1797001000000-SupportInbox.js';
import { ContactReply } from '../contact/contact-reply.entity.js';
import { EmailVerification } from '../email-verification/email-verification.entity.js';
import { MemberReport } from '../moderation/member-report.entity.js';
import { MemberSuspension } from '../moderation/member-suspension.entity.js';
import { MemberReportsAndSuspensions1797500000000 } from './migrations/1797500000000-MemberReportsAndSuspensions.js';
import { MailOutboxMember1797740000000 } from './migrations/1797740000000-MailOutboxMember.js';

export function usersDataSourceOptions(config: DatabaseConfigOf<UsersConfig>) {
  return serviceDataSourceOptions({
    url: config.DATABASE_URL,
    schema: SCHEMA,
    entities: [User, ContactMessage, ContactReply, PasswordResetRequest, EmailVerification, MemberReport, MemberSuspension],
    migrations: [
      InitialUsersSchema1763750000000,
      AccountMails1795500000000,
      PendingEmail1796000000000,
      EmailVerifiedEvents1796700000000,
      ModerationLog1797000000000,
      SupportInbox1797001000000,
      MemberReportsAndSuspensions1797500000000,
      MailOutboxMember1797740000000,
    ],
    poolSize: config.DATABASE_POOL_SIZE,
    timeouts: databaseTimeoutsOf(config),
    applicationName: 'users',
  });
}

export const createUsersDataSource = (config: DatabaseConfigOf<UsersConfig>) =>
  new DataSource(usersDataSourceOptions(config));
