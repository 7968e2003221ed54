import { sharedSql } from '../database/shared-tables.js';
import { write } from '../database/typed-sql.js';
import { daysAgo, deleteInBatches } from './delete-in-batches.js';
import type { InboxRetentionEnv, MailRetentionEnv, RetentionEnv } from './retention-config.js';
import type { RetentionRule } from './retention-rule.js';

/** The event outbox every service keeps in its schema: rows once published. */
export function outboxRule(schema: string, periods: Pick<RetentionEnv, 'RETENTION_PUBLISHED_OUTBOX_DAYS'>): RetentionRule {
  const db = sharedSql(schema);
  const batch = (limit: number) =>
    db.deleteFrom('outbox').where('position', 'in', (eb) =>
      eb.selectFrom('outbox').select('position').where('published_at', '<', daysAgo(periods.RETENTION_PUBLISHED_OUTBOX_DAYS)).limit(limit).forUpdate().skipLocked(),
    );
  return { what: 'published outbox rows', prune: (target, batchSize) => deleteInBatches(batchSize, (limit) => write(target, batch(limit))) };
}

/** The inbox of a service that consumes events: rows of events the stream can no longer deliver. */
export function inboxRule(schema: string, periods: InboxRetentionEnv): RetentionRule {
  const db = sharedSql(schema);
  const batch = (limit: number) =>
    db.deleteFrom('inbox').where((eb) =>
      eb(
        eb.refTuple('consumer', 'event_id'),
        'in',
        eb
          .selectFrom('inbox')
          .select(['consumer', 'event_id'])
          .where('processed_at', '<', daysAgo(periods.RETENTION_HANDLED_INBOX_DAYS))
          .limit(limit)
          .forUpdate()
          .skipLocked()
          .$asTuple('consumer', 'event_id'),
      ),
    );
  return { what: 'handled inbox rows', prune: (target, batchSize) => deleteInBatches(batchSize, (limit) => write(target, batch(limit))) };
}

/** The mail outbox (users, messaging): sent mails and mails given up on. Queued ones always stay. */
export function mailOutboxRules(schema: string, periods: MailRetentionEnv): RetentionRule[] {
  const db = sharedSql(schema);
  const older =
    (column: 'sent_at' | 'failed_at', days: number): RetentionRule['prune'] =>
    (target, batchSize) =>
      deleteInBatches(batchSize, (limit) =>
        write(
          target,
          db.deleteFrom('mail_outbox').where('id', 'in', (eb) =>
            eb.selectFrom('mail_outbox').select('id').where(column, '<', daysAgo(days)).limit(limit).forUpdate().skipLocked(),
          ),
        ),
      );
  return [
    { what: 'sent mails', prune: older('sent_at', periods.RETENTION_SENT_MAIL_DAYS) },
    { what: 'failed mails', prune: older('failed_at', periods.RETENTION_FAILED_MAIL_DAYS) },
  ];
}
