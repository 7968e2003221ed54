import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { registerGauge } from '@hdiya/platform';
import { MESSAGING_CONFIG, SCHEMA, type MessagingConfig } from '../config.js';
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
      const [row] = (await dataSource.query(`SELECT count(*)::int AS n FROM "${SCHEMA}"."push_deliveries" WHERE "failed_at" IS NULL`)) as { n: number }[];
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
