import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { displayName, type MemberExportPage } from '@hdiya/contracts';
import { byPosition, exportPage, rows, type ExportSource } from '@hdiya/platform';
import { db } from '../database/db.js';

/** The name a member is shown by, or "Membre" for one this service has not heard of. */
const nameOf = (m: { username: string | null; first_name: string | null; last_name: string | null }) =>
  m.username ? displayName({ username: m.username, firstName: m.first_name, lastName: m.last_name }) : 'Membre';

/**
 * The member's part of "Télécharger mes données" (issue 47): the messages they sent and received
 * (the other side by name only), their notification settings and their push devices (the push
 * service's host, not the endpoint: that is a capability to push to the device), a page at a time.
 */
@Injectable()
export class MemberExportService {
  constructor(private readonly dataSource: DataSource) {}

  /** One page of the member's part, from `cursor` on (MemberExportPage). */
  page(userId: string, cursor?: string): Promise<MemberExportPage> {
    return exportPage(this.sources(userId), cursor);
  }

  private sources(userId: string): ExportSource[] {
    const manager = this.dataSource.manager;
    return [
      {
        name: 'messages.json',
        // In the order they were written: a message sent during the download comes last.
        list: byPosition(async (offset, limit) => {
          const found = await rows(
            manager,
            db
              .selectFrom('messages as msg')
              .leftJoin('members as other', (join) =>
                join.on((eb) => eb('other.user_id', '=', eb.case().when('msg.sender_id', '=', userId).then(eb.ref('msg.receiver_id')).else(eb.ref('msg.sender_id')).end())),
              )
              .leftJoin('donations as d', 'd.donation_id', 'msg.donation_id')
              .select(['msg.id', 'msg.sender_id', 'msg.content', 'msg.photo_key', 'msg.created_at', 'msg.read_at', 'msg.donation_id', 'd.title'])
              .select(['other.username', 'other.first_name', 'other.last_name'])
              .where((eb) => eb.or([eb('msg.sender_id', '=', userId), eb('msg.receiver_id', '=', userId)]))
              .orderBy('msg.created_at')
              .orderBy('msg.id')
              .offset(offset)
              .limit(limit),
          );
          return found.map((m) => ({
              id: m.id,
              direction: m.sender_id === userId ? 'sent' : 'received',
              otherMember: nameOf(m),
              donation: m.donation_id === null ? null : { id: m.donation_id, title: m.title },
              content: m.content,
              withPhoto: m.photo_key !== null,
              sentAt: m.created_at.toISOString(),
              readAt: m.read_at?.toISOString() ?? null,
          }));
        }),
      },
      {
        name: 'notification-preferences.json',
        whole: async () =>
          (await rows(manager, db.selectFrom('notification_preferences').select(['kind', 'email', 'push', 'updated_at']).where('member_id', '=', userId).orderBy('kind'))).map((p) => ({
            kind: p.kind,
            email: p.email,
            push: p.push,
            updatedAt: p.updated_at.toISOString(),
          })),
      },
      {
        name: 'push-devices.json',
        whole: async () =>
          (await rows(manager, db.selectFrom('push_subscriptions').select(['endpoint', 'language', 'created_at']).where('member_id', '=', userId).orderBy('created_at'))).map((d) => ({
            pushService: new URL(d.endpoint).host,
            language: d.language,
            registeredAt: d.created_at.toISOString(),
          })),
      },
    ];
  }
}
