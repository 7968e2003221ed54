// Creates an administrator account, or promotes an existing member, from the command line.
// Administrators are never created through the web app.
//   npm run create-admin -- --username admin --email admin@example.ma --phone 0600000000
// The password is read from ADMIN_PASSWORD (kept out of the shell history) or --password.
import 'reflect-metadata';
import { parseArgs } from 'node:util';
import { SignupSchema, validatePayload } from '@hdiya/contracts';
import { loadUsersConfig } from '../config.js';
import { createUsersDataSource } from '../database/data-source.js';
import { AccountsService } from '../accounts/accounts.service.js';
import { PasswordHasher, passwordHashCostOf } from '../accounts/password-hasher.js';
import { EmailVerificationService } from '../email-verification/email-verification.service.js';
import { AccountMails } from '../mail/account-mails.js';
import { SuspensionMails } from '../mail/suspension-mails.js';
import { MemberSuspensionsService } from '../moderation/member-suspensions.service.js';

const { values } = parseArgs({
  options: {
    username: { type: 'string' },
    email: { type: 'string' },
    phone: { type: 'string' },
    password: { type: 'string' },
    'first-name': { type: 'string' },
    'last-name': { type: 'string' },
    promote: { type: 'boolean', default: false },
  },
});

function fail(message: string): never {
  console.error(`create-admin: ${message}`);
  process.exit(1);
}

if (!values.username) fail('--username is required');
const dataSource = createUsersDataSource(loadUsersConfig());
await dataSource.initialize();
const config = loadUsersConfig();
// The administrator's verification mail is queued like any member's; the service sends it.
const accounts = new AccountsService(
  dataSource,
  new PasswordHasher(passwordHashCostOf(config)),
  new EmailVerificationService(dataSource, new AccountMails(config.PUBLIC_URL)),
  new MemberSuspensionsService(dataSource, new SuspensionMails(config.PUBLIC_URL)),
);
try {
  if (values.promote) {
    const admin = await accounts.grantRole(values.username, 'admin');
    console.log(`create-admin: ${admin.username} is now an administrator`);
  } else {
    const password = process.env.ADMIN_PASSWORD ?? values.password;
    const input = validatePayload(SignupSchema, {
      username: values.username,
      email: values.email,
      phone: values.phone,
      password,
      confirmPassword: password,
      firstName: values['first-name'],
      lastName: values['last-name'],
    });
    if (!input.ok) fail(`${input.failure.field}: ${input.failure.message}`);
    const admin = await accounts.signup(input.value, 'admin');
    console.log(`create-admin: administrator ${admin.username} created (${admin.id})`);
  }
} catch (error) {
  const body = (error as { getError?: () => unknown }).getError?.() as { message?: string } | undefined;
  fail(body?.message ?? (error as Error).message);
} finally {
  await dataSource.destroy();
}
