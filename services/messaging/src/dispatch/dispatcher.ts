import { Inject, Injectable, Logger, Optional, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { DISPATCHED_KINDS, type MailLanguage } from '@hdiya/contracts';
import { enqueueMail, type Json, rows, sql, write } from '@hdiya/platform';
import { MESSAGING_CONFIG, SCHEMA, type MessagingConfig } from '../config.js';
import { db } from '../database/db.js';
import { inMs } from './dispatch-schedule.js';
import { PUSH_CHANNEL, type PushChannel } from './channels.js';
import { digestMail, pushActionsOf } from './digest-mail.js';
import { MailRecipients, type RecipientLookup } from './mail-recipients.js';
import { donationPathOf, isConversation, pathOf, sentenceOf, tagOf, type DispatchItem } from './notification-sentences.js';

/** Members handled per round; each round is one short transaction. */
const BATCH = 50;
/** The users service did not answer: that member's mail and push wait this long, then are tried again. */
const RETRY_MS = 30_000;
/** Older news is left to the notifications page. */
const MAX_AGE_DAYS = 7;

interface PendingRow extends DispatchItem {
  user_id: string;
  activity_at: Date;
  for_mail: boolean;
  for_push: boolean;
  fresh: boolean;
}

interface DueRow {
  member_id: string;
  mail_due: boolean;
  push_due: boolean;
}

/** A notification's params as notify() stored them: always an object. */
const paramsOf = (params: Json): Record<string, unknown> => (typeof params === 'object' && params !== null && !Array.isArray(params) ? params : {});

const now = sql<Date>`now()`;

/**
 * Decides what reaches a member who is away, and when (decision 0027). Each round takes the
 * members whose mail or push is due (`dispatch_schedule`, SKIP LOCKED: replicas share the work
 * and never pass one member twice), and in one transaction per round writes the digest mail
 * (mail outbox) and the pushes (push outbox) and marks what they carried: a crash before the
 * commit leaves everything due, after it everything done.
 */
@Injectable()
export class Dispatcher implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('messaging:dispatch');
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<unknown> | null = null;

  constructor(
    private readonly dataSource: DataSource,
    private readonly recipients: MailRecipients,
    @Inject(MESSAGING_CONFIG) private readonly config: MessagingConfig,
    @Optional() @Inject(PUSH_CHANNEL) private readonly push: PushChannel | null,
  ) {}

  onApplicationBootstrap(): void {
    this.timer = setInterval(() => void this.tick(), this.config.DISPATCH_POLL_MS);
    this.timer.unref();
  }

  async onApplicationShutdown(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.running;
  }

  private async tick(): Promise<void> {
    if (this.running) return;
    this.running = this.runUntilIdle().catch((error: Error) => this.logger.warn(`dispatch failed: ${error.message}`));
    await this.running;
    this.running = null;
  }

  /** Rounds until nothing is due (a burst of away members is drained at once, not one batch a second). */
  async runUntilIdle(): Promise<number> {
    let total = 0;
    for (;;) {
      const handled = await this.runOnce();
      total += handled;
      if (handled < BATCH || !this.timer) return total;
    }
  }

  /** One round: up to BATCH due members. Answers how many were handled. */
  async runOnce(): Promise<number> {
    // Who is due, without holding a lock: their addresses are asked of the users service outside any
    // transaction. SKIP LOCKED here only passes over members another replica is dispatching right now.
    const due = await rows(
      this.dataSource.manager,
      db
        .selectFrom('dispatch_schedule')
        .select('member_id')
        .where((eb) => eb.or([eb('mail_due_at', 'is not', null), eb('push_due_at', 'is not', null)]))
        .where((eb) => eb(eb.fn<Date>('least', ['mail_due_at', 'push_due_at']), '<=', now))
        .orderBy((eb) => eb.fn<Date>('least', ['mail_due_at', 'push_due_at']))
        .limit(BATCH)
        .forUpdate()
        .skipLocked(),
    );
    if (due.length === 0) return 0;
    const lookups = new Map<string, RecipientLookup>();
    await Promise.all(due.map(async ({ member_id }) => lookups.set(member_id, await this.recipients.lookup(member_id))));
    return this.dataSource.transaction(async (manager) => {
      // Still due and not taken by another replica meanwhile.
      const found = await rows(
        manager,
        db
          .selectFrom('dispatch_schedule')
          .select((eb) => ['member_id', eb('mail_due_at', '<=', now).as('mail_due'), eb('push_due_at', '<=', now).as('push_due')])
          .where('member_id', '=', (eb) => eb.fn.any(sql<string[]>`${due.map((d) => d.member_id)}::uuid[]`))
          .where((eb) => eb(eb.fn<Date>('least', ['mail_due_at', 'push_due_at']), '<=', now))
          .orderBy('member_id')
          .forUpdate()
          .skipLocked(),
      );
      // A due time compared to now() is NULL when unset: not due.
      const claimed: DueRow[] = found.map((row) => ({ member_id: row.member_id, mail_due: row.mail_due === true, push_due: row.push_due === true }));
      if (claimed.length === 0) return 0;
      const pending = await this.pendingOf(manager, claimed.map((row) => row.member_id));
      for (const row of claimed) await this.dispatchTo(manager, row, pending.get(row.member_id) ?? [], lookups.get(row.member_id)!);
      return claimed.length;
    });
  }

  /**
   * Each member's notifications not read, not seen since their last activity, of a kind that may
   * reach them, with what each channel still owes (their preference on, not sent since).
   */
  private async pendingOf(manager: EntityManager, memberIds: string[]): Promise<Map<string, PendingRow[]>> {
    const found = await rows(
      manager,
      db
        .selectFrom('notifications as n')
        .leftJoin('notification_preferences as p', (join) => join.onRef('p.member_id', '=', 'n.user_id').onRef('p.kind', '=', 'n.kind'))
        .select((eb) => [
          'n.id',
          'n.user_id',
          'n.kind',
          'n.params',
          'n.activity_at',
          eb.and([eb.or([eb('n.mailed_at', 'is', null), eb('n.mailed_at', '<', eb.ref('n.activity_at'))]), eb.fn.coalesce('p.email', eb.lit(true))]).as('for_mail'),
          eb.and([eb.or([eb('n.pushed_at', 'is', null), eb('n.pushed_at', '<', eb.ref('n.activity_at'))]), eb.fn.coalesce('p.push', eb.lit(true))]).as('for_push'),
          eb('n.activity_at', '>', sql<Date>`now() - ${this.config.NOTIFICATION_PUSH_DELAY_MS}::int * interval '1 millisecond'`).as('fresh'),
          eb
            .case()
            .when('n.kind', '=', 'message_received')
            .then(
              eb
                .selectFrom('messages as m')
                .select((m) => m.cast<number>(m.fn.countAll(), 'integer').as('n'))
                .whereRef('m.receiver_id', '=', 'n.user_id')
                .where('m.read_at', 'is', null)
                .where((m) => m(m.cast<string>('m.sender_id', 'text'), '=', sql<string>`${m.ref('n.params')}->>'senderId'`))
                .where((m) =>
                  m(m.fn.coalesce(m.cast<string>('m.donation_id', 'text'), m.val('none')), '=', m.fn.coalesce(sql<string | null>`${m.ref('n.params')}->>'donationId'`, m.val('none'))),
                ),
            )
            .end()
            .as('unreadMessages'),
        ])
        .where('n.user_id', '=', (eb) => eb.fn.any(sql<string[]>`${memberIds}::uuid[]`))
        .where('n.read_at', 'is', null)
        .where('n.kind', '=', (eb) => eb.fn.any(sql<string[]>`${[...DISPATCHED_KINDS]}::text[]`))
        .where((eb) => eb.or([eb('n.seen_at', 'is', null), eb('n.seen_at', '<', eb.ref('n.activity_at'))]))
        .where('n.activity_at', '>', sql<Date>`now() - ${MAX_AGE_DAYS}::int * interval '1 day'`)
        .orderBy('n.activity_at')
        .orderBy('n.id'),
    );
    const byMember = new Map<string, PendingRow[]>();
    for (const found_ of found) {
      const row: PendingRow = { ...found_, params: paramsOf(found_.params), for_mail: found_.for_mail === true, for_push: found_.for_push === true, fresh: found_.fresh === true };
      byMember.set(row.user_id, [...(byMember.get(row.user_id) ?? []), row]);
    }
    return byMember;
  }

  private async dispatchTo(manager: EntityManager, due: DueRow, pending: PendingRow[], lookup: RecipientLookup): Promise<void> {
    if ('unavailable' in lookup) {
      await write(
        manager,
        db
          .updateTable('dispatch_schedule')
          .set((eb) => ({
            mail_due_at: due.mail_due ? inMs(RETRY_MS) : eb.ref('mail_due_at'),
            push_due_at: due.push_due ? inMs(RETRY_MS) : eb.ref('push_due_at'),
          }))
          .where('member_id', '=', due.member_id),
      );
      return;
    }
    const recipient = lookup.found;
    const lang: MailLanguage = recipient?.language ?? 'fr';
    // What arrived in the last moments may still be on its way to an open page: it waits its turn.
    const settled = pending.filter((row) => !row.fresh);
    const nextFresh = pending.some((row) => row.fresh);
    let mailed = false;
    if (due.mail_due) {
      const items = settled.filter((row) => row.for_mail);
      // Only to a verified address: a notification mail to an address nobody confirmed is spam to a stranger.
      if (items.length > 0 && recipient?.emailVerified) {
        await enqueueMail(
          manager,
          SCHEMA,
          digestMail({ memberId: due.member_id, to: recipient.email, lang, items, publicUrl: this.config.PUBLIC_URL, linkSecret: this.config.MAIL_LINK_SECRET }),
        );
        await write(
          manager,
          db.updateTable('notifications').set({ mailed_at: now }).where('id', '=', (eb) => eb.fn.any(sql<string[]>`${items.map((i) => i.id)}::uuid[]`)),
        );
        mailed = true;
      }
    }
    if (due.push_due && this.push) {
      const items = settled.filter((row) => row.for_push);
      // One push per conversation or donation: the latest says it, earlier ones are replaced on the device.
      const latestByTag = new Map<string, PendingRow>();
      for (const item of items) latestByTag.set(tagOf(item), item);
      for (const [tag, item] of latestByTag) {
        const donationPath = donationPathOf(item);
        await this.push.enqueue(manager, due.member_id, {
          title: 'Hdiya',
          body: sentenceOf(lang, item),
          url: pathOf(item),
          tag,
          lang,
          actions: pushActionsOf(lang, item, donationPath !== null),
          ...(isConversation(item) ? { replyUrl: pathOf(item) } : {}),
          ...(donationPath ? { viewUrl: donationPath } : {}),
        });
      }
      if (items.length > 0) {
        await write(
          manager,
          db.updateTable('notifications').set({ pushed_at: now }).where('id', '=', (eb) => eb.fn.any(sql<string[]>`${items.map((i) => i.id)}::uuid[]`)),
        );
      }
    }
    // Done with what was due; news too fresh to judge is looked at again once it has settled.
    const { NOTIFICATION_PUSH_DELAY_MS: pushDelay, MAIL_DIGEST_INTERVAL_MS: interval } = this.config;
    await write(
      manager,
      db
        .updateTable('dispatch_schedule')
        .set((eb) => {
          const lastMail = mailed ? now : eb.ref('last_mail_at');
          const nextMail = eb.fn<Date>('greatest', [
            inMs(pushDelay),
            sql<Date>`${eb.fn.coalesce(lastMail, sql<Date>`'-infinity'`)} + ${interval}::int * interval '1 millisecond'`,
          ]);
          return {
            mail_due_at: due.mail_due ? (nextFresh ? nextMail : null) : eb.ref('mail_due_at'),
            push_due_at: due.push_due ? (nextFresh ? inMs(pushDelay) : null) : eb.ref('push_due_at'),
            last_mail_at: lastMail,
          };
        })
        .where('member_id', '=', due.member_id),
    );
  }
}
