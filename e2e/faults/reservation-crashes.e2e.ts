import { readFileSync } from 'node:fs';
import path from 'node:path';
import { jest } from '@jest/globals';
import { waitFor } from '@hdiya/testing';
import { ApiClient, newMemberPayload } from '../support/api-client.js';
import { balanceOf, completeGift, expectBalance, expectInvariantsHold, withDatabase } from '../support/members.js';
import { dataUrl, jpegWithGps } from '../support/images.js';
import { isAlive, ROOT, withPrivateStack, type PrivateStack, type Stack } from '../support/private-stack.js';

// Kills a service (or NATS) in the middle of a reservation, restarts it, and checks docs/product.md#points-invariants
// invariants for every member. The stack here is private (its own database, NATS and ports):
// killing processes must not disturb the other end-to-end suites.

// A test restarts up to five processes; on a busy 2-core machine each start can take 10 to 20 s.
jest.setTimeout(180_000);

let privateStack: PrivateStack;
let stack: Stack;
let DB_URL: string;
let photo: string;
const options = {
  envFor: {
    gateway: { RATE_SIGNUPS_PER_ADDRESS: '100000', RESERVE_TIMEOUT_MS: '8000' },
    donations: { RESERVATION_JOBS_INTERVAL_MS: '300', RESERVATION_RECOVERY_AFTER_MS: '1500' },
    points: {},
  } as Record<string, Record<string, string>>,
};

/** Restarts a service with a crash point armed (or disarmed with `null`), and pause points if given. */
async function restartWith(service: string, crashAt: string | null, pauseAt?: string): Promise<void> {
  await stack.kill(service);
  if (crashAt) options.envFor[service]!.HDIYA_CRASH_AT = crashAt;
  else delete options.envFor[service]!.HDIYA_CRASH_AT;
  if (pauseAt) options.envFor[service]!.HDIYA_PAUSE_AT = pauseAt;
  else delete options.envFor[service]!.HDIYA_PAUSE_AT;
  await stack.start(service);
}

/** True while the process is stopped by SIGSTOP (state T in /proc). */
function isPaused(pid: number): boolean {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  return stat.slice(stat.lastIndexOf(')') + 2).startsWith('T');
}

async function member(client = new ApiClient(stack.url, stack.url)) {
  const payload = newMemberPayload();
  const res = await client.call('POST /api/signup', { body: payload });
  if (res.status !== 201) throw new Error(`signup ${res.status}`);
  await expectBalance(client, { points: 10 }, 'welcome');
  return { client, user: res.body };
}

async function publishedDonation() {
  const donor = await member();
  const res = await donor.client.call('POST /api/donations', { body: {
    title: 'Radio', description: 'Radio ancienne qui fonctionne.', categoryId: 6, city: 'Oujda', imageUrl: photo,
  } });
  return { donor, donationId: res.body.id };
}

const donationStatus = async (id: number) => (await new ApiClient(stack.url).call('GET /api/donations/{id}', { params: { id } })).body.status;

const expectConsistent = () => expectInvariantsHold(DB_URL);

/** Who a donation was offered to from its waiting list, in order (one WaitlistOffered each). */
const offersMade = (donationId: number): Promise<string[]> =>
  withDatabase(async (db) => {
    const rows = await db.query(
      `SELECT envelope->'payload'->>'memberId' AS member FROM donations.outbox
       WHERE envelope->>'type' = 'WaitlistOffered' AND (envelope->'payload'->>'donationId')::int = $1 ORDER BY position`,
      [donationId],
    );
    return rows.rows.map((r: { member: string }) => r.member);
  }, DB_URL);

/** The item available again and its reserver's hold refunded, the books consistent. */
async function expectGivenBackAndRefunded(donationId: number, reserver: ApiClient): Promise<void> {
  await waitFor(async () => (await donationStatus(donationId)) === 'available', { what: 'item given back', timeoutMs: 20_000 });
  await expectBalance(reserver, { points: 10, blockedPoints: 0 }, 'refund');
  await expectConsistent();
}

/** A reservation during which `service` dies at `crashAt` answers 503; once the service is back, it is undone. */
async function expectReservationUndoneAfterCrash(service: string, crashAt: string): Promise<void> {
  const { donationId } = await publishedDonation();
  const reserver = await member();
  await restartWith(service, crashAt);
  expect((await reserver.client.call('POST /api/donations/{id}/reserve', { params: { id: donationId } })).status).toBe(503);
  await restartWith(service, null);
  await expectGivenBackAndRefunded(donationId, reserver.client);
}

