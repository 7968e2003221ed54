import { Inject, Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { sql, write } from '@hdiya/platform';
import { MESSAGING_CONFIG, type MessagingConfig } from '../config.js';
import { db } from '../database/db.js';
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
      await write(
        manager,
        db
          .deleteFrom('push_deliveries as d')
          .using('push_subscriptions as s')
          .whereRef('d.subscription_id', '=', 's.id')
          .where('s.member_id', '=', memberId)
          .where('d.topic', '=', topic)
          .where('d.attempts', '=', 0)
          .where('d.claimed_until', 'is', null),
      );
    }
    await write(
      manager,
      db
        .insertInto('push_deliveries')
        .columns(['id', 'subscription_id', 'payload', 'topic', 'urgency', 'ttl_seconds'])
        .expression((eb) =>
          eb
            .selectFrom('push_subscriptions as s')
            .select([
              sql<string>`gen_random_uuid()`.as('id'),
              's.id as subscription_id',
              sql<string>`${JSON.stringify(payload)}::jsonb`.as('payload'),
              eb.val(topic).as('topic'),
              eb.val(message.urgency ?? 'normal').as('urgency'),
              eb.val(this.config.PUSH_TTL_SECONDS).as('ttl_seconds'),
            ])
            .where('s.member_id', '=', memberId),
        ),
    );
  }
}
