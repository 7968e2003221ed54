import { Inject, Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { MESSAGING_CONFIG, SCHEMA, type MessagingConfig } from '../config.js';
import { pushPayloadOf, type PushMessage } from './push-message.js';
import { topicOf } from './push-topic.js';

/**
 * Queues pushes: one delivery per device of the member, written in the caller's transaction (a
 * push exists exactly when its cause committed); PushSender delivers them.
 */
@Injectable()
export class PushService {
  constructor(@Inject(MESSAGING_CONFIG) private readonly config: MessagingConfig) {}

  async enqueue(manager: EntityManager, memberId: string, message: PushMessage): Promise<void> {
    const payload = pushPayloadOf(message);
    const topic = message.tag ? topicOf(message.tag) : null;
    if (topic) {
      // A newer push of the same conversation replaces one not yet tried: the device shows the latest.
      await manager.query(
        `DELETE FROM "${SCHEMA}"."push_deliveries" d USING "${SCHEMA}"."push_subscriptions" s
         WHERE d."subscription_id" = s."id" AND s."member_id" = $1 AND d."topic" = $2
           AND d."attempts" = 0 AND d."claimed_until" IS NULL`,
        [memberId, topic],
      );
    }
    await manager.query(
      `INSERT INTO "${SCHEMA}"."push_deliveries" ("id", "subscription_id", "payload", "topic", "urgency", "ttl_seconds")
       SELECT gen_random_uuid(), s."id", $2::jsonb, $3, $4, $5 FROM "${SCHEMA}"."push_subscriptions" s WHERE s."member_id" = $1`,
      [memberId, JSON.stringify(payload), topic, message.urgency ?? 'normal', this.config.PUSH_TTL_SECONDS],
    );
  }
}
