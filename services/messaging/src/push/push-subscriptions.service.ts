import { Inject, Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { DataSource } from 'typeorm';
import { ErrorCodes, PushMessages, PushRules, type PushConfigView, type PushSubscriptionInput } from '@hdiya/contracts';
import { rpcError } from '@hdiya/platform';
import { MESSAGING_CONFIG, SCHEMA, type MessagingConfig } from '../config.js';
import { isAllowedPushEndpoint } from './push-endpoint.js';

/** Members' devices for Web Push: one member, many devices; one device (endpoint), one member. */
@Injectable()
export class PushSubscriptionsService {
  constructor(
    private readonly dataSource: DataSource,
    @Inject(MESSAGING_CONFIG) private readonly config: MessagingConfig,
  ) {}

  publicConfig(): PushConfigView {
    return { publicKey: this.config.VAPID_PUBLIC_KEY ?? null };
  }

  async subscribe(memberId: string, subscription: PushSubscriptionInput): Promise<{ subscribed: true }> {
    if (!isAllowedPushEndpoint(subscription.endpoint, this.config.NODE_ENV === 'production')) {
      throw rpcError(400, ErrorCodes.VALIDATION_FAILED, PushMessages.endpoint, 'endpoint');
    }
    await this.dataSource.transaction(async (manager) => {
      // The device moves to whoever subscribed it last (another account on the same browser):
      // what was queued for the previous member must not reach the new one.
      await manager.query(
        `DELETE FROM "${SCHEMA}"."push_deliveries" d USING "${SCHEMA}"."push_subscriptions" s
         WHERE d."subscription_id" = s."id" AND s."endpoint" = $1 AND s."member_id" <> $2`,
        [subscription.endpoint, memberId],
      );
      await manager.query(
        `INSERT INTO "${SCHEMA}"."push_subscriptions" ("id", "member_id", "endpoint", "p256dh", "auth", "language")
         VALUES ($1, $2, $3, $4, $5, $6)
         ON CONFLICT ("endpoint") DO UPDATE SET "member_id" = EXCLUDED."member_id", "p256dh" = EXCLUDED."p256dh",
           "auth" = EXCLUDED."auth", "language" = EXCLUDED."language", "created_at" = now()`,
        [randomUUID(), memberId, subscription.endpoint, subscription.keys.p256dh, subscription.keys.auth, subscription.language],
      );
      // Beyond the limit the oldest devices go (a phone long gone never unsubscribes itself).
      await manager.query(
        `DELETE FROM "${SCHEMA}"."push_subscriptions" WHERE "id" IN (
           SELECT "id" FROM "${SCHEMA}"."push_subscriptions" WHERE "member_id" = $1
           ORDER BY "created_at" DESC, "id" OFFSET $2)`,
        [memberId, PushRules.subscriptionsPerMember],
      );
    });
    return { subscribed: true };
  }

  /** Only the member's own device: someone else's endpoint is left alone, answered the same. */
  async unsubscribe(memberId: string, endpoint: string): Promise<{ removed: number }> {
    const [, removed] = (await this.dataSource.query(
      `DELETE FROM "${SCHEMA}"."push_subscriptions" WHERE "endpoint" = $1 AND "member_id" = $2`,
      [endpoint, memberId],
    )) as [unknown, number];
    return { removed };
  }
}
