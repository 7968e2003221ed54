import { deleteInBatches, mailOutboxRules, outboxRule, type RetentionOptions, type RetentionRule } from '@hdiya/platform';
import type { EntityManager } from 'typeorm';
import { SCHEMA, type UsersConfig } from '../config.js';

/**
 * One batch of a DELETE written in SQL (the users service has no typed query layer): `$1` is the
 * period in days, `$2` the batch's size; `picked` selects the ids, FOR UPDATE SKIP LOCKED.
 */
function batchOf(manager: EntityManager, table: string, picked: string, days: number) {
  return async (limit: number): Promise<number> => {
    const [{ deleted }] = await manager.query(
      `WITH gone AS (DELETE FROM "${SCHEMA}"."${table}" WHERE id IN (${picked} LIMIT $2 FOR UPDATE SKIP LOCKED) RETURNING 1)
       SELECT count(*)::int AS deleted FROM gone`,
      [days, limit],
    );
    return deleted as number;
  };
}

/** A token row that no longer works (used, or expired; a request for an unknown address has neither) `$1` days on. */
const endedTokens = (table: string) =>
  `SELECT id FROM "${SCHEMA}"."${table}" WHERE coalesce(used_at, expires_at, created_at) < now() - $1::int * interval '1 day'`;

/** What the users service deletes, and when: its own tables, then the mail outbox and the outbox (it consumes no events: no inbox). */
export function usersRetention(config: UsersConfig): RetentionOptions {
  const rules: RetentionRule[] = [
    {
      what: 'ended password reset requests',
      prune: (manager, size) => deleteInBatches(size, batchOf(manager, 'password_reset_requests', endedTokens('password_reset_requests'), config.RETENTION_ENDED_TOKEN_DAYS)),
    },
    {
      what: 'ended verification links',
      prune: (manager, size) => deleteInBatches(size, batchOf(manager, 'email_verifications', endedTokens('email_verifications'), config.RETENTION_ENDED_TOKEN_DAYS)),
    },
    {
      // Its replies go with it (ON DELETE CASCADE); a message still waiting for a reply always stays.
      what: 'answered contact messages',
      prune: (manager, size) =>
        deleteInBatches(
          size,
          batchOf(
            manager,
            'contact_messages',
            `SELECT m.id FROM "${SCHEMA}"."contact_messages" m
             WHERE m.status = 'answered' AND m.created_at < now() - $1::int * interval '1 day'
               AND NOT EXISTS (SELECT 1 FROM "${SCHEMA}"."contact_replies" r
                               WHERE r.contact_message_id = m.id AND r.created_at >= now() - $1::int * interval '1 day')`,
            config.RETENTION_ANSWERED_CONTACT_DAYS,
          ),
        ),
    },
    ...mailOutboxRules(SCHEMA, config),
    outboxRule(SCHEMA, config),
  ];
  return { rules, config };
}
