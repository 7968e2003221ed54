import type { EntityManager } from 'typeorm';
import type { MessageView } from '@hdiya/contracts';
import { prepared, sql, write } from '@hdiya/platform';
import { db } from '../database/db.js';

// On the send path of every message: compiled once.
const conversationLock = prepared((key: string) => db.selectNoFrom(sql`pg_advisory_xact_lock(hashtext(${key}))`.as('locked')));

/**
 * Serialises, until the transaction ends, the sends of one conversation in both directions: two
 * members writing to each other at once, the second waits for the first, then sees its rows
 * (the reply wait, the receiver's notice). Taken once per send, before `recordReplyWait`.
 */
export async function lockConversation(manager: EntityManager, message: Pick<MessageView, 'senderId' | 'receiverId' | 'donationId'>): Promise<void> {
  const [low, high] = [message.senderId, message.receiverId].sort();
  await write(manager, conversationLock(`reply:${low}:${high}:${message.donationId ?? 0}`));
}
const payDebt = prepared((owingId: string, waitingId: string, donationKey: number) =>
  db.deleteFrom('reply_waits').where('owing_id', '=', owingId).where('waiting_id', '=', waitingId).where('donation_key', '=', donationKey),
);
const readReminder = prepared((userId: string, otherId: string, donation: string) =>
  db
    .updateTable('notifications')
    .set({ read_at: sql<Date>`now()` })
    .where('user_id', '=', userId)
    .where('kind', '=', 'reply_reminder')
    .where('read_at', 'is', null)
    .where((eb) => eb(sql<string>`${eb.ref('params')}->>'otherId'`, '=', otherId))
    .where((eb) => eb(eb.fn.coalesce(sql<string | null>`${eb.ref('params')}->>'donationId'`, eb.val('none')), '=', donation)),
);
const owe = prepared((owingId: string, waitingId: string, donationKey: number, firstMessageId: string, since: string) =>
  db
    .insertInto('reply_waits')
    .values({ owing_id: owingId, waiting_id: waitingId, donation_key: donationKey, first_message_id: firstMessageId, since })
    .onConflict((conflict) => conflict.doNothing()),
);

/**
 * Keeps `reply_waits` in step with a message just stored, in its transaction: the sender's own
 * debt in this conversation is paid, and the receiver now owes a reply from the first message of
 * the streak (a later message of the same streak keeps that start, and its reminder state).
 * Answering also marks read the reminder of that conversation, if one came. The caller holds the
 * conversation's lock (`lockConversation`).
 */
export async function recordReplyWait(manager: EntityManager, message: MessageView): Promise<void> {
  const donationKey = message.donationId ?? 0;
  const answered = await write(manager, payDebt(message.senderId, message.receiverId, donationKey));
  // Answered: a reminder of this conversation has nothing left to say (nor to mail or push).
  if (answered > 0) {
    await write(manager, readReminder(message.senderId, message.receiverId, message.donationId === null ? 'none' : String(message.donationId)));
  }
  await write(manager, owe(message.receiverId, message.senderId, donationKey, message.id, message.createdAt));
}
