import type { ExpressionBuilder } from 'kysely';
import type { EntityManager } from 'typeorm';
import { ErrorCodes, MemberStandingMessages, MessagingMessages, type MessageView } from '@hdiya/contracts';
import { firstRow, prepared, rpcError, sql } from '@hdiya/platform';
import { blockedRefusal } from '../blocks/blocks.service.js';
import { db, type MessagingTables } from '../database/db.js';
import { donationNotFound, memberNotFound } from '../members/directory.service.js';
import { MESSAGE_COLUMNS, messageViewOf, type MessageRow } from './message-row.js';

/** A message to store: `photoKey` and `thumbnailKey` both set (a photo, decision 0045) or both null. */
export interface MessageDraft {
  id: string;
  senderId: string;
  receiverId: string;
  donationId: number | null;
  content: string;
  clientId: string | null;
  photoKey: string | null;
  thumbnailKey: string | null;
}

/** Why a draft was not stored, in the order a send reports them. */
export type NotStored =
  | 'sender-suspended' // issue 45: a suspended member writes to nobody…
  | 'receiver-unknown' // not in the local directory: the users service may still know them
  | 'donation-unknown' // idem, the donations service
  | 'donation-deleted'
  | 'receiver-suspended' // …and nobody writes to them; their conversations stay readable
  | 'blocked-by-receiver'
  | 'blocked-by-sender'
  | 'photo-unsent' // the sender registered no such photo, or it was swept
  | 'client-id-taken'; // a message with this clientId is stored already (a retry)

export type StoreOutcome = { stored: MessageView } | { notStored: NotStored };

/** What the sender is answered for a message not stored (and not a retry). */
export function refusalOf(reason: NotStored): Error {
  switch (reason) {
    case 'sender-suspended':
      return rpcError(403, ErrorCodes.MEMBER_SUSPENDED, MemberStandingMessages.suspendedSender);
    case 'receiver-suspended':
      return rpcError(403, ErrorCodes.RECIPIENT_SUSPENDED, MemberStandingMessages.suspendedReceiver, 'receiverId');
    case 'receiver-unknown':
      return memberNotFound();
    case 'donation-unknown':
    case 'donation-deleted':
      return donationNotFound();
    case 'blocked-by-receiver':
      return blockedRefusal(true);
    case 'blocked-by-sender':
      return blockedRefusal(false);
    case 'photo-unsent':
      return rpcError(404, ErrorCodes.NOT_FOUND, MessagingMessages.photoUnsent, 'image');
    case 'client-id-taken':
      // Taken, yet no message of the sender's has it: it can only have been another content's.
      return rpcError(409, ErrorCodes.MESSAGE_CLIENT_ID_REUSED, MessagingMessages.clientIdReused, 'clientId');
  }
}

/**
 * The key of the lock that serialises, until the transaction ends, the sends of one conversation
 * in both directions: the second of two members writing to each other at once waits for the first,
 * then sees its rows (the receiver's notice, the reply wait).
 */
const conversationKey = (draft: MessageDraft) => {
  const [low, high] = [draft.senderId, draft.receiverId].sort();
  return `reply:${low}:${high}:${draft.donationId ?? 0}`;
};

/** The member is under a suspension now (until its reinstatement, or its date if that event is late). */
const suspendedNow = (eb: ExpressionBuilder<MessagingTables, never>, memberId: string) =>
  eb.exists(
    eb
      .selectFrom('member_standing')
      .select('user_id')
      .where('user_id', '=', memberId)
      .where('suspension_id', 'is not', null)
      .where((w) => w.or([w('suspended_until', 'is', null), w('suspended_until', '>', sql<Date>`now()`)])),
  );

/**
 * The send's checks and its insert in one round trip (issue 25). `checks` takes the
 * conversation's lock, then reads what a send needs: the receiver and the donation in the local
 * directory, a suspension of either member (the members read model's `member_standing`), blocks either way. Every write of the statement reads `allowed`, which reads
 * `checks`: none happens before the lock is held (two sends of a conversation lock in one order).
 * The insert answers nothing for a clientId already stored (a retry): no unique violation aborts
 * the transaction. The message comes back joined to the directory, as `selectMessages` shows it.
 */
