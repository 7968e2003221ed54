import { Inject, Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { DataSource } from 'typeorm';
import { ErrorCodes, PushMessages, PushRules, type PushConfigView, type PushSubscriptionInput } from '@hdiya/contracts';
import { rpcError, sql, write } from '@hdiya/platform';
import { MESSAGING_CONFIG, type MessagingConfig } from '../config.js';
import { db } from '../database/db.js';
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
    if (!isAllowedPushEndpoint(subscription.endpoint, { production: this.config.NODE_ENV === 'production', services: this.config.PUSH_SERVICE_HOSTS })) {
      throw rpcError(400, ErrorCodes.VALIDATION_FAILED, PushMessages.endpoint, 'endpoint');
    }
    await this.dataSource.transaction(async (manager) => {
      // The device moves to whoever subscribed it last (another account on the same browser):
      // what was queued for the previous member must not reach the new one.
      await write(
        manager,
        db
          .deleteFrom('push_deliveries as d')
          .using('push_subscriptions as s')
          .whereRef('d.subscription_id', '=', 's.id')
          .where('s.endpoint', '=', subscription.endpoint)
          .where('s.member_id', '<>', memberId),
      );
      await write(
        manager,
        db
          .insertInto('push_subscriptions')
          .values({
            id: randomUUID(),
            member_id: memberId,
            endpoint: subscription.endpoint,
            p256dh: subscription.keys.p256dh,
            auth: subscription.keys.auth,
            language: subscription.language,
          })
          .onConflict((conflict) =>
            conflict.column('endpoint').doUpdateSet((eb) => ({
              member_id: eb.ref('excluded.member_id'),
              p256dh: eb.ref('excluded.p256dh'),
              auth: eb.ref('excluded.auth'),
              language: eb.ref('excluded.language'),
              created_at: sql<Date>`now()`,
            })),
          ),
      );
      // Beyond the limit the oldest devices go (a phone long gone never unsubscribes itself).
      await write(
        manager,
        db
          .deleteFrom('push_subscriptions')
          .where('id', 'in', (eb) =>
            eb
              .selectFrom('push_subscriptions')
              .select('id')
              .where('member_id', '=', memberId)
              .orderBy('created_at', 'desc')
              .orderBy('id')
              .offset(PushRules.subscriptionsPerMember),
          ),
      );
    });
    return { subscribed: true };
  }

  /** Only the member's own device: someone else's endpoint is left alone, answered the same. */
  async unsubscribe(memberId: string, endpoint: string): Promise<{ removed: number }> {
    const removed = await write(this.dataSource.manager, db.deleteFrom('push_subscriptions').where('endpoint', '=', endpoint).where('member_id', '=', memberId));
    return { removed };
  }
}
