import { randomUUID } from 'node:crypto';
import { PointsRules, type CurrentAccountView } from '@hdiya/contracts';
import { waitFor } from '@hdiya/testing';
import { ApiClient, newMemberPayload } from '../support/api-client.js';
import { dataUrl, jpegWithGps } from '../support/images.js';
import { replayGiftRewards, type ConfirmedGift } from '../support/gift-rewards-model.js';
import { expectBalance, invariantViolations, withDatabase } from '../support/members.js';
import { withPrivateStack, type PrivateStack } from '../support/private-stack.js';

// Chaos (`npm run chaos`, and a 30-second run in `npm test`): members reserve, confirm, cancel,
// transfer and publish at once while random services, the gateway and NATS itself are killed
// with SIGKILL and started again. Afterwards, Jepsen-style: every acknowledged operation applied
// exactly once (lost / duplicated counts), none unacknowledged applied twice, docs/product.md#points-invariants
// invariants for every member, no item held by two members, no reservation left pending, and the
// points of the whole system as the rules say (welcome points, rewards within the caps of decision
// 0019 replayed independently, reservation costs). It prints the counts.

const SECONDS = Number(process.env.HDIYA_CHAOS_SECONDS ?? 30);
const MEMBERS = 12;
const VICTIMS = ['users', 'points', 'donations', 'messaging', 'gateway', 'nats'] as const;

let world: PrivateStack;
let photo: string;

withPrivateStack(
  'chaos',
  {
    gateway: { RATE_SIGNUPS_PER_ADDRESS: '100000', RATE_UPLOADS_PER_MEMBER: '100000', RESERVE_TIMEOUT_MS: '8000' },
    donations: { RESERVATION_JOBS_INTERVAL_MS: '300', RESERVATION_RECOVERY_AFTER_MS: '1500' },
  },
  async (started) => {
    world = started;
    photo = dataUrl(await jpegWithGps(120, 90));
  },
);

type Outcome = 'ok' | 'refused' | 'unknown';
interface Operation {
  kind: 'reserve' | 'confirm' | 'cancel' | 'transfer' | 'publish';
  member: string;
  donationId?: number;
  key?: string;
  outcome: Outcome;
  /** A refusal by a hoarding limit (decision 0020): expected and acknowledged, never lost work. */
  limited?: boolean;
}

const outcomeOf = (status: number): Outcome => (status >= 200 && status < 300 ? 'ok' : status >= 400 && status < 500 && status !== 408 ? 'refused' : 'unknown');
const pick = <T>(items: readonly T[]): T => items[Math.floor(Math.random() * items.length)]!;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A call that may meet a dead gateway: a network failure is an unknown outcome, not an error. */
async function attempt(call: () => Promise<{ status: number }>): Promise<Outcome> {
  try {
    return outcomeOf((await call()).status);
  } catch {
    return 'unknown';
  }
}

/** The refusals of the hoarding limits: 3 open reservations, 72 hours before reserving an item again. */
const LIMIT_CODES = new Set(['RESERVATIONS_LIMIT', 'RESERVE_AGAIN_COOLDOWN']);

/** A reserve, telling a refusal by a member's limit apart from the others. */
async function attemptReserve(call: () => Promise<{ status: number; body: unknown }>): Promise<Pick<Operation, 'outcome' | 'limited'>> {
  try {
    const res = await call();
    const code = (res.body as { code?: string } | null)?.code;
    return { outcome: outcomeOf(res.status), limited: res.status === 409 && LIMIT_CODES.has(code ?? '') };
  } catch {
    return { outcome: 'unknown' };
  }
}

