import { randomUUID } from 'node:crypto';
import { PointsRules, type CurrentAccountView } from '@hdiya/contracts';
import type pg from 'pg';
import type { ApiClient } from './api-client.js';
import { replayGiftRewards, type ConfirmedGift } from './gift-rewards-model.js';
import { invariantViolations } from './members.js';

// The load of the fault tests (e2e/faults/chaos.e2e.ts, e2e/cluster/cluster.cluster.ts): members
// reserving, confirming, cancelling, transferring, publishing and messaging at once, each call's
// outcome recorded as the member saw it, and the audit afterwards, Jepsen-style: every
// acknowledged operation applied exactly once (lost / duplicated counts), no item held by two
// members, no reservation left pending, and the points of the whole system as the rules say.

export type Outcome = 'ok' | 'refused' | 'unknown';
export const KINDS = ['reserve', 'confirm', 'cancel', 'transfer', 'publish', 'message', 'ask', 'withdraw', 'choose', 'suspend', 'reinstate', 'delete'] as const;

export interface Operation {
  kind: (typeof KINDS)[number];
  /** Who acted, or for a suspension and a reinstatement, the member suspended or reinstated; for a deletion, who left. */
  member: string;
  donationId?: number;
  /** A transfer's idempotency key, a message's clientId. */
  key?: string;
  /** The request a donor chose. */
  requestId?: string;
  outcome: Outcome;
  /** A refusal by a hoarding limit (decision 0020): expected and acknowledged, never lost work. */
  limited?: boolean;
  /** A refusal because the member is suspended (their session ended, or the service's own check). */
  suspended?: boolean;
  /** The suspension the moderator's call answered with. */
  suspensionId?: string;
}
export type Result = Pick<Operation, 'outcome' | 'limited' | 'suspended'>;

export interface LoadMember {
  client: ApiClient;
  user: CurrentAccountView;
  phone: string;
  password: string;
}

/** What the members act on: every donation published so far (the load adds its own). */
export interface LoadWorld {
  members: LoadMember[];
  donationIds: number[];
  /** A data URL of the photo new donations carry. */
  photo: string;
}

const outcomeOf = (status: number): Outcome => (status >= 200 && status < 300 ? 'ok' : status >= 400 && status < 500 && status !== 408 ? 'refused' : 'unknown');
export const pick = <T>(items: readonly T[]): T => items[Math.floor(Math.random() * items.length)]!;
export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The refusals of the hoarding limits: 3 open reservations, 72 hours before reserving an item again. */
const LIMIT_CODES = new Set(['RESERVATIONS_LIMIT', 'RESERVE_AGAIN_COOLDOWN']);

/**
 * A call that may meet a dead gateway: a network failure is an unknown outcome, not an error. A
 * refusal by a hoarding limit or because the member is suspended is told apart from the others.
 */
export async function attempt(call: () => Promise<{ status: number; body?: unknown }>): Promise<Result> {
  try {
    const res = await call();
    const code = (res.body as { code?: string } | null | undefined)?.code ?? '';
    return {
      outcome: outcomeOf(res.status),
      ...(res.status === 409 && LIMIT_CODES.has(code) ? { limited: true } : {}),
      ...(res.status === 401 || code === 'MEMBER_SUSPENDED' ? { suspended: true } : {}),
    };
  } catch {
    return { outcome: 'unknown' };
  }
}

/** Retried until it has an answer (3 tries unless told): a call whose outcome is unknown may be made again. */
export async function attemptUntilAnswered(call: () => Promise<{ status: number; body?: unknown }>, tries = 3): Promise<Result> {
  let result: Result = { outcome: 'unknown' };
  for (let done = 0; done < tries && result.outcome === 'unknown'; done++) {
    if (done > 0) await sleep(300);
    result = await attempt(call);
  }
  return result;
}

/**
 * One operation of the member's, chosen by `roll` in [0, 1): reserve (28 %), confirm (16 %),
 * cancel (8 %), transfer (22 %), publish (6 %), and from 0.8 a message to another member (the
 * chaos test gives that fifth to its request windows instead).
 */
