import type { INestMicroservice } from '@nestjs/common';
import type { NatsConnection } from '@nats-io/transport-node';
import { createHash, randomUUID } from 'node:crypto';
import { DataSource } from 'typeorm';
import { Rpc, type AccountView } from '@hdiya/contracts';
import { requestRpc, RpcFailure, startTestService, stopTestService, testServiceEnv } from '@hdiya/testing';
import { AppModule } from '../src/app.module.js';
import { loadUsersConfig } from '../src/config.js';

let app: INestMicroservice;
let nc: NatsConnection;
let db: DataSource;

function signupPayload(overrides: Record<string, unknown> = {}) {
  const tag = randomUUID().slice(0, 8);
  return {
    username: `it_${tag}`,
    email: `it_${tag}@example.ma`,
    phone: `06${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`,
    password: 'un-mot-de-passe',
    confirmPassword: 'un-mot-de-passe',
    ...overrides,
  };
}

async function registeredEvents(userId: string): Promise<unknown[]> {
  return db.query(`SELECT envelope FROM users.outbox WHERE envelope->>'type' = 'UserRegistered' AND envelope->'payload'->>'userId' = $1`, [userId]);
}

async function rpcError(promise: Promise<unknown>): Promise<RpcFailure['body']> {
  const error = await promise.then(() => null, (e: unknown) => e);
  expect(error).toBeInstanceOf(RpcFailure);
  return (error as RpcFailure).body;
}

beforeAll(async () => {
  ({ app, nc } = await startTestService('users', AppModule.register(loadUsersConfig(testServiceEnv('users'))), 'users-test'));
  db = app.get(DataSource);
});

afterAll(() => stopTestService({ app, nc }));