it(`should lose nothing, apply nothing twice and keep every invariant while processes are killed for ${SECONDS} s`, async () => {
  const { stack } = world;
  const members: { client: ApiClient; user: CurrentAccountView; phone: string }[] = [];
  for (let i = 0; i < MEMBERS; i++) {
    const client = new ApiClient(stack.url, stack.url);
    const payload = newMemberPayload();
    const res = await client.call('POST /api/signup', { body: payload });
    expect(res.status).toBe(201);
    members.push({ client, user: res.body, phone: payload.phone as string });
  }
  for (const m of members) await expectBalance(m.client, { points: 10 }, 'welcome');
  const donationIds: number[] = [];
  for (const m of members.slice(0, 4)) {
    for (let i = 0; i < 3; i++) {
      const res = await m.client.call('POST /api/donations', { body: { title: `Objet chaos ${i}`, description: 'Pour le chaos.', categoryId: 8, city: 'Oujda', imageUrl: photo } });
      donationIds.push(res.body.id);
    }
  }

  const operations: Operation[] = [];
  const kills: string[] = [];
  const deadline = Date.now() + SECONDS * 1000;

  const worker = async (m: (typeof members)[number]) => {
    while (Date.now() < deadline) {
      const roll = Math.random();
      if (roll < 0.35) {
        const donationId = pick(donationIds);
        operations.push({ kind: 'reserve', member: m.user.id, donationId, ...(await attemptReserve(() => m.client.call('POST /api/donations/{id}/reserve', { params: { id: donationId } }))) });
      } else if (roll < 0.55) {
        const donationId = pick(donationIds);
        operations.push({ kind: 'confirm', member: m.user.id, donationId, outcome: await attempt(() => m.client.call('POST /api/donations/{id}/confirm', { params: { id: donationId } })) });
      } else if (roll < 0.65) {
        const donationId = pick(donationIds);
        operations.push({ kind: 'cancel', member: m.user.id, donationId, outcome: await attempt(() => m.client.call('POST /api/donations/{id}/cancel', { params: { id: donationId } })) });
      } else if (roll < 0.92) {
        // A transfer is retried with its idempotency key until it has an answer (or 3 tries).
        const to = pick(members.filter((o) => o !== m));
        const key = `chaos-${randomUUID()}`;
        let outcome: Outcome = 'unknown';
        for (let tries = 0; tries < 3 && outcome === 'unknown'; tries++) {
          outcome = await attempt(() => m.client.call('POST /api/transfer-points', { body: { receiverIdentifier: to.phone, points: 1 }, headers: { 'Idempotency-Key': key } }));
          if (outcome === 'unknown') await sleep(300);
        }
        operations.push({ kind: 'transfer', member: m.user.id, key, outcome });
      } else {
        const outcome = await attempt(async () => {
          const res = await m.client.call('POST /api/donations', { body: { title: 'Objet chaos', description: 'Pour le chaos.', categoryId: 8, city: 'Oujda', imageUrl: photo } });
          if (res.status === 201) donationIds.push(res.body.id);
          return res;
        });
        operations.push({ kind: 'publish', member: m.user.id, outcome });
      }
      await sleep(50 + Math.random() * 150);
    }
  };

  const killer = async () => {
    while (Date.now() < deadline - 1500) {
      await sleep(1500 + Math.random() * 1500);
      const victim = pick(VICTIMS);
      kills.push(victim);
      if (victim === 'nats') {
        await world.killNats();
        await sleep(300 + Math.random() * 700);
        await world.startNats();
      } else {
        const child = stack.children.get(victim);
        if (child?.alive) process.kill(child.pid, 'SIGKILL');
        await waitFor(() => !stack.children.get(victim)?.alive, { what: `${victim} gone`, timeoutMs: 5000 });
        await sleep(300 + Math.random() * 700);
        await stack.start(victim);
      }
    }
  };

  await Promise.all([killer(), ...members.map(worker)]);

  // Quiet again: let the outboxes drain, the consumers catch up and the recovery finish.
  await waitFor(
    () =>
      withDatabase(async (db) => {
        const [{ n }] = (
          await db.query(
            `SELECT (SELECT count(*) FROM donations.reservations WHERE state IN ('pending', 'aborting'))
                  + (SELECT count(*) FROM donations.outbox WHERE published_at IS NULL)
                  + (SELECT count(*) FROM points.outbox WHERE published_at IS NULL) AS n`,
          )
        ).rows;
        return Number(n) === 0 && (await invariantViolations(db)).length === 0;
      }, world.databaseUrl),
    { what: 'the system to settle', timeoutMs: 90_000, intervalMs: 500 },
  );

  const report = await withDatabase(async (db) => {
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
      } else if (op.kind === 'reserve' && op.outcome === 'ok') {
        const kept = await count(
          `SELECT count(*) AS n FROM donations.reservations WHERE donation_id = $1 AND reserver_id = $2 AND state IN ('active', 'completed', 'cancelled', 'expired')`,
          [op.donationId, op.member],
        );
        if (kept === 0) lost += 1;
      } else if (op.kind === 'confirm' && op.outcome === 'ok') {
        const given = await count(`SELECT count(*) AS n FROM donations.donations WHERE id = $1 AND status = 'completed'`, [op.donationId]);
        if (given === 0) lost += 1;
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
    const expected = 10 * MEMBERS + rewards.paid - 2 * completed;
    return { lost, duplicated, heldTwice, pending, completed, total, expected, rewards, problems, violations: await invariantViolations(db) };
  }, world.databaseUrl);

  const tally = (kind: Operation['kind']) => {
    const of = operations.filter((o) => o.kind === kind);
    const limited = of.filter((o) => o.limited).length;
    return `${kind} ${of.filter((o) => o.outcome === 'ok').length} ok / ${of.filter((o) => o.outcome === 'refused').length} refused${limited > 0 ? ` (${limited} at a member's limit)` : ''} / ${of.filter((o) => o.outcome === 'unknown').length} unknown`;
  };
  console.log(
    [
      `chaos: ${SECONDS} s, ${MEMBERS} members, ${operations.length} operations, ${kills.length} kills (${VICTIMS.map((v) => `${v} ${kills.filter((k) => k === v).length}`).join(', ')})`,
      ...(['reserve', 'confirm', 'cancel', 'transfer', 'publish'] as const).map(tally),
      `lost ${report.lost}, duplicated ${report.duplicated}, held by two ${report.heldTwice}, left pending ${report.pending}, invariant violations ${report.violations.length}`,
      `points: ${report.total} in the system, ${report.expected} expected (${MEMBERS} × 10 + ${report.rewards.paid} rewarded − ${report.completed} gifts × 2)`,
      `gifts: ${report.rewards.full} paid in full, ${report.rewards.partial} in part (daily cap), ${report.rewards.none} paid nothing (pair rule or daily cap)`,
    ].join('\n'),
  );
  expect(kills.length).toBeGreaterThan(0);
  expect(operations.filter((o) => o.outcome === 'ok').length).toBeGreaterThan(0);
  expect(report).toMatchObject({ lost: 0, duplicated: 0, heldTwice: 0, pending: 0, problems: [], violations: [] });
  expect(report.total).toBe(report.expected);
}, (SECONDS + 240) * 1000);
