import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { firstRow, registerGauge } from '@hdiya/platform';
import { MESSAGING_CONFIG, type MessagingConfig } from '../config.js';
import { db } from '../database/db.js';
import { PushSender } from './push-sender.js';
import { vapidDetailsOf } from './vapid.js';

/** Starts the push sender with the service (when VAPID keys are configured) and lets its pass finish on shutdown. */
@Injectable()
export class PushSenderLifecycle implements OnApplicationBootstrap, OnApplicationShutdown {
  readonly sender: PushSender | null;

  constructor(@Inject(MESSAGING_CONFIG) config: MessagingConfig, dataSource: DataSource) {
    const vapid = vapidDetailsOf(config);
    const logger = new Logger('messaging:push');
    if (!vapid) logger.warn('VAPID_PUBLIC_KEY/VAPID_PRIVATE_KEY unset: web push is off');
    this.sender = vapid
      ? new PushSender({
          dataSource,
          vapid,
          logger,
          maxAttempts: config.PUSH_MAX_ATTEMPTS,
          retryBaseMs: config.PUSH_RETRY_BASE_MS,
          pollIntervalMs: config.PUSH_POLL_INTERVAL_MS,
          requestTimeoutMs: config.PUSH_REQUEST_TIMEOUT_MS,
        })
      : null;
    registerGauge('hdiya_push_backlog', 'Web pushes waiting to be delivered (given-up ones excluded)', async () => {
      const row = await firstRow(
        dataSource.manager,
        db.selectFrom('push_deliveries').select((eb) => eb.cast<number>(eb.fn.countAll(), 'integer').as('n')).where('failed_at', 'is', null),
      );
      return row?.n ?? 0;
    });
  }

  async onApplicationBootstrap(): Promise<void> {
    await this.sender?.start();
  }

  onApplicationShutdown(): Promise<void> | undefined {
    return this.sender?.stop();
  }
}
