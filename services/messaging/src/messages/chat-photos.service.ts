import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { MessagingRules, type ChatPhotoKeys, type MessageView, type SendPhotoMessageInput } from '@hdiya/contracts';
import { firstRow, rows, sql, write } from '@hdiya/platform';
import { BlocksService } from '../blocks/blocks.service.js';
import { db } from '../database/db.js';
import { MessagesService } from './messages.service.js';

/**
 * Photos in chat (decision 0045). The gateway registers a photo here before storing its bytes, so
 * a refused photo (blocked, unknown member or donation) is never stored and no stored object is
 * unknown to this service; the send then turns the record into the message. Records a send never
 * took are swept, the gateway deleting their objects.
 */
@Injectable()
export class ChatPhotosService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly messages: MessagesService,
    private readonly blocks: BlocksService,
  ) {}

  /** Checked as the send will be; answers the stored message instead when `clientId` already sent it. */
  async register(senderId: string, input: SendPhotoMessageInput, photo: ChatPhotoKeys): Promise<{ replay: MessageView | null }> {
    const replay = await this.messages.checkSend(senderId, input, true);
    if (replay) return { replay };
    await this.blocks.assertMayWrite(this.dataSource.manager, senderId, input.receiverId);
    await write(
      this.dataSource.manager,
      db.insertInto('chat_photo_uploads').values({ image_key: photo.imageKey, thumbnail_key: photo.thumbnailKey, sender_id: senderId }),
    );
    return { replay: null };
  }

  /** Only the sender and the receiver of the message holding the key (either size) may fetch it. */
  async mayFetch(userId: string, key: string): Promise<{ allowed: boolean }> {
    const found = await firstRow(
      this.dataSource.manager,
      db
        .selectFrom('messages')
        .select(sql<number>`1`.as('found'))
        .where((eb) => eb.or([eb('photo_key', '=', key), eb('photo_thumbnail_key', '=', key)]))
        .where((eb) => eb.or([eb('sender_id', '=', userId), eb('receiver_id', '=', userId)]))
        .limit(1),
    );
    return { allowed: found !== undefined };
  }

  /**
   * Forgets up to `limit` photos registered but never sent for `photoUnsentTtlMs` and answers
   * their keys, for the gateway to delete. SKIP LOCKED lets several gateways sweep side by side.
   */
  async sweepUnsent(limit: number, now = new Date()): Promise<{ keys: string[] }> {
    const swept = await rows(
      this.dataSource.manager,
      db
        .deleteFrom('chat_photo_uploads')
        .where('image_key', 'in', (eb) =>
          eb
            .selectFrom('chat_photo_uploads as u')
            .select('u.image_key')
            .where('u.created_at', '<', new Date(now.getTime() - MessagingRules.photoUnsentTtlMs))
            .orderBy('u.created_at')
            .limit(limit)
            .forUpdate()
            .skipLocked(),
        )
        .returning(['image_key', 'thumbnail_key']),
    );
    return { keys: swept.flatMap((r) => [r.image_key, r.thumbnail_key]) };
  }

  /**
   * A deleted member's photos, which the deletion left in `chat_photo_uploads` under its tombstone
   * (decision 0074): the gateway deletes their objects at once, then forgets them here. `applied`
   * is false while this service has not followed the deletion yet (its tombstone is not a member
   * here): the gateway asks again later.
   */
  async ofDeletedMember(tombstoneId: string, limit: number): Promise<{ applied: boolean; keys: string[]; imageKeys: string[] }> {
    const manager = this.dataSource.manager;
    const tombstone = await firstRow(manager, db.selectFrom('members').select('user_id').where('user_id', '=', tombstoneId));
    if (!tombstone) return { applied: false, keys: [], imageKeys: [] };
    const photos = await rows(
      manager,
      db.selectFrom('chat_photo_uploads').select(['image_key', 'thumbnail_key']).where('sender_id', '=', tombstoneId).orderBy('image_key').limit(limit),
    );
    return { applied: true, keys: photos.flatMap((p) => [p.image_key, p.thumbnail_key]), imageKeys: photos.map((p) => p.image_key) };
  }

  /** Forgets the deleted member's photos whose objects the gateway deleted. */
  async forgetDeletedMemberPhotos(tombstoneId: string, imageKeys: string[]): Promise<{ forgotten: number }> {
    if (imageKeys.length === 0) return { forgotten: 0 };
    const forgotten = await rows(
      this.dataSource.manager,
      db.deleteFrom('chat_photo_uploads').where('sender_id', '=', tombstoneId).where('image_key', '=', (eb) => eb.fn.any(eb.val(imageKeys))).returning('image_key'),
    );
    return { forgotten: forgotten.length };
  }
}
