import type { EntityManager } from 'typeorm';
import type { MessageView } from '@hdiya/contracts';
import { sql, write } from '@hdiya/platform';
import { db } from '../database/db.js';

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
  await write(manager, db.selectNoFrom(sql`pg_advisory_xact_lock(hashtext(${`reply:${low}:${high}:${donationKey}`}))`.as('locked')));
  const answered = await write(
    manager,
    db.deleteFrom('reply_waits').where('owing_id', '=', message.senderId).where('waiting_id', '=', message.receiverId).where('donation_key', '=', donationKey),
  );
  // Answered: a reminder of this conversation has nothing left to say (nor to mail or push).
  if (answered > 0) {
    await write(
      manager,
      db
        .updateTable('notifications')
        .set({ read_at: sql<Date>`now()` })
        .where('user_id', '=', message.senderId)
        .where('kind', '=', 'reply_reminder')
        .where('read_at', 'is', null)
        .where((eb) => eb(sql<string>`${eb.ref('params')}->>'otherId'`, '=', message.receiverId))
        .where((eb) =>
          eb(eb.fn.coalesce(sql<string | null>`${eb.ref('params')}->>'donationId'`, eb.val('none')), '=', message.donationId === null ? 'none' : String(message.donationId)),
        ),
    );
  }
  await write(
    manager,
    db
      .insertInto('reply_waits')
      .values({ owing_id: message.receiverId, waiting_id: message.senderId, donation_key: donationKey, first_message_id: message.id, since: message.createdAt })
      .onConflict((conflict) => conflict.doNothing()),
  );
}