export async function memberOperation(m: LoadMember, roll: number, world: LoadWorld): Promise<Operation> {
  const { members, donationIds, photo } = world;
  if (roll < 0.28) {
    const donationId = pick(donationIds);
    return { kind: 'reserve', member: m.user.id, donationId, ...(await attempt(() => m.client.call('POST /api/donations/{id}/reserve', { params: { id: donationId } }))) };
  }
  if (roll < 0.44) {
    const donationId = pick(donationIds);
    return { kind: 'confirm', member: m.user.id, donationId, ...(await attempt(() => m.client.call('POST /api/donations/{id}/confirm', { params: { id: donationId } }))) };
  }
  if (roll < 0.52) {
    const donationId = pick(donationIds);
    return { kind: 'cancel', member: m.user.id, donationId, ...(await attempt(() => m.client.call('POST /api/donations/{id}/cancel', { params: { id: donationId } }))) };
  }
  if (roll < 0.74) {
    // A transfer is retried with its idempotency key until it has an answer (or 3 tries).
    const to = pick(members.filter((o) => o !== m));
    const key = `load-${randomUUID()}`;
    const result = await attemptUntilAnswered(() =>
      m.client.call('POST /api/transfer-points', { body: { receiverIdentifier: to.phone, points: 1 }, headers: { 'Idempotency-Key': key } }),
    );
    return { kind: 'transfer', member: m.user.id, key, ...result };
  }
  if (roll < 0.8) {
    const result = await attempt(async () => {
      const res = await m.client.call('POST /api/donations', { body: { title: 'Objet de charge', description: 'Pour la charge.', categoryId: 8, city: 'Oujda', imageUrl: photo } });
      if (res.status === 201) donationIds.push(res.body.id);
      return res;
    });
    return { kind: 'publish', member: m.user.id, ...result };
  }
  // A message is retried with its clientId until it has an answer: the same clientId never sends twice.
  const to = pick(members.filter((o) => o !== m));
  const key = randomUUID();
  const result = await attemptUntilAnswered(() => m.client.call('POST /api/messages', { body: { content: 'Toujours disponible ?', receiverId: to.user.id, clientId: key } }));
  return { kind: 'message', member: m.user.id, key, ...result };
}

export interface Audit {
  lost: number;
  duplicated: number;
  heldTwice: number;
  pending: number;
  completed: number;
  /** Points in the system, and what the rules say there should be. */
  total: number;
  expected: number;
  /** Points that left with deleted accounts (decision 0074), one ledger entry each: in `expected`. */
  leftWithDeletions: number;
  rewards: ReturnType<typeof replayGiftRewards>;
  problems: string[];
  violations: Awaited<ReturnType<typeof invariantViolations>>;
}

/**
 * Checks the operations against the databases (superuser connection `db`), once the system has
 * settled. `accounts`: how many accounts got their 10 welcome points; `moderatorId`: who
 * reinstated, when the operations hold reinstatements.
 */
