import pg from 'pg';
import { adminDatabaseUrl, waitFor } from '@hdiya/testing';
import type { DonationView, NotificationView } from '@hdiya/contracts';
import { signedUpMember, type ApiClient } from './api-client.js';
import { dataUrl, jpegWithGps } from './images.js';
import { linkIn, mailApiUrl, tokenOf, waitForMails } from './mailbox.js';

export interface Balance {
  points: number | null;
  blockedPoints: number | null;
  reliabilityScore: number | null;
}

export async function balanceOf(client: ApiClient): Promise<Balance> {
  const { points, blockedPoints, reliabilityScore } = (await client.call('GET /api/auth/user')).body;
  return { points, blockedPoints, reliabilityScore };
}

/** Waits until the member's balance reads as expected (points follow events, a moment later). */
export async function expectBalance(client: ApiClient, expected: Partial<Balance>, what = 'balance'): Promise<void> {
  await waitFor(
    async () => {
      const balance = await balanceOf(client);
      return Object.entries(expected).every(([k, v]) => balance[k as keyof Balance] === v) ? balance : false;
    },
    { what: `${what} ${JSON.stringify(expected)}`, timeoutMs: 15_000 },
  );
}

/** A new member whose welcome 10 points have arrived (they follow the signup's event). */
export async function welcomedMember(): Promise<Awaited<ReturnType<typeof signedUpMember>>> {
  const m = await signedUpMember();
  await expectBalance(m.client, { points: 10 }, 'welcome');
  return m;
}

/**
 * The member opens the verification link mailed at sign-up, as they would from their inbox, and
 * this waits until the donations service has heard of it (`EmailVerified`): asking in a request
 * window needs a verified address (issue 45). `apiUrl` and `databaseUrl`: a private stack's.
 */
export async function verifyAddress(
  member: { client: ApiClient; user: { id: string; email: string } },
  { apiUrl = mailApiUrl(), databaseUrl = adminDatabaseUrl() }: { apiUrl?: string; databaseUrl?: string } = {},
): Promise<void> {
  const [mail] = await waitForMails(member.user.email, { match: (m) => m.text.includes('/verify-email?lang='), apiUrl });
  const verified = await member.client.call('POST /api/verify-email', { body: { token: tokenOf(linkIn(mail!, '/verify-email')) } });
  if (verified.status !== 200) throw new Error(`verification failed: ${verified.status} ${JSON.stringify(verified.body)}`);
  await waitFor(
    () =>
      withDatabase(
        async (db) => (await db.query(`SELECT 1 FROM donations.member_standing WHERE user_id = $1 AND email_verified_at IS NOT NULL`, [member.user.id])).rowCount === 1,
        databaseUrl,
      ),
    { what: `the donations service hearing that ${member.user.email} is verified`, timeoutMs: 15_000 },
  );
}

/** A new member who may ask: their welcome points have arrived and their address is verified. */
export async function askingMember(): Promise<Awaited<ReturnType<typeof signedUpMember>>> {
  const m = await welcomedMember();
  await verifyAddress(m);
  return m;
}

/** Waits for the member's notification of that kind about that donation. */
export async function notificationAbout(client: ApiClient, kind: NotificationView['kind'], donationId: number): Promise<NotificationView> {
  return waitFor(
    async () => (await client.call('GET /api/notifications')).body.find((n) => n.kind === kind && 'donationId' in n.params && n.params.donationId === donationId) ?? false,
    { what: `a ${kind} notification`, timeoutMs: 15_000 },
  );
}

let photo: string | undefined;

/**
 * Publishes a donation as this member. No points come with it: the +5 is paid when the item is
 * given (docs/decisions/0012-publishing-reward-on-gift.md).
 */
