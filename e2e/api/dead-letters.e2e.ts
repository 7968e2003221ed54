import { randomUUID } from 'node:crypto';
import { connect } from '@nats-io/transport-node';
import { jetstream } from '@nats-io/jetstream';
import { eventSubject } from '@hdiya/contracts';
import { waitFor } from '@hdiya/testing';
import { signedInAdmin } from '../support/admin.js';
import { ApiClient, asRefusal, signedUpMember } from '../support/api-client.js';

// Issue 22, item 3: an event a service's consumers cannot handle is set aside in the DEAD_LETTERS
// stream instead of being retried forever, the consumers go on with the next ones, and the
// administrators (only them, checked on the server) see it with its error.

const natsUrl = process.env.HDIYA_E2E_NATS_URL!;
const passwords = JSON.parse(process.env.HDIYA_E2E_NATS_PASSWORDS ?? '{}') as Record<string, string>;
const metricsPorts = JSON.parse(process.env.HDIYA_E2E_METRICS_PORTS ?? '{}') as Record<string, number>;

/** A NATS connection holding one process's credentials, as that process's pod would. */
function as(user: string) {
  return connect({ servers: natsUrl, user, pass: passwords[user], inboxPrefix: `_INBOX_${user}` });
}

/** Publishes on the users service's own subjects with its own broker credentials, as a buggy release of it would. */
async function publishAsUsersService(subject: string, body: unknown): Promise<void> {
  const nc = await as('users');
  try {
    await jetstream(nc).publish(subject, JSON.stringify(body));
  } finally {
    await nc.close();
  }
}

/** Whether the broker refuses `user` a JetStream publish on `subject` (a permissions violation, or no answer). */
async function refusedPublish(user: string, subject: string): Promise<boolean> {
  const nc = await as(user);
  try {
    await jetstream(nc).publish(subject, '{}', { timeout: 2000 });
    return false;
  } catch {
    return true;
  } finally {
    await nc.close();
  }
}

describe('GET /api/admin/dead-letters', () => {
  it('should refuse visitors and members', async () => {
    expect((await new ApiClient().call('GET /api/admin/dead-letters')).status).toBe(401);
    const member = await signedUpMember();
    const refused = asRefusal(await member.client.call('GET /api/admin/dead-letters'));
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe('ADMIN_ONLY');
  });

  it("should list an event its consumers' schema refused, with its error, while they go on with the next", async () => {
    const id = randomUUID();
    await publishAsUsersService(eventSubject('users.UserUpdated.v1'), {
      id,
      type: 'UserUpdated',
      version: 1,
      occurredAt: new Date().toISOString(),
      payload: { userId: 42, username: null },
    });
    // The events behind it are handled: a member registering after it gets the welcome points.
    const member = await signedUpMember();
    await waitFor(async () => (await member.client.call('GET /api/auth/user')).body.points === 10, { what: 'welcome points' });

    const admin = await signedInAdmin();
    // One durable per users event each service acts on (decision 0076): those of UserUpdated.v1.
    const consumers = ['donations-members-user-updated-v1', 'messaging-users-user-updated-v1', 'points-users-user-updated-v1'];
    const letters = await waitFor(
      async () => {
        const listed = await admin.client.call('GET /api/admin/dead-letters');
        expect(listed.status).toBe(200);
        const ours = listed.body.deadLetters.filter((letter) => letter.event?.id === id);
        return ours.length === consumers.length ? ours : undefined;
      },
      { what: 'the dead letters of every consumer of the users events', timeoutMs: 20_000 },
    );
    expect(letters.map((letter) => letter.consumer).sort()).toEqual(consumers);
    for (const letter of letters) {
      expect(letter).toMatchObject({ reason: 'invalid', subject: 'events.users.UserUpdated.v1', attempts: 1, event: { payload: { userId: 42 } } });
      expect(letter.error).toMatch(/users\.UserUpdated\.v1.*userId/);
    }
    const metrics = await (await fetch(`http://127.0.0.1:${metricsPorts.points}/metrics`)).text();
    expect(metrics).toMatch(/^hdiya_events_dead_lettered_total\{[^}]*consumer="points-users-user-updated-v1"[^}]*reason="invalid"[^}]*\} [1-9]/m);

    // Every other event the suite has produced so far passed its schema: the schemas refuse
    // nothing the services emit.
    const listed = await admin.client.call('GET /api/admin/dead-letters');
    expect(listed.body.deadLetters.filter((letter) => letter.event?.id !== id)).toEqual([]);
  });

  it('should let a service file dead letters only for its own consumers, and the gateway only read them', async () => {
    expect(await refusedPublish('points', 'deadletter.donations-members-user-updated-v1')).toBe(true);
    expect(await refusedPublish('users', 'deadletter.points-users-user-updated-v1')).toBe(true);
    expect(await refusedPublish('gateway', 'deadletter.points-users-user-updated-v1')).toBe(true);
  });
});