const storeStatement = prepared(
  (
    lockKey: string,
    id: string,
    senderId: string,
    receiverId: string,
    donationId: number | null,
    content: string,
    clientId: string | null,
    photoKey: string | null,
    thumbnailKey: string | null,
  ) =>
    db
      .with('checks', (qc) =>
        qc.selectNoFrom((eb) => [
          sql<void>`pg_advisory_xact_lock(hashtext(${lockKey}))`.as('locked'),
          eb.exists(eb.selectFrom('members').select('user_id').where('user_id', '=', receiverId)).as('receiver_known'),
          eb.or([sql<boolean>`${donationId}::int IS NULL`, eb.exists(eb.selectFrom('donations').select('donation_id').where('donation_id', '=', donationId))]).as('donation_known'),
          eb.exists(eb.selectFrom('donations').select('donation_id').where('donation_id', '=', donationId).where('deleted', '=', true)).as('donation_deleted'),
          suspendedNow(eb, senderId).as('sender_suspended'),
          suspendedNow(eb, receiverId).as('receiver_suspended'),
          eb.exists(eb.selectFrom('blocks').select('blocker_id').where('blocker_id', '=', receiverId).where('blocked_id', '=', senderId)).as('blocked_by_receiver'),
          eb.exists(eb.selectFrom('blocks').select('blocker_id').where('blocker_id', '=', senderId).where('blocked_id', '=', receiverId)).as('blocked_by_sender'),
        ]),
      )
      // One row when the send may go on, none otherwise.
      .with('allowed', (qc) =>
        qc
          .selectFrom('checks')
          .select('checks.receiver_known')
          .where((eb) =>
            eb.and([
              eb.ref('checks.receiver_known'),
              eb.ref('checks.donation_known'),
              eb.not(eb.ref('checks.donation_deleted')),
              eb.not(eb.ref('checks.sender_suspended')),
              eb.not(eb.ref('checks.receiver_suspended')),
              eb.not(eb.ref('checks.blocked_by_receiver')),
              eb.not(eb.ref('checks.blocked_by_sender')),
            ]),
          ),
      )
      // The sender's registered photo leaves the uploads as it becomes the message (decision 0045).
      .with('claimed', (qc) =>
        qc
          .deleteFrom('chat_photo_uploads')
          .using('allowed')
          .where('image_key', '=', photoKey)
          .where('thumbnail_key', '=', thumbnailKey)
          .where('sender_id', '=', senderId)
          .returning('image_key'),
      )
      .with('msg', (qc) =>
        qc
          .insertInto('messages')
          .columns(['id', 'sender_id', 'receiver_id', 'donation_id', 'content', 'client_id', 'photo_key', 'photo_thumbnail_key'])
          .expression((eb) =>
            eb
              .selectFrom('allowed')
              .select([
                sql<string>`${id}::uuid`.as('id'),
                sql<string>`${senderId}::uuid`.as('sender_id'),
                sql<string>`${receiverId}::uuid`.as('receiver_id'),
                sql<number | null>`${donationId}::int`.as('donation_id'),
                sql<string>`${content}::text`.as('content'),
                sql<string | null>`${clientId}::uuid`.as('client_id'),
                sql<string | null>`${photoKey}::text`.as('photo_key'),
                sql<string | null>`${thumbnailKey}::text`.as('photo_thumbnail_key'),
              ])
              .where((w) => w.or([sql<boolean>`${photoKey}::text IS NULL`, w.exists(w.selectFrom('claimed').select('image_key'))])),
          )
          .onConflict((conflict) => conflict.columns(['sender_id', 'client_id']).where('client_id', 'is not', null).doNothing())
          .returningAll(),
      )
      .selectFrom('checks')
      .leftJoin('msg', (join) => join.onTrue())
      .leftJoin('members as s', 's.user_id', 'msg.sender_id')
      .leftJoin('members as r', 'r.user_id', 'msg.receiver_id')
      .leftJoin('donations as d', 'd.donation_id', 'msg.donation_id')
      .select((eb) => [
        'checks.receiver_known',
        'checks.donation_known',
        'checks.donation_deleted',
        'checks.sender_suspended',
        'checks.receiver_suspended',
        'checks.blocked_by_receiver',
        'checks.blocked_by_sender',
        eb.exists(eb.selectFrom('claimed').select('image_key')).as('photo_claimed'),
      ])
      .select(MESSAGE_COLUMNS),
);

/**
 * Stores the draft in the caller's transaction, after taking its conversation's lock, when the
 * checks pass; otherwise says why, and the caller rolls back (a photo may have been claimed for a
 * clientId already stored). One statement.
 */
export async function storeMessage(manager: EntityManager, draft: MessageDraft): Promise<StoreOutcome> {
  // One row always: `checks`, with the message when it was inserted.
  const checks = (await firstRow(
    manager,
    storeStatement(conversationKey(draft), draft.id, draft.senderId, draft.receiverId, draft.donationId, draft.content, draft.clientId, draft.photoKey, draft.thumbnailKey),
  ))!;
  if (checks.sender_suspended) return { notStored: 'sender-suspended' };
  if (!checks.receiver_known) return { notStored: 'receiver-unknown' };
  if (!checks.donation_known) return { notStored: 'donation-unknown' };
  if (checks.donation_deleted) return { notStored: 'donation-deleted' };
  if (checks.receiver_suspended) return { notStored: 'receiver-suspended' };
  if (checks.blocked_by_receiver) return { notStored: 'blocked-by-receiver' };
  if (checks.blocked_by_sender) return { notStored: 'blocked-by-sender' };
  if (draft.photoKey !== null && !checks.photo_claimed) return { notStored: 'photo-unsent' };
  // The checks passed and no row came back: the unique (sender, clientId) index kept it out.
  if (checks.id === null) return { notStored: 'client-id-taken' };
  // The row inserted: the LEFT JOIN's message columns are all set.
  return { stored: messageViewOf(checks as MessageRow) };
}