describe('users service', () => {
  it('should store the account with an argon2id hash and record UserRegistered with it', async () => {
    const account = await requestRpc<AccountView>(nc, Rpc.users.signup, signupPayload({ firstName: 'Hind' }));
    const [row] = await db.query('SELECT password_hash FROM users.users WHERE id = $1', [account.id]);
    expect(row.password_hash).toMatch(/^\$argon2id\$/);
    const events = (await registeredEvents(account.id)) as { envelope: { payload: Record<string, unknown>; version: number } }[];
    expect(events).toHaveLength(1);
    expect(events[0]!.envelope).toMatchObject({ version: 1, payload: { userId: account.id, username: account.username, firstName: 'Hind' } });
  });

  it('should write neither account nor event when the signup is refused', async () => {
    const first = await requestRpc<AccountView>(nc, Rpc.users.signup, signupPayload());
    const clash = signupPayload({ email: first.email });
    const body = await rpcError(requestRpc(nc, Rpc.users.signup, clash));
    expect(body).toMatchObject({ status: 409, code: 'EMAIL_TAKEN' });
    const rows = await db.query('SELECT id FROM users.users WHERE username = $1', [clash.username]);
    expect(rows).toEqual([]);
  });

  it('should validate its own input whoever the caller is', async () => {
    const body = await rpcError(requestRpc(nc, Rpc.users.signup, signupPayload({ phone: undefined })));
    expect(body).toEqual({ status: 400, code: 'VALIDATION_FAILED', message: 'Veuillez remplir tous les champs obligatoires.', field: 'phone' });
  });

  it('should check credentials by username or e-mail', async () => {
    const payload = signupPayload();
    const account = await requestRpc<AccountView>(nc, Rpc.users.signup, payload);
    const byEmail = await requestRpc<AccountView>(nc, Rpc.users.verifyCredentials, { username: payload.email, password: payload.password });
    expect(byEmail.id).toBe(account.id);
    const wrong = await rpcError(requestRpc(nc, Rpc.users.verifyCredentials, { username: payload.username, password: 'mauvais-mot' }));
    expect(wrong).toMatchObject({ status: 401, code: 'INVALID_CREDENTIALS' });
  });

  it('should record UserUpdated with the profile change', async () => {
    const account = await requestRpc<AccountView>(nc, Rpc.users.signup, signupPayload());
    const updated = await requestRpc<AccountView>(nc, Rpc.users.updateProfile, { userId: account.id, changes: { city: 'Tanger', email: 'bad' } })
      .catch((e: RpcFailure) => e.body);
    expect(updated).toMatchObject({ status: 400, field: 'email' });
    await requestRpc<AccountView>(nc, Rpc.users.updateProfile, { userId: account.id, changes: { city: 'Tanger' } });
    const events = await db.query(
      `SELECT envelope->'payload'->>'city' AS city FROM users.outbox WHERE envelope->>'type' = 'UserUpdated' AND envelope->'payload'->>'userId' = $1`,
      [account.id],
    );
    expect(events).toEqual([{ city: 'Tanger' }]);
  });

  it('should change the e-mail or the phone only with the right current password, before saying whether it is taken', async () => {
    const other = await requestRpc<AccountView>(nc, Rpc.users.signup, signupPayload());
    const payload = signupPayload();
    const account = await requestRpc<AccountView>(nc, Rpc.users.signup, payload);
    const update = (changes: Record<string, unknown>) => requestRpc<AccountView>(nc, Rpc.users.updateProfile, { userId: account.id, changes });
    expect(await rpcError(update({ email: other.email }))).toMatchObject({ status: 400, code: 'CURRENT_PASSWORD_REQUIRED', field: 'currentPassword' });
    expect(await rpcError(update({ phone: '0611223344' }))).toMatchObject({ status: 400, code: 'CURRENT_PASSWORD_REQUIRED' });
    expect(await rpcError(update({ email: other.email, currentPassword: 'mauvais-mot' }))).toMatchObject({
      status: 403,
      code: 'CURRENT_PASSWORD_WRONG',
      field: 'currentPassword',
    });
    // Unchanged e-mail and phone (a form sends them all) need nothing; a wrong password is refused all the same.
    expect((await update({ email: account.email, phone: account.phone, city: 'Fès' })).city).toBe('Fès');
    expect(await rpcError(update({ city: 'Oujda', currentPassword: 'mauvais-mot' }))).toMatchObject({ code: 'CURRENT_PASSWORD_WRONG' });
    expect(await rpcError(update({ email: other.email, currentPassword: payload.password }))).toMatchObject({ status: 409, code: 'EMAIL_TAKEN' });
    const fresh = `new_${randomUUID().slice(0, 8)}@example.ma`;
    expect(await update({ email: fresh, currentPassword: payload.password })).toMatchObject({ email: account.email, pendingEmail: fresh });
  });

  it('should refuse a new address taken while its link waited, and keep the account as it was', async () => {
    const payload = signupPayload();
    const account = await requestRpc<AccountView>(nc, Rpc.users.signup, payload);
    const fresh = `new_${randomUUID().slice(0, 8)}@example.ma`;
    await requestRpc<AccountView>(nc, Rpc.users.updateProfile, { userId: account.id, changes: { email: fresh, currentPassword: payload.password } });
    const [mail] = await db.query(`SELECT text_body FROM users.mail_outbox WHERE recipient = $1 AND kind = 'email_verification'`, [fresh]);
    const token = /verify-email\?lang=fr#token=([\w-]{43})/.exec(mail.text_body)![1]!;
    // Someone signs up with it meanwhile: an address asked for is not held.
    await requestRpc<AccountView>(nc, Rpc.users.signup, { ...signupPayload(), email: fresh });

    expect(await rpcError(requestRpc(nc, Rpc.users.verifyEmail, { token }))).toMatchObject({ status: 409, code: 'EMAIL_TAKEN', field: 'email' });
    expect(await requestRpc<AccountView>(nc, Rpc.users.get, { userId: account.id })).toMatchObject({ email: account.email, pendingEmail: fresh });
  });
});