export async function auditOperations(db: pg.Client, operations: readonly Operation[], { accounts, moderatorId }: { accounts: number; moderatorId?: string }): Promise<Audit> {
  const count = async (sql: string, params: unknown[] = []) => Number((await db.query(sql, params)).rows[0].n);
  let lost = 0;
  let duplicated = 0;
  const problems: string[] = [];
  for (const op of operations) {
    if (op.kind === 'transfer') {
      const applied = await count(`SELECT count(*) AS n FROM points.transfers WHERE sender_id = $1 AND idempotency_key = $2`, [op.member, op.key]);
      if (op.outcome === 'ok' && applied === 0) lost += 1;
      if (applied > 1) duplicated += 1;
      if (applied === 1) {
        const entries = await count(
          `SELECT count(*) AS n FROM points.ledger_entries e JOIN points.transfers t ON e.reference = t.id WHERE t.sender_id = $1 AND t.idempotency_key = $2`,
          [op.member, op.key],
        );
        if (entries !== 2) problems.push(`transfer ${op.key} has ${entries} ledger entries`);
      }
    } else if (op.kind === 'message') {
      const stored = await count(`SELECT count(*) AS n FROM messaging.messages WHERE sender_id = $1 AND client_id = $2`, [op.member, op.key]);
      if (op.outcome === 'ok' && stored === 0) lost += 1;
      if (stored > 1) duplicated += 1;
    } else if (op.kind === 'reserve' && op.outcome === 'ok') {
      const kept = await count(
        `SELECT count(*) AS n FROM donations.reservations WHERE donation_id = $1 AND reserver_id = $2 AND state IN ('active', 'completed', 'cancelled', 'expired')`,
        [op.donationId, op.member],
      );
      if (kept === 0) lost += 1;
    } else if (op.kind === 'ask' && op.outcome === 'ok') {
      if ((await count(`SELECT count(*) AS n FROM donations.donation_requests WHERE donation_id = $1 AND member_id = $2`, [op.donationId, op.member])) === 0) lost += 1;
    } else if (op.kind === 'choose' && op.outcome === 'ok') {
      if ((await count(`SELECT count(*) AS n FROM donations.donation_requests WHERE id = $1 AND state = 'chosen'`, [op.requestId])) === 0) lost += 1;
    } else if (op.kind === 'confirm' && op.outcome === 'ok') {
      const given = await count(`SELECT count(*) AS n FROM donations.donations WHERE id = $1 AND status = 'completed'`, [op.donationId]);
      if (given === 0) lost += 1;
    } else if (op.kind === 'suspend' && op.outcome === 'ok') {
      // A suspension acknowledged is recorded, of that member (once: its id is its key).
      if ((await count(`SELECT count(*) AS n FROM users.member_suspensions WHERE id = $1 AND member_id = $2`, [op.suspensionId, op.member])) === 0) lost += 1;
    } else if (op.kind === 'reinstate' && op.outcome === 'ok') {
      if ((await count(`SELECT count(*) AS n FROM users.member_suspensions WHERE member_id = $1 AND ended_by = $2`, [op.member, moderatorId])) === 0) lost += 1;
    }
  }
  // A donation is given at most once, and each reservation's capture is paid once.
  duplicated += await count(
    `SELECT count(*) AS n FROM (SELECT envelope->'payload'->>'donationId' FROM donations.outbox WHERE envelope->>'type' = 'ReceptionConfirmed' GROUP BY 1 HAVING count(*) > 1) d`,
  );
  duplicated += await count(`SELECT count(*) AS n FROM (SELECT reference, reason FROM points.ledger_entries WHERE reference IS NOT NULL GROUP BY 1, 2 HAVING count(*) > 1) d`);
  const heldTwice = await count(`SELECT count(*) AS n FROM (SELECT donation_id FROM donations.reservations WHERE state = 'active' GROUP BY 1 HAVING count(*) > 1) d`);
  const pending = await count(`SELECT count(*) AS n FROM donations.reservations WHERE state IN ('pending', 'aborting')`);
  const completed = await count(`SELECT count(*) AS n FROM donations.donations WHERE status = 'completed'`);
  const total = await count(`SELECT COALESCE(sum(points + blocked_points), 0) AS n FROM points.balances`);
  // Welcome 10 each; each gift spends the reserver's 2-point hold and pays the donor what the
  // rules of decision 0019 allow (5 + 5, within the pair rule and the daily cap), replayed here
  // from the donations service's record of the gifts, in the order the points service received
  // them (its inbox; a relay retried after a kill may deliver out of confirmation order).
  const gifts = (
    await db.query(
      `SELECT o.envelope->'payload'->>'ownerId' AS "ownerId", o.envelope->'payload'->>'reserverId' AS "reserverId",
              (o.envelope->'payload'->>'confirmedAt')::timestamptz AS "confirmedAt"
       FROM donations.outbox o JOIN points.inbox i ON i.consumer = 'points-donations' AND i.event_id = o.id
       WHERE o.envelope->>'type' = 'ReceptionConfirmed' ORDER BY i.processed_at, o.position`,
    )
  ).rows as ConfirmedGift[];
  if (gifts.length !== completed) problems.push(`${completed} gifts completed, ${gifts.length} confirmations received by the points service`);
  const rewards = replayGiftRewards(gifts, Number(process.env.GIFT_POINTS_DAILY_CAP ?? PointsRules.giftDailyCap));
  // A deleted account's balance leaves the system in one `account_deleted` entry (a negative amount).
  const leftWithDeletions = -(await count(`SELECT COALESCE(sum(amount), 0) AS n FROM points.ledger_entries WHERE reason = 'account_deleted'`));
  const expected = 10 * accounts + rewards.paid - 2 * completed - leftWithDeletions;
  return { lost, duplicated, heldTwice, pending, completed, total, expected, leftWithDeletions, rewards, problems, violations: await invariantViolations(db) };
}

/** One line per kind: how many were acknowledged, refused (and why) or left unknown. */
export function tally(operations: readonly Operation[], kind: Operation['kind']): string {
  const of = operations.filter((o) => o.kind === kind);
  const limited = of.filter((o) => o.limited).length;
  const suspended = of.filter((o) => o.suspended).length;
  const why = [...(limited > 0 ? [`${limited} at a member's limit`] : []), ...(suspended > 0 ? [`${suspended} suspended`] : [])];
  return `${kind} ${of.filter((o) => o.outcome === 'ok').length} ok / ${of.filter((o) => o.outcome === 'refused').length} refused${why.length > 0 ? ` (${why.join(', ')})` : ''} / ${of.filter((o) => o.outcome === 'unknown').length} unknown`;
}
