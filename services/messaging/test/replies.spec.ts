import type { INestMicroservice } from '@nestjs/common';
import type { NatsConnection } from '@nats-io/transport-node';
import { randomUUID } from 'node:crypto';
import { DataSource } from 'typeorm';
import { Rpc, type ConversationView, type MessageView, type NotificationView, type ReplyTimeView } from '@hdiya/contracts';
import { requestRpc, startTestService, stopTestService, testServiceEnv } from '@hdiya/testing';
import { AppModule } from '../src/app.module.js';
import { loadMessagingConfig } from '../src/config.js';
import { ReplyRemindersService } from '../src/replies/reply-reminders.service.js';
import { knownDonation, knownMember } from './messaging-fixture.js';

// Who owes a reply (issue 20): waiting since, the one reminder per unanswered streak, the usual reply time.

/** Shortened from a day; the job's own timer is kept out of the way and runs are driven with a clock. */
const REMIND_AFTER_MS = 60_000;
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

let app: INestMicroservice;
let nc: NatsConnection;
let dataSource: DataSource;
let reminders: ReplyRemindersService;

const member = (firstName: string) => knownMember(app, firstName);
const donation = (ownerId: string, title: string) => knownDonation(app, ownerId, title);

const send = (senderId: string, receiverId: string, content: string, donationId?: number) =>
  requestRpc<MessageView>(nc, Rpc.messaging.send, { senderId, message: { content, receiverId, donationId } });
const conversations = (userId: string) => requestRpc<ConversationView[]>(nc, Rpc.messaging.conversations, { userId });
const awaiting = async (userId: string, otherId: string) => (await conversations(userId)).find((c) => c.otherUser.id === otherId)?.awaitingReplySince;
const replyReminders = async (userId: string) =>
  (await requestRpc<NotificationView[]>(nc, Rpc.messaging.notifications, { userId, query: {} })).filter((n) => n.kind === 'reply_reminder');
const block = (userId: string, otherId: string) => requestRpc(nc, Rpc.messaging.block, { userId, otherId });
const replyTime = (userId: string) => requestRpc<ReplyTimeView>(nc, Rpc.messaging.replyTime, { userId });
const later = (ms: number) => new Date(Date.now() + ms);

beforeAll(async () => {
  const config = loadMessagingConfig({
    ...testServiceEnv('messaging'),
    LOG_LEVEL: 'error',
    LOOKUP_RPC_TIMEOUT_MS: '300',
    REPLY_REMINDER_AFTER_MS: String(REMIND_AFTER_MS),
    REPLY_REMINDER_INTERVAL_MS: String(DAY),
  });
  ({ app, nc } = await startTestService('messaging', AppModule.register(config), 'messaging-replies-test'));
  dataSource = app.get(DataSource);
  reminders = app.get(ReplyRemindersService);
});

afterAll(() => stopTestService({ app, nc }));

