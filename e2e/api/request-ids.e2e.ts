import { randomUUID } from 'node:crypto';
import { waitFor } from '@hdiya/testing';
import { signedUpMember } from '../support/api-client.js';
import { expectBalance, publish, withDatabase } from '../support/members.js';

// A request id given at the gateway (X-Request-Id) travels in NATS headers to the service that
// answers and in the envelopes of the events it causes, to the services that consume them: the
// reservation's event and the notification messaging writes from it carry the caller's id.

it('should answer with a request id, the caller’s when acceptable, else a new one', async () => {
  const member = await signedUpMember();
  const given = `e2e-${randomUUID()}`;
  expect((await member.client.call('GET /api/auth/user', { headers: { 'x-request-id': given } })).headers.get('x-request-id')).toBe(given);
  const made = (await member.client.call('GET /api/auth/user', { headers: { 'x-request-id': 'bad id\twith tabs' } })).headers.get('x-request-id');
  expect(made).toMatch(/^[0-9a-f-]{36}$/);
});

it('should carry the id from the reserve request into the donations event and the notification it causes', async () => {
  const donor = await signedUpMember();
  const taker = await signedUpMember();
  await expectBalance(taker.client, { points: 10 }, 'welcome');
  const item = await publish(donor.client, 'Pendule pour les identifiants');
  const requestId = `e2e-${randomUUID()}`;
  expect((await taker.client.call('POST /api/donations/{id}/reserve', { params: { id: item.id }, headers: { 'x-request-id': requestId } })).status).toBe(200);

  const carried = (sql: string) =>
    withDatabase(async (db) => (await db.query(sql, [requestId, item.id])).rows.map((r: { type: string }) => r.type));
  expect(
    await carried(`SELECT envelope->>'type' AS type FROM donations.outbox WHERE envelope->>'requestId' = $1 AND (envelope->'payload'->>'donationId')::int = $2`),
  ).toEqual(['ReservationMade']);
  // Messaging consumed that event under the same id: its notification's event names it too.
  await waitFor(
    async () =>
      (
        await carried(
          `SELECT envelope->>'type' AS type FROM messaging.outbox WHERE envelope->>'requestId' = $1 AND (envelope->'payload'->'notification'->'params'->>'donationId')::int = $2`,
        )
      ).includes('NotificationCreated'),
    { what: 'the notification event carrying the request id' },
  );
});
