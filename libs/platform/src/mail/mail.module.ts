import {
  Controller,
  Global,
  Inject,
  Injectable,
  Logger,
  Module,
  type DynamicModule,
  type OnApplicationBootstrap,
  type OnApplicationShutdown,
  type Type,
} from '@nestjs/common';
import type { FailedMailView, RpcRequest } from '@hdiya/contracts';
import type { DatabaseTimeouts } from '../database/data-source-options.js';
import { RpcHandler } from '../rpc/rpc-handler.decorator.js';
import type { MailEnv } from './mail-config.js';
import { MailSender } from './mail-sender.js';

export const MAIL_OPTIONS = Symbol('MAIL_OPTIONS');

/** The RPC subjects on which a service lists the mails it gave up on (libs/contracts). */
export type FailedMailsSubject = 'users.mails.failed' | 'messaging.mails.failed';

export interface MailModuleOptions {
  service: string;
  schema: string;
  databaseUrl: string;
  timeouts?: DatabaseTimeouts;
  /** The service's mail configuration (mailEnvSchema). */
  mail: Pick<MailEnv, 'SMTP_URL' | 'MAIL_FROM' | 'MAIL_MAX_ATTEMPTS' | 'MAIL_BACKOFF_MS' | 'MAIL_MAX_BACKOFF_MS' | 'MAIL_LEASE_MS'>;
  /** Where administrators (through the gateway) ask for the mails given up on. */
  failedMailsSubject: FailedMailsSubject;
}

/** Starts the service's mail sender once the app is up and lets it finish its mail in flight on shutdown. */
@Injectable()
export class MailSenderLifecycle implements OnApplicationBootstrap, OnApplicationShutdown {
  readonly sender: MailSender;

  constructor(@Inject(MAIL_OPTIONS) options: MailModuleOptions) {
    this.sender = new MailSender({
      service: options.service,
      schema: options.schema,
      databaseUrl: options.databaseUrl,
      timeouts: options.timeouts,
      smtpUrl: options.mail.SMTP_URL,
      from: options.mail.MAIL_FROM,
      maxAttempts: options.mail.MAIL_MAX_ATTEMPTS,
      backoffMs: options.mail.MAIL_BACKOFF_MS,
      maxBackoffMs: options.mail.MAIL_MAX_BACKOFF_MS,
      leaseMs: options.mail.MAIL_LEASE_MS,
      logger: new Logger(`${options.service}:mail`),
    });
    this.sender.registerMetrics();
  }

  onApplicationBootstrap(): Promise<void> {
    return this.sender.start();
  }

  onApplicationShutdown(): Promise<void> {
    return this.sender.stop();
  }
}

/** A controller answering `subject` with the mails this service gave up on. */
function failedMailsController(subject: FailedMailsSubject): Type<unknown> {
  @Controller()
  class FailedMailsController {
    constructor(private readonly lifecycle: MailSenderLifecycle) {}

    @RpcHandler(subject)
    list(input: RpcRequest<FailedMailsSubject>): Promise<FailedMailView[]> {
      return this.lifecycle.sender.listFailed(input.limit ?? 100);
    }
  }
  return FailedMailsController;
}

/**
 * A service's durable mail: import it (`MailModule.forService(...)`), create `<schema>.mail_outbox`
 * in a migration (createMailOutboxTableV1), and call enqueueMail inside the transaction of the
 * mail's cause. The sender delivers, retries, and gives up after MAIL_MAX_ATTEMPTS (decision 0024).
 */
@Global()
@Module({})
export class MailModule {
  static forService(options: MailModuleOptions): DynamicModule {
    return {
      module: MailModule,
      controllers: [failedMailsController(options.failedMailsSubject)],
      providers: [{ provide: MAIL_OPTIONS, useValue: options }, MailSenderLifecycle],
      exports: [MAIL_OPTIONS, MailSenderLifecycle],
    };
  }
}
