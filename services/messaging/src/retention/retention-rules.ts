import { daysAgo, deleteInBatches, inboxRule, mailOutboxRules, outboxRule, write, type RetentionOptions } from '@hdiya/platform';
import { SCHEMA, type MessagingConfig } from '../config.js';
import { db } from '../database/db.js';

/** What the messaging service deletes, and when: its own tables, then the mail outbox, outbox and inbox. */
export function messagingRetention(config: MessagingConfig): RetentionOptions {
  const readNotifications = (limit: number) =>
    db.deleteFrom('notifications').where('id', 'in', (eb) =>
      eb.selectFrom('notifications').select('id').where('read_at', '<', daysAgo(config.RETENTION_READ_NOTIFICATION_DAYS)).limit(limit).forUpdate().skipLocked(),
    );
  const failedPushes = (limit: number) =>
    db.deleteFrom('push_deliveries').where('id', 'in', (eb) =>
      eb.selectFrom('push_deliveries').select('id').where('failed_at', '<', daysAgo(config.RETENTION_FAILED_PUSH_DAYS)).limit(limit).forUpdate().skipLocked(),
    );
  return {
    rules: [
      { what: 'read notifications', prune: (manager, size) => deleteInBatches(size, (limit) => write(manager, readNotifications(limit))) },
      { what: 'failed push deliveries', prune: (manager, size) => deleteInBatches(size, (limit) => write(manager, failedPushes(limit))) },
      ...mailOutboxRules(SCHEMA, config),
      outboxRule(SCHEMA, config),
      inboxRule(SCHEMA, config),
    ],
    config,
  };
}