export async function publish(client: ApiClient, title = 'Lampe de bureau'): Promise<DonationView> {
  photo ??= dataUrl(await jpegWithGps(320, 240));
  const res = await client.call('POST /api/donations', {
    body: { title, description: 'À récupérer en soirée.', categoryId: 8, city: 'Kénitra', imageUrl: photo },
  });
  if (res.status !== 201) throw new Error(`publish failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

/**
 * One gift through the API: the donor publishes, the reserver reserves and confirms reception (or
 * the donor types the reserver's handover code), and the rewards have landed. Welcome points may be transferred only after a member has given or
 * received once (docs/decisions/0019-points-economy-against-pairs.md): tests that transfer use it.
 * Waits until the reserver's hold is captured: the donor's rewards land in the same transaction.
 */
export async function completeGift(
  donor: ApiClient,
  reserver: ApiClient,
  title = 'Livre de cuisine',
  how: 'by the reserver' | 'with the code' = 'by the reserver',
): Promise<{ id: number; title: string }> {
  const donation = await publish(donor, title);
  // The reserve holds the reserver's points: a member just signed up has none until their account
  // opens with the welcome points, which follow the signup's event (a publish usually outlasts it).
  await waitFor(async () => (await reserver.call('GET /api/auth/user')).body.pointsPending === false, { what: "the reserver's points account", timeoutMs: 15_000 });
  const reserved = await reserver.call('POST /api/donations/{id}/reserve', { params: { id: donation.id } });
  if (reserved.status !== 200) throw new Error(`reserve failed: ${reserved.status} ${JSON.stringify(reserved.body)}`);
  // With the code, the donor types what the reserver shows: the handover that counts in levels (decision 0056).
  const code = how === 'with the code' ? ((await reserver.call('GET /api/donations/{id}/handover', { params: { id: donation.id } })).body as { code: string }).code : null;
  const confirmed =
    code === null
      ? await reserver.call('POST /api/donations/{id}/confirm', { params: { id: donation.id } })
      : await donor.call('POST /api/donations/{id}/handover', { params: { id: donation.id }, body: { code } });
  if (confirmed.status !== 200) throw new Error(`confirm failed: ${confirmed.status} ${JSON.stringify(confirmed.body)}`);
  await expectBalance(reserver, { blockedPoints: 0 }, 'the gift settled');
  return donation;
}

/** Superuser access to the test database, for invariant checks across schemas. */
export async function withDatabase<T>(work: (db: pg.Client) => Promise<T>, url = adminDatabaseUrl()): Promise<T> {
  const db = new pg.Client({ connectionString: url });
  await db.connect();
  try {
    return await work(db);
  } finally {
    await db.end();
  }
}

/**
 * The invariants of docs/product.md#points-invariants, for every member: available = sum of ledger entries, blocked = sum of
 * open holds, nothing negative; and across services: no reserved donation without a hold, no
 * open hold without a live reservation. Returns the violations (empty when all hold).
 */
export async function invariantViolations(db: pg.Client): Promise<string[]> {
  const checks: [string, string][] = [
    [
      'available differs from the ledger',
      `SELECT b.user_id FROM points.balances b LEFT JOIN (SELECT user_id, sum(amount) s FROM points.ledger_entries GROUP BY user_id) l
       ON l.user_id = b.user_id WHERE b.points <> COALESCE(l.s, 0)`,
    ],
    [
      'blocked differs from open holds',
      `SELECT b.user_id FROM points.balances b LEFT JOIN (SELECT user_id, sum(amount) s FROM points.holds WHERE state = 'open' GROUP BY user_id) h
       ON h.user_id = b.user_id WHERE b.blocked_points <> COALESCE(h.s, 0)`,
    ],
    ['negative amount', `SELECT user_id FROM points.balances WHERE points < 0 OR blocked_points < 0`],
    [
      'reserved donation without a hold',
      `SELECT d.id FROM donations.donations d JOIN donations.reservations r ON r.id = d.reservation_id
       LEFT JOIN points.holds h ON h.reservation_id = r.id
       WHERE d.status = 'reserved' AND r.state = 'active' AND (h.state IS NULL OR h.state <> 'open')`,
    ],
    [
      'open hold without a live reservation',
      `SELECT h.reservation_id FROM points.holds h LEFT JOIN donations.reservations r ON r.id = h.reservation_id
       WHERE h.state = 'open' AND (r.state IS NULL OR r.state NOT IN ('active', 'pending'))`,
    ],
    ['reservation left pending or aborting', `SELECT id FROM donations.reservations WHERE state IN ('pending', 'aborting')`],
  ];
  const violations: string[] = [];
  for (const [what, sql] of checks) {
    const { rows } = await db.query(sql);
    if (rows.length > 0) violations.push(`${what}: ${JSON.stringify(rows.slice(0, 3))}`);
  }
  return violations;
}

/** Waits until every invariant holds (events may still be in flight), else fails naming the violations. */
export async function expectInvariantsHold(url = adminDatabaseUrl(), timeoutMs = 20_000): Promise<void> {
  await waitFor(async () => (await withDatabase(invariantViolations, url)).length === 0, { what: 'invariants', timeoutMs }).catch(async () => {
    throw new Error(`invariants violated: ${(await withDatabase(invariantViolations, url)).join('; ')}`);
  });
}
