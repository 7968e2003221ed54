import pg from 'pg';
import { adminDatabaseUrl } from '@hdiya/testing';
import type { BodyOf } from '@hdiya/contracts';
import { ApiClient, signedUpMember } from '../support/api-client.js';

let db: pg.Client;

beforeAll(async () => {
  db = new pg.Client({ connectionString: adminDatabaseUrl() });
  await db.connect();
});

afterAll(() => db.end());

describe('POST /api/forgot-password', () => {
  it('should answer the same for a known and an unknown address, and only e-mail the known one', async () => {
    const { payload, user } = await signedUpMember();
    const unknownEmail = `inconnu_${Date.now()}@example.ma`;
    const known = await new ApiClient().call('POST /api/forgot-password', { body: { email: payload.email } });
    const unknown = await new ApiClient().call('POST /api/forgot-password', { body: { email: unknownEmail } });
    expect(known.status).toBe(200);
    expect(unknown.status).toBe(200);
    expect(known.body).toEqual(unknown.body);

    const requests = await db.query(
      'SELECT email, user_id, token_hash IS NOT NULL AS has_token FROM users.password_reset_requests WHERE email = ANY($1) ORDER BY created_at',
      [[payload.email, unknownEmail]],
    );
    expect(requests.rows).toEqual([
      { email: payload.email, user_id: user.id, has_token: true },
      { email: unknownEmail, user_id: null, has_token: false },
    ]);
    // No address on the shared stream (decision 0076): the outbox holds nothing naming either.
    const events = await db.query(`SELECT id FROM users.outbox WHERE envelope::text LIKE ANY($1)`, [[`%${payload.email}%`, `%${unknownEmail}%`]]);
    expect(events.rows).toEqual([]);
  });

  it('should ask for the e-mail address', async () => {
    const res = await new ApiClient().call('POST /api/forgot-password', { body: {} as BodyOf<'POST /api/forgot-password'> }); // no e-mail, on purpose
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ message: 'Veuillez entrer votre adresse email', field: 'email' });
  });
});

describe('POST /api/contact', () => {
  const valid = { name: 'Youssef', email: 'youssef@example.ma', subject: 'Une question', message: 'Comment fonctionnent les points ?' };

  it('should store the message, with the member when signed in', async () => {
    const { client, user } = await signedUpMember();
    const res = await client.call('POST /api/contact', { body: valid });
    expect(res.status).toBe(201);
    const stored = await db.query('SELECT user_id, subject FROM users.contact_messages WHERE id = $1', [res.body.id]);
    expect(stored.rows).toEqual([{ user_id: user.id, subject: 'Une question' }]);
    // Nothing about it on the shared stream (decision 0076): it carried the sender's address.
    const events = await db.query(`SELECT id FROM users.outbox WHERE envelope::text LIKE $1`, [`%${res.body.id}%`]);
    expect(events.rows).toEqual([]);
  });

  it('should accept a visitor', async () => {
    expect((await new ApiClient().call('POST /api/contact', { body: valid })).status).toBe(201);
  });

  it.each([
    ['name', 'Y', 'Le nom doit contenir au moins 2 caractères'],
    ['email', 'youssef', 'Adresse email invalide'],
    ['subject', 'Hé', 'Le sujet doit contenir au moins 5 caractères'],
    ['message', 'Court', 'Le message doit contenir au moins 10 caractères'],
  ])('should refuse a bad %s', async (field, value, message) => {
    const body = { ...valid, [field]: value };
    const res = await new ApiClient().call('POST /api/contact', { body });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ statusCode: 400, code: 'VALIDATION_FAILED', message, field });
  });
});
