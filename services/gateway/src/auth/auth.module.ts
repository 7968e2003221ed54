import { Module } from '@nestjs/common';
import { PassportModule } from '@nestjs/passport';
import { ImagesModule } from '../images/images.module.js';
import { RealtimeModule } from '../realtime/realtime.module.js';
import { SessionModule } from '../session/session.module.js';
import { AccountMailsController } from './account-mails.controller.js';
import { AuthController } from './auth.controller.js';
import { CurrentAccountService } from './current-account.service.js';
import { KnownDevices } from './known-device.js';
import { LocalStrategy } from './local.strategy.js';
import { LoginGuard } from './login.guard.js';
import { MemberSessions } from './member-sessions.js';
import { MemberDeletionsConsumer, MemberSuspensionsConsumer } from './member-suspensions.consumer.js';
import { AccountDeletionController } from './account-deletion.controller.js';
import { SessionTracesJob } from './session-traces.job.js';

/** Signing up, in and out, the account and the links of account mails. */
@Module({
  imports: [PassportModule.register({ session: true }), SessionModule, RealtimeModule, ImagesModule],
  controllers: [AuthController, AccountMailsController, AccountDeletionController],
  providers: [CurrentAccountService, MemberSessions, MemberSuspensionsConsumer, MemberDeletionsConsumer, LocalStrategy, LoginGuard, KnownDevices, SessionTracesJob],
})
export class AuthModule {}
