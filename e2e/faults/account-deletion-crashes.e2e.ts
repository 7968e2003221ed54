import { jest } from '@jest/globals';
import { waitFor } from '@hdiya/testing';
import { ApiClient, newMemberPayload } from '../support/api-client.js';
import { canonicalPhone, columnsNaming } from '../support/erasure.js';
import { dataUrl, jpegWithGps } from '../support/images.js';
import { expectBalance, expectInvariantsHold, withDatabase } from '../support/members.js';
import { isAlive, withPrivateStack, type Stack } from '../support/private-stack.js';

// A deletion killed midway (SIGKILL of a service at a crash point inside its step) completes once
// the service is back, and never half (docs/product.md#deleting-ones-account, decision 0074): the
// users service's step is one transaction (killed before its commit, nothing happened and the
// member may try again); each other service's step is its event's inbox transaction, delivered
// again after the restart. The stack is private: killing processes must not disturb other suites.

// Each case restarts a service twice; on a busy 2-core machine each start can take 10 to 20 s.
jest.setTimeout(240_000);

let stack: Stack;
let DB_URL: string;
let photo: string;
const options = { envFor: { gateway: { RATE_SIGNUPS_PER_ADDRESS: '100000' }, donations: {}, points: {}, messaging: {}, users: {} } as Record<string, Record<string, string>> };

withPrivateStack('deletion_fault', options.envFor, async (started) => {
  stack = started.stack;
  DB_URL = started.databaseUrl;
  photo = dataUrl(await jpegWithGps(200, 150));
});

async function restartWith(service: string, crashAt: string | null): Promise<void> {
  await stack.kill(service);
  if (crashAt) options.envFor[service]!.HDIYA_CRASH_AT = crashAt;
  else delete options.envFor[service]!.HDIYA_CRASH_AT;
  await stack.start(service);
}

async function member() {
  const client = new ApiClient(stack.url, stack.url);
  const payload = newMemberPayload();
  const res = await client.call('POST /api/signup', { body: payload });
  if (res.status !== 201) throw new Error(`signup ${res.status}`);
  await expectBalance(client, { points: 10 }, 'welcome');
  return { client, payload, user: res.body };
}

/** A member about to leave, holding a reservation of another's item and a conversation with them. */
async function leaverWithAGiftInProgress() {
  const [leaver, friend] = [await member(), await member()];
  const item = await friend.client.call('POST /api/donations', {
    body: { title: 'Radio', description: 'Radio ancienne qui fonctionne.', categoryId: 6, city: 'Oujda', imageUrl: photo },
  });
  expect((await leaver.client.call('POST /api/donations/{id}/reserve', { params: { id: item.body.id } })).status).toBe(200);
  expect((await leaver.client.call('POST /api/messages', { body: { content: 'Je passe ce soir', receiverId: friend.user.id } })).status).toBe(201);
  return { leaver, friend, itemId: item.body.id };
}

const deleteAccount = (m: Awaited<ReturnType<typeof member>>) =>
  m.client.call('DELETE /api/auth/user', { body: { currentPassword: m.payload.password, cancelGiftsInProgress: true } });

/** Everything a deletion does, done: the item free again, nothing naming the member, the points consistent. */
async function expectDeletionComplete({ leaver, itemId }: Awaited<ReturnType<typeof leaverWithAGiftInProgress>>): Promise<void> {
  await waitFor(async () => ((await new ApiClient(stack.url).call('GET /api/donations/{id}', { params: { id: itemId } })).body.status === 'available' ? true : undefined), {
    what: 'the item free again',
    timeoutMs: 30_000,
  });
  const needles = [leaver.user.id, leaver.payload.email, canonicalPhone(leaver.payload.phone)];
  await waitFor(async () => ((await withDatabase((db) => columnsNaming(db, needles), DB_URL)).length === 0 ? true : undefined), { what: 'no row naming the member', timeoutMs: 40_000 }).catch(
    async () => {
      throw new Error(`still naming the member: ${(await withDatabase((db) => columnsNaming(db, needles), DB_URL)).join(', ')}`);
    },
  );
  await expectInvariantsHold(DB_URL);
  const left = await withDatabase(async (db) => (await db.query(`SELECT count(*)::int AS n FROM points.ledger_entries WHERE reason = 'account_deleted' AND amount = -10`)).rows[0].n as number, DB_URL);
  expect(left).toBeGreaterThanOrEqual(1);
  expect((await new ApiClient(stack.url, stack.url).call('POST /api/login', { body: { username: leaver.payload.username, password: leaver.payload.password } })).status).toBe(401);
}

describe('crash safety of an account deletion', () => {
  it('should change nothing when the users service dies before its commit, and delete when asked again', async () => {
    const world = await leaverWithAGiftInProgress();
    await restartWith('users', 'users.delete-account.before-commit');
    const pid = stack.children.get('users')!.pid;
    expect((await deleteAccount(world.leaver)).status).toBeGreaterThanOrEqual(500);
    await waitFor(() => !isAlive(pid), { what: 'the users service killed' });
    await restartWith('users', null);
    expect((await world.leaver.client.call('GET /api/auth/user')).status).toBe(200);
    expect((await deleteAccount(world.leaver)).status).toBe(200);
    await expectDeletionComplete(world);
  });

  for (const [service, crashAt] of [
    ['donations', 'donations.member-deleted.after-release'],
    ['messaging', 'messaging.member-deleted.after-photos'],
    ['points', 'points.member-deleted.after-entry'],
  ] as const) {
    it(`should finish the deletion when the ${service} service dies in its step (${crashAt}) and comes back`, async () => {
      const world = await leaverWithAGiftInProgress();
      await restartWith(service, crashAt);
      const pid = stack.children.get(service)!.pid;
      expect((await deleteAccount(world.leaver)).status).toBe(200);
      await waitFor(() => !isAlive(pid), { what: `the ${service} service killed at ${crashAt}`, timeoutMs: 30_000 });
      await restartWith(service, null);
      await expectDeletionComplete(world);
    });
  }
});
