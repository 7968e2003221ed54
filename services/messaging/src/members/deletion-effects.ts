import type { EntityManager } from 'typeorm';
import type { MemberDeletedV1 } from '@hdiya/contracts';
import { crashpoint, forgetStanding, recordMemberDeleted, replaceMemberId, write } from '@hdiya/platform';
import { SCHEMA } from '../config.js';
import { db } from '../database/db.js';

/** Where other members keep something under a deleted member's id: it becomes their tombstone. */
const KEPT_UNDER_TOMBSTONE = [
  ['messages', 'sender_id'],
  ['messages', 'receiver_id'],
  ['donations', 'owner_id'],
] as const;

/**
 * What a deleted account leaves here (issue 47, decision 0074), in the inbox transaction of the
 * users service's event. Their notifications, preferences, push devices with what was queued for
 * them, blocks and reply waits go. Messages stay with the other side, under the tombstone ("Membre
 * supprimé"); the photos they sent leave those messages (a photo without a caption takes its
 * message with it) and wait in `chat_photo_uploads`, dated long ago, for the gateways' photo sweep
 * to delete them from storage as it deletes every photo no message holds.
 */
export async function eraseDeletedMember(manager: EntityManager, deletion: MemberDeletedV1): Promise<void> {
  const { memberId, tombstoneId } = deletion;
  // First: a dispatch round writing their digest holds this row locked, so the delete waits for
  // its commit and the mail it wrote is dropped below, never sent.
  await write(manager, db.deleteFrom('dispatch_schedule').where('member_id', '=', memberId));
  // Every mail rendered for them, sent (their address is in it) or not; a mail SMTP is being
  // handed at this instant may still go. Their pushes go with their devices (ON DELETE CASCADE).
  await write(manager, db.deleteFrom('mail_outbox').where('member_id', '=', memberId));
  const sentPhotos = await manager.query(
    `SELECT "photo_key", "photo_thumbnail_key" FROM "${SCHEMA}"."messages" WHERE "sender_id" = $1 AND "photo_key" IS NOT NULL`,
    [memberId],
  ) as { photo_key: string; photo_thumbnail_key: string }[];
  await write(manager, db.deleteFrom('messages').where('sender_id', '=', memberId).where('photo_key', 'is not', null).where('content', '=', ''));
  await write(manager, db.updateTable('messages').set({ photo_key: null, photo_thumbnail_key: null }).where('sender_id', '=', memberId).where('photo_key', 'is not', null));
  for (const photo of sentPhotos) {
    await write(
      manager,
      db
        .insertInto('chat_photo_uploads')
        .values({ image_key: photo.photo_key, thumbnail_key: photo.photo_thumbnail_key, sender_id: tombstoneId, created_at: new Date(0) })
        .onConflict((conflict) => conflict.doNothing()),
    );
  }
  await write(manager, db.deleteFrom('chat_photo_uploads').where('sender_id', '=', memberId));
  crashpoint('messaging.member-deleted.after-photos');

  await write(manager, db.deleteFrom('notifications').where('user_id', '=', memberId));
  await write(manager, db.deleteFrom('notification_preferences').where('member_id', '=', memberId));
  await write(manager, db.deleteFrom('push_subscriptions').where('member_id', '=', memberId));
  await write(manager, db.deleteFrom('blocks').where((eb) => eb.or([eb('blocker_id', '=', memberId), eb('blocked_id', '=', memberId)])));
  await write(manager, db.deleteFrom('reply_waits').where((eb) => eb.or([eb('owing_id', '=', memberId), eb('waiting_id', '=', memberId)])));
  // Others' notifications may name the member's id in their parameters (who reserved, who wrote).
  await manager.query(
    `UPDATE "${SCHEMA}"."notifications" SET "params" = replace("params"::text, $1, $2)::jsonb WHERE "params"::text LIKE '%' || $1 || '%'`,
    [memberId, tombstoneId],
  );
  await replaceMemberId(manager, SCHEMA, KEPT_UNDER_TOMBSTONE, deletion);
  await recordMemberDeleted(manager, SCHEMA, deletion);
  await forgetStanding(manager, SCHEMA, memberId);
}
