import { Inject, Injectable, Logger, Optional, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { DISPATCHED_KINDS, type MailLanguage } from '@hdiya/contracts';
import { enqueueMail } from '@hdiya/platform';
import { MESSAGING_CONFIG, SCHEMA, type MessagingConfig } from '../config.js';
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
    const due = (await this.dataSource.query(
      `SELECT "member_id" FROM "${SCHEMA}"."dispatch_schedule"
       WHERE ("mail_due_at" IS NOT NULL OR "push_due_at" IS NOT NULL) AND LEAST("mail_due_at", "push_due_at") <= now()
       ORDER BY LEAST("mail_due_at", "push_due_at") LIMIT $1 FOR UPDATE SKIP LOCKED`,
      [BATCH],
    )) as { member_id: string }[];
    if (due.length === 0) return 0;
    const lookups = new Map<string, RecipientLookup>();
    await Promise.all(due.map(async ({ member_id }) => lookups.set(member_id, await this.recipients.lookup(member_id))));
    return this.dataSource.transaction(async (manager) => {
      // Still due and not taken by another replica meanwhile.
      const claimed = (await manager.query(
        `SELECT "member_id", "mail_due_at" <= now() AS "mail_due", "push_due_at" <= now() AS "push_due"
         FROM "${SCHEMA}"."dispatch_schedule"
         WHERE "member_id" = ANY($1::uuid[]) AND LEAST("mail_due_at", "push_due_at") <= now()
         ORDER BY "member_id" FOR UPDATE SKIP LOCKED`,
        [due.map((d) => d.member_id)],
      )) as DueRow[];
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
    const rows = (await manager.query(
      `SELECT n."id", n."user_id", n."kind", n."params", n."activity_at",
         (n."mailed_at" IS NULL OR n."mailed_at" < n."activity_at") AND COALESCE(p."email", true) AS "for_mail",
         (n."pushed_at" IS NULL OR n."pushed_at" < n."activity_at") AND COALESCE(p."push", true) AS "for_push",
         n."activity_at" > now() - $3::int * interval '1 millisecond' AS "fresh",
         CASE WHEN n."kind" = 'message_received' THEN (
           SELECT count(*)::int FROM "${SCHEMA}"."messages" m
           WHERE m."receiver_id" = n."user_id" AND m."read_at" IS NULL AND m."sender_id"::text = n."params"->>'senderId'
             AND COALESCE(m."donation_id"::text, 'none') = COALESCE(n."params"->>'donationId', 'none')) END AS "unreadMessages"
       FROM "${SCHEMA}"."notifications" n
       LEFT JOIN "${SCHEMA}"."notification_preferences" p ON p."member_id" = n."user_id" AND p."kind" = n."kind"
       WHERE n."user_id" = ANY($1::uuid[]) AND n."read_at" IS NULL AND n."kind" = ANY($2::text[])
         AND (n."seen_at" IS NULL OR n."seen_at" < n."activity_at")
         AND n."activity_at" > now() - interval '${MAX_AGE_DAYS} days'
       ORDER BY n."activity_at", n."id"`,
      [memberIds, [...DISPATCHED_KINDS], this.config.NOTIFICATION_PUSH_DELAY_MS],
    )) as PendingRow[];
    const byMember = new Map<string, PendingRow[]>();
    for (const row of rows) byMember.set(row.user_id, [...(byMember.get(row.user_id) ?? []), row]);
    return byMember;
  }

  private async dispatchTo(manager: EntityManager, due: DueRow, pending: PendingRow[], lookup: RecipientLookup): Promise<void> {
    if ('unavailable' in lookup) {
      await manager.query(
        `UPDATE "${SCHEMA}"."dispatch_schedule" SET
           "mail_due_at" = CASE WHEN $2 THEN now() + $3::int * interval '1 millisecond' ELSE "mail_due_at" END,
           "push_due_at" = CASE WHEN $4 THEN now() + $3::int * interval '1 millisecond' ELSE "push_due_at" END
         WHERE "member_id" = $1`,
        [due.member_id, due.mail_due, RETRY_MS, due.push_due],
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
        await manager.query(`UPDATE "${SCHEMA}"."notifications" SET "mailed_at" = now() WHERE "id" = ANY($1::uuid[])`, [items.map((i) => i.id)]);
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
      if (items.length > 0) await manager.query(`UPDATE "${SCHEMA}"."notifications" SET "pushed_at" = now() WHERE "id" = ANY($1::uuid[])`, [items.map((i) => i.id)]);
    }
    // Done with what was due; news too fresh to judge is looked at again once it has settled.
    await manager.query(
      `UPDATE "${SCHEMA}"."dispatch_schedule" SET
         "mail_due_at" = CASE WHEN $2 THEN (CASE WHEN $4 THEN GREATEST(now() + $5::int * interval '1 millisecond', COALESCE(CASE WHEN $7 THEN now() ELSE "last_mail_at" END, '-infinity') + $6::int * interval '1 millisecond') END) ELSE "mail_due_at" END,
         "push_due_at" = CASE WHEN $3 THEN (CASE WHEN $4 THEN now() + $5::int * interval '1 millisecond' END) ELSE "push_due_at" END,
         "last_mail_at" = CASE WHEN $7 THEN now() ELSE "last_mail_at" END
       WHERE "member_id" = $1`,
      [due.member_id, due.mail_due, due.push_due, nextFresh, this.config.NOTIFICATION_PUSH_DELAY_MS, this.config.MAIL_DIGEST_INTERVAL_MS, mailed],
    );
  }
}
