import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import {
  DISPATCHED_KINDS,
  ErrorCodes,
  NotificationDeliveryMessages,
  type DispatchedKind,
  type NotificationPreferenceView,
  type UnsubscribeResult,
  type UpdateNotificationPreferencesInput,
} from '@hdiya/contracts';
import { rows, rpcError, sql, write } from '@hdiya/platform';
import { MESSAGING_CONFIG, type MessagingConfig } from '../config.js';
import { db } from '../database/db.js';
import { verifyUnsubscribe } from './unsubscribe-token.js';

/**
 * Each member's choice per kind and channel. A row exists only once they changed something:
 * every kind reaches them by e-mail and push until they say otherwise.
 */
@Injectable()
export class PreferencesService {
  constructor(
    private readonly dataSource: DataSource,
    @Inject(MESSAGING_CONFIG) private readonly config: MessagingConfig,
  ) {}

  async get(memberId: string): Promise<NotificationPreferenceView[]> {
    const chosen = await rows(this.dataSource.manager, db.selectFrom('notification_preferences').select(['kind', 'email', 'push']).where('member_id', '=', memberId));
    const byKind = new Map(chosen.map((row) => [row.kind, row]));
    return DISPATCHED_KINDS.map((kind) => ({ kind, email: byKind.get(kind)?.email ?? true, push: byKind.get(kind)?.push ?? true }));
  }

  /** Changes the channels named; a channel left out keeps its value. */
  async update(memberId: string, preferences: UpdateNotificationPreferencesInput['preferences']): Promise<NotificationPreferenceView[]> {
    await this.dataSource.transaction(async (manager) => {
      for (const { kind, email, push } of preferences) {
        await write(
          manager,
          db
            .insertInto('notification_preferences')
            .values({ member_id: memberId, kind, email: email ?? true, push: push ?? true })
            .onConflict((conflict) =>
              conflict.columns(['member_id', 'kind']).doUpdateSet((eb) => ({
                // A channel left out keeps its value.
                email: email ?? eb.ref('notification_preferences.email'),
                push: push ?? eb.ref('notification_preferences.push'),
                updated_at: sql<Date>`now()`,
              })),
            ),
        );
      }
    });
    return this.get(memberId);
  }

  /** A mail's one-click unsubscribe: the signed token alone says whose mails of which kinds stop. */
  async unsubscribe(token: string): Promise<UnsubscribeResult> {
    const grant = verifyUnsubscribe(this.config.MAIL_LINK_SECRET, token);
    if (!grant) throw rpcError(400, ErrorCodes.UNSUBSCRIBE_LINK_INVALID, NotificationDeliveryMessages.unsubscribeInvalid, 'token');
    await this.update(
      grant.memberId,
      grant.kinds.map((kind: DispatchedKind) => ({ kind, email: false })),
    );
    return { kinds: grant.kinds, channel: grant.channel };
  }
}