describe('verified addresses (issue 45)', () => {
  const verifiedEvents = (userId: string): Promise<{ envelope: { version: number; payload: Record<string, unknown> } }[]> =>
    db.query(`SELECT envelope FROM users.outbox WHERE envelope->>'type' = 'EmailVerified' AND envelope->'payload'->>'userId' = $1`, [userId]);

  it('should record EmailVerified once, with the fact and never the address, when the link is opened', async () => {
    const account = await requestRpc<AccountView>(nc, Rpc.users.signup, signupPayload());
    expect(await verifiedEvents(account.id)).toEqual([]);
    const [mail] = await db.query(`SELECT text_body FROM users.mail_outbox WHERE recipient = $1 AND kind = 'email_verification'`, [account.email]);
    const token = /verify-email\?lang=fr#token=([\w-]{43})/.exec(mail.text_body)![1]!;
    await requestRpc(nc, Rpc.users.verifyEmail, { token });
    const [row] = await db.query(`SELECT email_verified_at FROM users.users WHERE id = $1`, [account.id]);
    const events = await verifiedEvents(account.id);
    expect(events).toHaveLength(1);
    expect(events[0]!.envelope).toMatchObject({ version: 1 });
    expect(events[0]!.envelope.payload).toEqual({ userId: account.id, verifiedAt: (row.email_verified_at as Date).toISOString() });
    expect(JSON.stringify(events[0]!.envelope)).not.toContain(account.email);

    // A change of address verified later keeps the account verified: no second event.
    const fresh = `new_${randomUUID().slice(0, 8)}@example.ma`;
    await requestRpc<AccountView>(nc, Rpc.users.updateProfile, { userId: account.id, changes: { email: fresh, currentPassword: 'un-mot-de-passe' } });
    const [second] = await db.query(`SELECT text_body FROM users.mail_outbox WHERE recipient = $1 AND kind = 'email_verification'`, [fresh]);
    await requestRpc(nc, Rpc.users.verifyEmail, { token: /verify-email\?lang=fr#token=([\w-]{43})/.exec(second.text_body)![1]! });
    expect(await verifiedEvents(account.id)).toHaveLength(1);
  });
});

describe('forgotten passwords', () => {
  it('should keep only the token hash, and put nothing about the request on the stream', async () => {
    const account = await requestRpc<AccountView>(nc, Rpc.users.signup, signupPayload());
    await requestRpc(nc, Rpc.users.forgotPassword, { email: account.email });
    const [row] = await db.query(`SELECT id, token_hash FROM users.password_reset_requests WHERE user_id = $1`, [account.id]);
    // Decision 0076: the event carried the address onto the shared stream, and nothing consumed it.
    const outbox = await db.query(`SELECT envelope FROM users.outbox WHERE envelope::text LIKE '%' || $1 || '%'`, [account.email]);
    expect(outbox).toEqual([]);
    expect(row.token_hash).toMatch(/^[0-9a-f]{64}$/);
  });

  it('should queue the reset mail with the raw token, in the same transaction, whose hash is the one stored', async () => {
    const account = await requestRpc<AccountView>(nc, Rpc.users.signup, signupPayload());
    await requestRpc(nc, Rpc.users.forgotPassword, { email: account.email });
    const [request] = await db.query(`SELECT token_hash FROM users.password_reset_requests WHERE user_id = $1`, [account.id]);
    const [mail] = await db.query(`SELECT text_body, html_body FROM users.mail_outbox WHERE recipient = $1 AND kind = 'password_reset'`, [account.email]);
    const token = /reset-password\?lang=fr#token=([\w-]{43})/.exec(mail.text_body)![1]!;
    expect(createHash('sha256').update(token).digest('hex')).toBe(request.token_hash);
    expect(mail.html_body).toContain(`#token=${token}`);
    // Only the mail holds it: not the event stream's outbox.
    const [{ n }] = await db.query(`SELECT count(*)::int AS n FROM users.outbox WHERE envelope::text LIKE $1`, [`%${token}%`]);
    expect(n).toBe(0);
  });
});

describe('users.mail-recipient', () => {
  it('should name the address, whether it is verified and the language, and null for an unknown member', async () => {
    const account = await requestRpc<AccountView>(nc, Rpc.users.signup, signupPayload({ language: 'ar' }));
    expect(await requestRpc(nc, Rpc.users.mailRecipient, { userId: account.id })).toEqual({ email: account.email, emailVerified: false, language: 'ar' });
    expect(await requestRpc(nc, Rpc.users.mailRecipient, { userId: randomUUID() })).toBeNull();
  });
});