describe('who owes a reply', () => {
  it('should show the member who owes a reply since when the other waits, and nothing once answered', async () => {
    const [amina, karim] = [await member('Amina'), await member('Karim')];
    const lamp = await donation(amina, 'Lampe');
    const first = await send(karim, amina, 'Bonjour', lamp);
    await send(karim, amina, 'Toujours dispo ?', lamp);
    expect(await awaiting(amina, karim)).toBe(first.createdAt);
    expect(await awaiting(karim, amina)).toBeNull();

    await send(amina, karim, 'Oui !', lamp);
    expect(await awaiting(amina, karim)).toBeNull();
    const again = await send(karim, amina, 'Je passe demain ?', lamp);
    expect(await awaiting(amina, karim)).toBe(again.createdAt);

    // Nobody owes a reply across a block.
    await block(amina, karim);
    expect(await awaiting(amina, karim)).toBeNull();
  });

  it('should remind the member once after the delay, not before, not again, and announce it', async () => {
    const [amina, karim] = [await member('Amina'), await member('Karim')];
    const lamp = await donation(amina, 'Lampe de bureau');
    const first = await send(karim, amina, 'Bonjour', lamp);
    await send(karim, amina, 'Vous êtes là ?', lamp);

    await reminders.remindDue(later(REMIND_AFTER_MS / 2));
    expect(await replyReminders(amina)).toEqual([]);

    await reminders.remindDue(later(REMIND_AFTER_MS + MINUTE));
    const [reminder, ...more] = await replyReminders(amina);
    expect(more).toEqual([]);
    expect(reminder).toMatchObject({
      kind: 'reply_reminder',
      read: false,
      params: { otherId: karim, otherName: 'Karim T.', donationId: lamp, title: 'Lampe de bureau', since: first.createdAt },
    });
    const [created] = (await dataSource.query(
      `SELECT 1 FROM messaging.outbox WHERE "subject" LIKE '%.NotificationCreated.%' AND "envelope"::text LIKE $1`,
      [`%${reminder!.id}%`],
    )) as unknown[];
    expect(created).toBeDefined();

    // The same streak, a later message in it, and later runs: still one.
    await send(karim, amina, 'Allô ?', lamp);
    await reminders.remindDue(later(REMIND_AFTER_MS * 3));
    expect(await replyReminders(amina)).toHaveLength(1);
    expect(await replyReminders(karim)).toEqual([]);

    // Answered: the reminder is read. Then a new streak: one more reminder for the new one.
    await send(amina, karim, 'Pardon, oui', lamp);
    expect((await replyReminders(amina)).map((n) => n.read)).toEqual([true]);
    await send(karim, amina, 'Super, quand ?', lamp);
    await reminders.remindDue(later(REMIND_AFTER_MS * 4));
    expect((await replyReminders(amina)).map((n) => n.read)).toEqual([false, true]);
  });

  it('should not remind a member who answered in time', async () => {
    const [amina, karim] = [await member('Amina'), await member('Karim')];
    await send(karim, amina, 'Bonjour');
    await send(amina, karim, 'Bonjour Karim');
    await reminders.remindDue(later(REMIND_AFTER_MS + MINUTE));
    expect(await replyReminders(amina)).toEqual([]);
    // Karim now owes the answer, and is reminded of it (about no donation).
    expect((await replyReminders(karim)).map((n) => n.params)).toEqual([
      expect.objectContaining({ otherId: amina, donationId: null, title: null }),
    ]);
  });

  it('should not remind across a block, either way, even after an unblock', async () => {
    const [amina, karim, salma] = [await member('Amina'), await member('Karim'), await member('Salma')];
    await send(karim, amina, 'Bonjour');
    await send(salma, amina, 'Salut');
    await block(amina, karim);
    await block(salma, amina);
    await reminders.remindDue(later(REMIND_AFTER_MS + MINUTE));
    expect(await replyReminders(amina)).toEqual([]);
    await requestRpc(nc, Rpc.messaging.unblock, { userId: amina, otherId: karim });
    await reminders.remindDue(later(REMIND_AFTER_MS * 2));
    expect(await replyReminders(amina)).toEqual([]);
  });

  it('should remind exactly once when job runners (replicas) race', async () => {
    // The setup goes eight at a time: forty sends at once met the service's own overload answer
    // (503) on a loaded CI machine. The race under test is the four runners below.
    const owners: string[] = [];
    for (let i = 0; i < 40; i += 8) owners.push(...(await Promise.all(Array.from({ length: 8 }, (_, j) => member(`Owner${i + j}`)))));
    const asker = await member('Karim');
    for (let i = 0; i < owners.length; i += 8) await Promise.all(owners.slice(i, i + 8).map((owner) => send(asker, owner, 'Bonjour')));
    const at = later(REMIND_AFTER_MS + MINUTE);
    await Promise.all([reminders.remindDue(at), reminders.remindDue(at), reminders.remindDue(at), reminders.remindDue(at)]);
    const [{ count }] = (await dataSource.query(
      `SELECT count(*)::int AS count FROM messaging.notifications WHERE "kind" = 'reply_reminder' AND "user_id" = ANY($1::uuid[])`,
      [owners],
    )) as [{ count: number }];
    expect(count).toBe(owners.length);
  });
});

describe('usual reply time', () => {
  async function message(senderId: string, receiverId: string, at: Date, donationId: number | null = null): Promise<void> {
    await dataSource.query(
      `INSERT INTO messaging.messages ("id", "sender_id", "receiver_id", "donation_id", "content", "created_at") VALUES ($1, $2, $3, $4, 'fixture', $5)`,
      [randomUUID(), senderId, receiverId, donationId, at],
    );
  }
  const now = Date.now();
  const ago = (ms: number) => new Date(now - ms);

  it('should be the median delay of the replies of the last 90 days, from the start of the other member’s streak', async () => {
    const [x, y, z] = [await member('X'), await member('Y'), await member('Z')];
    const t0 = 10 * DAY;
    // With Y: Y writes twice, X answers an hour after the first (1 h); Y again, X after 30 min.
    await message(y, x, ago(t0));
    await message(y, x, ago(t0 - 10 * MINUTE));
    await message(x, y, ago(t0 - HOUR));
    await message(x, y, ago(t0 - HOUR - MINUTE)); // a second message of X's turn is no reply
    await message(y, x, ago(t0 - 2 * HOUR));
    await message(x, y, ago(t0 - 2 * HOUR - 30 * MINUTE));
    // X opens a conversation: no reply. Then Z answers X (Z's reply, not X's).
    await message(x, z, ago(5 * DAY));
    await message(z, x, ago(5 * DAY - 5 * HOUR));
    // Too few replies so far: no figure.
    expect(await replyTime(x)).toEqual({ replies: 2, medianMs: null });

    // About a donation with Z: X answers after 3 h.
    await message(z, x, ago(3 * DAY), 42);
    await message(x, z, ago(3 * DAY - 3 * HOUR), 42);
    // Older than 90 days: left out (the 100 h delay would move the median).
    for (const days of [100, 120]) {
      await message(y, x, ago(days * DAY));
      await message(x, y, ago(days * DAY - 100 * HOUR));
    }
    expect(await replyTime(x)).toEqual({ replies: 3, medianMs: HOUR });
    expect(await replyTime(z)).toEqual({ replies: 1, medianMs: null });
    expect(await replyTime(randomUUID())).toEqual({ replies: 0, medianMs: null });
  });
});