/** A published donation reserved by one member (the holder), with another (the waiter) in line. */
async function reservedWithOneInLine() {
  const { donationId } = await publishedDonation();
  const [holder, waiter] = [await member(), await member()];
  expect((await holder.client.call('POST /api/donations/{id}/reserve', { params: { id: donationId } })).status).toBe(200);
  expect((await waiter.client.call('POST /api/donations/{id}/waitlist', { params: { id: donationId } })).status).toBe(200);
  return { donationId, holder, waiter };
}

// startStack reads envFor at each (re)start: restartWith arms crash points in it.
withPrivateStack('fault', options.envFor, async (started) => {
  privateStack = started;
  stack = started.stack;
  DB_URL = started.databaseUrl;
  photo = dataUrl(await jpegWithGps(200, 150));
});

describe('crash safety of a reservation', () => {
  it('should give the item back when the donations service dies after claiming it, before the hold', async () => {
    const { donationId } = await publishedDonation();
    const reserver = await member();
    await restartWith('donations', 'donations.reserve.after-claim');
    const answer = await reserver.client.call('POST /api/donations/{id}/reserve', { params: { id: donationId } });
    expect(answer.status).toBe(503);
    await restartWith('donations', null);
    await waitFor(async () => (await donationStatus(donationId)) === 'available', { what: 'item given back', timeoutMs: 20_000 });
    expect(await balanceOf(reserver.client)).toMatchObject({ points: 10, blockedPoints: 0 });
    await expectConsistent();
  });

  it('should refund the hold when the donations service dies after the hold, before activating', () =>
    expectReservationUndoneAfterCrash('donations', 'donations.reserve.after-hold'));

  it('should undo a hold whose reply was lost when the points service died after committing it', () =>
    expectReservationUndoneAfterCrash('points', 'points.hold.after-commit'));

  it('should still pay the donor when NATS dies right after a confirmation', async () => {
    const { donor, donationId } = await publishedDonation();
    const reserver = await member();
    expect((await reserver.client.call('POST /api/donations/{id}/reserve', { params: { id: donationId } })).status).toBe(200);
    expect((await reserver.client.call('POST /api/donations/{id}/confirm', { params: { id: donationId } })).status).toBe(200);
    await privateStack.killNats();
    await new Promise((resolve) => setTimeout(resolve, 1000));
    await privateStack.startNats();
    await expectBalance(donor.client, { points: 20 }, 'donor +5 +5 (given) after the broker came back');
    await expectBalance(reserver.client, { points: 8, blockedPoints: 0 }, 'hold captured');
    await expectConsistent();
  });

  it('should not end reserved without its hold when the reserving replica pauses past the recovery delay', async () => {
    const { donationId } = await publishedDonation();
    const reserver = await member();
    // Two replicas, each freezing right after taking a hold and right after a recovery released
    // one: whichever serves the reservation (R) freezes after the hold; the other one's recovery
    // (O) releases that hold and freezes before giving the item back. Then R wakes up.
    const pauseAt = 'donations.reserve.after-hold,donations.abandon.after-release';
    await restartWith('donations', null, pauseAt);
    // The second replica shares the first one's settings but not its metrics port.
    const { METRICS_PORT: _taken, ...settings } = stack.env('donations');
    const other = stack.supervisor.spawn('donations-2', {
      file: path.join('dist', 'main.js'),
      cwd: path.join(ROOT, 'services', 'donations'),
      env: { ...settings, HDIYA_PAUSE_AT: pauseAt },
    });
    const pids = [stack.children.get('donations')!.pid, other.pid];
    await waitFor(async () => (await new ApiClient(stack.url).call('GET /api/donations/{id}', { params: { id: donationId } })).status === 200, { what: 'donations answering' });
    try {
      const answer = reserver.client.call('POST /api/donations/{id}/reserve', { params: { id: donationId } });
      const reserving = await waitFor(() => pids.find(isPaused), { what: 'a replica paused after the hold', timeoutMs: 10_000 });
      const recovering = pids.find((pid) => pid !== reserving)!;
      await waitFor(() => isPaused(recovering), { what: 'the other replica paused after releasing the hold', timeoutMs: 15_000 });
      process.kill(reserving, 'SIGCONT');
      // The late activation must find the reservation locked out: not reserved, points back.
      expect((await answer).status).toBe(503);
    } finally {
      // Either may have frozen again in a later recovery pass: a crash there is safe, end both.
      await stack.supervisor.kill('donations-2', 'SIGKILL');
      await stack.kill('donations', 'SIGKILL');
    }
    await restartWith('donations', null);
    await expectGivenBackAndRefunded(donationId, reserver.client);
  });

  it('should offer a freed item to the next in line exactly once when the donations service dies while offering it', async () => {
    const { donationId, holder, waiter } = await reservedWithOneInLine();
    // Dies inside the cancel's transaction, the offer written but not committed.
    await restartWith('donations', 'donations.waitlist.after-offer');
    expect((await holder.client.call('POST /api/donations/{id}/cancel', { params: { id: donationId } })).status).toBeGreaterThanOrEqual(500);
    await restartWith('donations', null);
    expect(await offersMade(donationId)).toEqual([]);
    expect(await donationStatus(donationId)).toBe('reserved');
    // Nothing half-done: the cancel is simply not applied, and applies once when tried again.
    expect((await holder.client.call('POST /api/donations/{id}/cancel', { params: { id: donationId } })).status).toBe(200);
    expect(await offersMade(donationId)).toEqual([waiter.user.id]);
    await expectBalance(holder.client, { points: 10, blockedPoints: 0 }, 'hold refunded');
    await expectConsistent();
  });

  it('should offer an expired reservation’s item once when the expiry job is killed mid-way and runs again', async () => {
    const { donationId, waiter } = await reservedWithOneInLine();
    await restartWith('donations', 'donations.waitlist.after-offer');
    const pid = stack.children.get('donations')!.pid;
    // Ten days pass: the next run of the job (every 300 ms here) expires it and dies offering it.
    await withDatabase(async (db) => {
      await db.query(`UPDATE donations.donations SET auto_expire_at = now() - interval '1 minute' WHERE id = $1`, [donationId]);
    }, DB_URL);
    await waitFor(() => !isAlive(pid), { what: 'the donations service killed in the expiry job', timeoutMs: 10_000 });
    expect(await offersMade(donationId)).toEqual([]);
    await restartWith('donations', null);
    await waitFor(async () => (await offersMade(donationId)).length > 0, { what: 'the offer after restart', timeoutMs: 10_000 });
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(await offersMade(donationId)).toEqual([waiter.user.id]);
    await expectConsistent();
  });

  it('should keep an offer its member’s when accepting it dies after the hold, and let them accept again', async () => {
    const { donationId, holder, waiter } = await reservedWithOneInLine();
    expect((await holder.client.call('POST /api/donations/{id}/cancel', { params: { id: donationId } })).status).toBe(200);
    await restartWith('donations', 'donations.reserve.after-hold');
    expect((await waiter.client.call('POST /api/donations/{id}/reserve', { params: { id: donationId } })).status).toBe(503);
    await restartWith('donations', null);
    // Recovery refunds the hold and gives the item back to the offer, not to everyone.
    await expectBalance(waiter.client, { points: 10, blockedPoints: 0 }, 'refund');
    await waitFor(
      async () => (await waiter.client.call('GET /api/donations/{id}/waitlist', { params: { id: donationId } })).body.me?.state === 'offered',
      { what: 'the offer back', timeoutMs: 20_000 },
    );
    expect((await (await member()).client.call('POST /api/donations/{id}/reserve', { params: { id: donationId } })).status).toBe(409);
    expect((await waiter.client.call('POST /api/donations/{id}/reserve', { params: { id: donationId } })).status).toBe(200);
    await expectBalance(waiter.client, { points: 8, blockedPoints: 2 }, 'accepted');
    expect(await offersMade(donationId)).toEqual([waiter.user.id]);
    await expectConsistent();
  });

  it('should stop every process within 10 s when told to, with exit code 0, and start again', async () => {
    for (const name of ['users', 'points', 'donations', 'messaging', 'gateway']) {
      const begun = Date.now();
      const result = (await stack.kill(name, 'SIGTERM')) as { code: number | null; signal: string | null };
      expect({ name, code: result.code, withinDeadline: Date.now() - begun < 10_000 }).toEqual({ name, code: 0, withinDeadline: true });
      await stack.start(name);
    }
    await expectConsistent();
  });

  it('should finish a reservation in flight when the donations service is told to stop in the middle of it', async () => {
    await restartWith('donations', null, 'donations.reserve.after-claim');
    // Published after the restart: the new process has its connections open before the reserve.
    const { donationId } = await publishedDonation();
    const reserver = await member();
    const pid = stack.children.get('donations')!.pid;
    const answer = reserver.client.call('POST /api/donations/{id}/reserve', { params: { id: donationId } });
    await waitFor(() => isPaused(pid), { what: 'donations paused after claiming the item', timeoutMs: 10_000 });
    // Told to stop while frozen mid-request: it must still take the hold and answer.
    process.kill(pid, 'SIGTERM');
    process.kill(pid, 'SIGCONT');
    expect((await answer).status).toBe(200);
    await waitFor(() => !isAlive(pid), { what: 'donations gone after finishing', timeoutMs: 10_000 });
    await restartWith('donations', null);
    await expectBalance(reserver.client, { points: 8, blockedPoints: 2 }, 'the reservation that was in flight');
    await expectConsistent();
  });

  it('should answer a request in flight at the gateway before the gateway stops', async () => {
    await restartWith('donations', null, 'donations.reserve.after-claim');
    // Published after the restart: on a busy machine a cold first request took most of the
    // gateway's 8 s reserve timeout before reaching the pause point.
    const { donationId } = await publishedDonation();
    const reserver = await member();
    const donationsPid = stack.children.get('donations')!.pid;
    const gateway = stack.children.get('gateway')!;
    const gatewayPid = gateway.pid;
    let gatewayStopping = false;
    try {
      const answer = reserver.client.call('POST /api/donations/{id}/reserve', { params: { id: donationId } });
      await waitFor(() => isPaused(donationsPid), { what: 'donations paused after claiming the item', timeoutMs: 10_000 });
      process.kill(gatewayPid, 'SIGTERM');
      gatewayStopping = true;
      await new Promise((resolve) => setTimeout(resolve, 500));
      // Still there: it waits for the request it is serving (and takes no new one).
      expect(isAlive(gatewayPid)).toBe(true);
      process.kill(donationsPid, 'SIGCONT');
      expect((await answer).status).toBe(200);
      await waitFor(() => !isAlive(gatewayPid), { what: 'the gateway gone after answering', timeoutMs: 10_000 });
      // Stopped, not killed by its deadline: the client's keep-alive connection closed with the answer.
      expect((await gateway.exited).code).toBe(0);
    } finally {
      // Whatever failed above, the next tests find a whole stack (a stopping gateway is gone within 10 s).
      if (isAlive(donationsPid)) process.kill(donationsPid, 'SIGCONT');
      if (gatewayStopping) {
        await waitFor(() => !isAlive(gatewayPid), { what: 'the gateway gone', timeoutMs: 15_000 });
        await stack.start('gateway');
      }
    }
    await restartWith('donations', null);
    await expectConsistent();
  });

  it('should restart a crashed service with growing delays instead of stopping the product (npm start)', async () => {
    const { restartWithBackoff } = await import(path.join(ROOT, 'deploy/local/stack.mjs'));
    const delays: { name: string; delay: number }[] = [];
    stack.onExit = restartWithBackoff(() => stack, { log: () => undefined, initialMs: 200, delays });
    try {
      for (const round of [1, 2]) {
        const pid = stack.children.get('points')!.pid;
        process.kill(pid, 'SIGKILL');
        await waitFor(() => stack.children.get('points')!.pid !== pid && stack.children.get('points')!.alive, {
          what: `points restarted (crash ${round})`,
          timeoutMs: 20_000,
        });
        await new Promise((resolve) => setTimeout(resolve, 2000));
      }
      expect(delays.filter((d) => d.name === 'points')).toEqual([
        { name: 'points', delay: 200 },
        { name: 'points', delay: 400 },
      ]);
      // Back for real: a transfer needs the points service (from a member who received an item:
      // welcome points alone may not be transferred, decision 0019).
      const [from, to] = [await member(), await member()];
      await completeGift(to.client, from.client);
      expect((await from.client.call('POST /api/transfer-points', { body: { receiverIdentifier: to.user.phone, points: 1 } })).status).toBe(201);
    } finally {
      stack.onExit = undefined;
    }
  });

  it('should apply every event exactly once', async () => {
    await withDatabase(async (db) => {
      const duplicates = await db.query(
        `SELECT reference, reason, count(*) FROM points.ledger_entries WHERE reference IS NOT NULL GROUP BY 1, 2 HAVING count(*) > 1`,
      );
      expect(duplicates.rows).toEqual([]);
      const welcome = await db.query(`SELECT user_id FROM points.ledger_entries WHERE reason = 'welcome' GROUP BY 1 HAVING count(*) > 1`);
      expect(welcome.rows).toEqual([]);
    }, DB_URL);
  });
});
