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
import { rpcError } from '@hdiya/platform';
import { MESSAGING_CONFIG, SCHEMA, type MessagingConfig } from '../config.js';
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
    const rows = (await this.dataSource.query(`SELECT "kind", "email", "push" FROM "${SCHEMA}"."notification_preferences" WHERE "member_id" = $1`, [
      memberId,
    ])) as { kind: string; email: boolean; push: boolean }[];
    const byKind = new Map(rows.map((row) => [row.kind, row]));
    return DISPATCHED_KINDS.map((kind) => ({ kind, email: byKind.get(kind)?.email ?? true, push: byKind.get(kind)?.push ?? true }));
  }

  /** Changes the channels named; a channel left out keeps its value. */
  async update(memberId: string, preferences: UpdateNotificationPreferencesInput['preferences']): Promise<NotificationPreferenceView[]> {
    await this.dataSource.transaction(async (manager) => {
      for (const { kind, email, push } of preferences) {
        await manager.query(
          `INSERT INTO "${SCHEMA}"."notification_preferences" ("member_id", "kind", "email", "push") VALUES ($1, $2, COALESCE($3, true), COALESCE($4, true))
           ON CONFLICT ("member_id", "kind") DO UPDATE SET
             "email" = COALESCE($3, "notification_preferences"."email"), "push" = COALESCE($4, "notification_preferences"."push"), "updated_at" = now()`,
          [memberId, kind, email ?? null, push ?? null],
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
