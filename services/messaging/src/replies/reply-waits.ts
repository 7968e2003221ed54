import type { EntityManager } from 'typeorm';
import type { MessageView } from '@hdiya/contracts';
import { SCHEMA } from '../config.js';

/**
 * Keeps `reply_waits` in step with a message just stored, in its transaction: the sender's own
 * debt in this conversation is paid, and the receiver now owes a reply from the first message of
 * the streak (a later message of the same streak keeps that start, and its reminder state).
 * Answering also marks read the reminder of that conversation, if one came.
 */
export async function recordReplyWait(manager: EntityManager, message: MessageView): Promise<void> {
  const donationKey = message.donationId ?? 0;
  const [low, high] = [message.senderId, message.receiverId].sort();
  // Two members writing to each other at once: the second waits for the first, then sees its row.
  await manager.query(`SELECT pg_advisory_xact_lock(hashtext($1))`, [`reply:${low}:${high}:${donationKey}`]);
  const [, answered] = (await manager.query(`DELETE FROM "${SCHEMA}"."reply_waits" WHERE "owing_id" = $1 AND "waiting_id" = $2 AND "donation_key" = $3`, [
    message.senderId,
    message.receiverId,
    donationKey,
  ])) as [unknown, number];
  // Answered: a reminder of this conversation has nothing left to say (nor to mail or push).
  if (answered > 0) {
    await manager.query(
      `UPDATE "${SCHEMA}"."notifications" SET "read_at" = now()
       WHERE "user_id" = $1 AND "kind" = 'reply_reminder' AND "read_at" IS NULL AND "params"->>'otherId' = $2
         AND COALESCE("params"->>'donationId', 'none') = $3`,
      [message.senderId, message.receiverId, message.donationId === null ? 'none' : String(message.donationId)],
    );
  }
  await manager.query(
    `INSERT INTO "${SCHEMA}"."reply_waits" ("owing_id", "waiting_id", "donation_key", "first_message_id", "since")
     VALUES ($1, $2, $3, $4, $5) ON CONFLICT DO NOTHING`,
    [message.receiverId, message.senderId, donationKey, message.id, message.createdAt],
  );
}
