import { Redis } from 'ioredis';
import { waitFor } from '@hdiya/testing';
import type { BodyOf } from '@hdiya/contracts';
import { ApiClient, newMemberPayload, signedUpMember } from '../support/api-client.js';

const REQUIRED = 'Veuillez remplir tous les champs obligatoires.';

describe('POST /api/signup', () => {
  it('should create the account, sign the member in and credit 10 welcome points', async () => {
    const client = new ApiClient();
    const payload = newMemberPayload();
    const localPhone = payload.phone;
    payload.phone = `+212 ${localPhone.slice(1, 2)} ${localPhone.slice(2)}`;
    const signup = await client.call('POST /api/signup', { body: payload });
    expect(signup.status).toBe(201);
    expect(signup.body).toMatchObject({ username: payload.username, email: payload.email, role: 'member', firstName: 'Salma' });
    expect(signup.body.phone).toBe(`+212${localPhone.slice(1)}`);
    expect(signup.body).not.toHaveProperty('password');
    expect(signup.body).not.toHaveProperty('passwordHash');
    const cookie = signup.headers.getSetCookie().join(';');
    expect(cookie).toMatch(/hdiya\.sid=/);
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);

    const me = await waitFor(async () => {
      const res = await client.call('GET /api/auth/user');
      return res.status === 200 && res.body.pointsPending === false ? res.body : false;
    });
    expect(me).toMatchObject({ id: signup.body.id, points: 10, blockedPoints: 0, reliabilityScore: 100 });
  });

  it.each(['username', 'email', 'phone', 'password', 'confirmPassword'])('should refuse a signup without %s', async (field) => {
    const res = await new ApiClient().call('POST /api/signup', { body: newMemberPayload({ [field]: undefined }) });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ statusCode: 400, code: 'VALIDATION_FAILED', message: REQUIRED, field });
  });

  it('should name the field that has the wrong type', async () => {
    const res = await new ApiClient().call('POST /api/signup', { body: newMemberPayload({ username: 12345 }) });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ field: 'username', message: 'Le champ username doit être un texte.' });
  });

  it('should refuse mismatched and short passwords with the form messages', async () => {
    const mismatch = await new ApiClient().call('POST /api/signup', { body: newMemberPayload({ confirmPassword: 'autre-chose' }) });
    expect(mismatch.body).toMatchObject({ statusCode: 400, message: 'Les mots de passe ne correspondent pas.' });
    const short = await new ApiClient().call('POST /api/signup', { body: newMemberPayload({ password: 'court', confirmPassword: 'court' }) });
    expect(short.body).toMatchObject({ statusCode: 400, message: 'Le mot de passe doit contenir au moins 8 caractères.' });
  });

  it('should refuse a phone number that is not Moroccan', async () => {
    const res = await new ApiClient().call('POST /api/signup', { body: newMemberPayload({ phone: '+33612345678' }) });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ field: 'phone' });
  });

  it('should refuse a taken username, e-mail or phone with 409, however they are written', async () => {
    const { payload } = await signedUpMember();
    const local = payload.phone;
    const cases: [Record<string, unknown>, string, string][] = [
      [{ username: payload.username.toUpperCase() }, 'USERNAME_TAKEN', "Ce nom d'utilisateur est déjà pris."],
      [{ email: payload.email.toUpperCase() }, 'EMAIL_TAKEN', 'Cette adresse email est déjà utilisée.'],
      [{ phone: `+212${local.slice(1)}` }, 'PHONE_TAKEN', 'Ce numéro de téléphone est déjà utilisé.'],
    ];
    for (const [clash, code, message] of cases) {
      const res = await new ApiClient().call('POST /api/signup', { body: newMemberPayload(clash) });
      expect(res.status).toBe(409);
      expect(res.body).toMatchObject({ statusCode: 409, code, message });
    }
  });

  it('should let exactly one of two simultaneous signups with the same e-mail through', async () => {
    const email = newMemberPayload().email;
    const results = await Promise.all([
      new ApiClient().call('POST /api/signup', { body: newMemberPayload({ email }) }),
      new ApiClient().call('POST /api/signup', { body: newMemberPayload({ email }) }),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([201, 409]);
  });
});

describe('POST /api/login', () => {
  it('should sign in with the username or the e-mail and rotate the session id', async () => {
    const { payload } = await signedUpMember();
    for (const username of [payload.username, payload.email.toUpperCase()]) {
      const client = new ApiClient();
      await client.call('GET /api/auth/user');
      const before = client.sessionCookie;
      const res = await client.call('POST /api/login', { body: { username, password: payload.password } });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ username: payload.username, email: payload.email });
      expect(client.sessionCookie).toBeDefined();
      expect(client.sessionCookie).not.toBe(before);
      expect((await client.call('GET /api/auth/user')).status).toBe(200);
    }
  });

  it('should answer a wrong password and an unknown account the same way', async () => {
    const { payload } = await signedUpMember();
    const wrong = await new ApiClient().call('POST /api/login', { body: { username: payload.username, password: 'pas-le-bon' } });
    const unknown = await new ApiClient().call('POST /api/login', { body: { username: 'personne_ici', password: 'pas-le-bon' } });
    for (const res of [wrong, unknown]) {
      expect(res.status).toBe(401);
      expect(res.body).toEqual({ statusCode: 401, code: 'INVALID_CREDENTIALS', message: 'Identifiants incorrects' });
    }
  });

  it('should ask for both fields', async () => {
    const res = await new ApiClient().call('POST /api/login', { body: { username: 'quelqu_un' } as BodyOf<'POST /api/login'> }); // no password, on purpose
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ message: 'Veuillez remplir tous les champs', field: 'password' });
  });

  it('should lock an account after repeated failures, even for the right password', async () => {
    const { payload } = await signedUpMember();
    const limit = Number(process.env.RATE_LOGIN_FAILURES_PER_ACCOUNT ?? 5);
    for (let i = 0; i < limit; i += 1) {
      expect((await new ApiClient().call('POST /api/login', { body: { username: payload.username, password: `faux-${i}-xx` } })).status).toBe(401);
    }
    const locked = await new ApiClient().call('POST /api/login', { body: { username: payload.username, password: payload.password } });
    expect(locked.status).toBe(429);
    expect(locked.body).toMatchObject({ code: 'RATE_LIMITED', message: expect.stringMatching(/^Trop de tentatives de connexion/) });
  });
});

describe('GET /api/logout', () => {
  it('should end the session and go back home', async () => {
    const { client } = await signedUpMember();
    const res = await client.call('GET /api/logout');
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('/');
    expect((await client.call('GET /api/auth/user')).status).toBe(401);
  });

  // Issue 47: an ended session leaves no trace in the member's session index (member-sessions:<id>).
  it('should take the session out of the member’s index, and leave the member’s other sessions in it', async () => {
    const { client, payload, user } = await signedUpMember();
    const other = new ApiClient();
    expect((await other.call('POST /api/login', { body: { username: payload.username, password: payload.password } })).status).toBe(200);
    const idOf = (c: ApiClient) => decodeURIComponent(c.sessionCookie!).slice(2).split('.')[0]!;
    const redis = new Redis(process.env.HDIYA_E2E_REDIS_URL!);
    try {
      expect((await redis.smembers(`member-sessions:${user.id}`)).sort()).toEqual([idOf(client), idOf(other)].sort());
      await client.call('GET /api/logout');
      expect(await redis.smembers(`member-sessions:${user.id}`)).toEqual([idOf(other)]);
    } finally {
      redis.disconnect();
    }
  });
});

describe('GET /api/auth/user', () => {
  it('should answer 401 with the error shape to a visitor', async () => {
    const res = await new ApiClient().call('GET /api/auth/user');
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ statusCode: 401, code: 'UNAUTHENTICATED', message: 'Vous devez être connecté.' });
  });

  it('should ignore a forged session cookie', async () => {
    const res = await new ApiClient().call('GET /api/auth/user', { headers: { cookie: 'hdiya.sid=s%3Aforged.signature' } });
    expect(res.status).toBe(401);
  });
});

describe('PATCH /api/auth/user', () => {
  it('should update the profile fields and keep the points', async () => {
    const { client, payload } = await signedUpMember();
    const res = await client.call('PATCH /api/auth/user', { body: {
      firstName: 'Nadia',
      lastName: 'El Amrani',
      city: 'Fès',
      phone: `07${String(Date.now()).slice(-8)}`,
      currentPassword: payload.password,
    } });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ firstName: 'Nadia', lastName: 'El Amrani', city: 'Fès' });
    expect(res.body.phone).toMatch(/^\+2127/);
    expect((await client.call('GET /api/auth/user')).body.city).toBe('Fès');
  });

  it('should never let a member make themselves an administrator', async () => {
    const { client } = await signedUpMember();
    // Fields the route does not take, on purpose.
    const res = await client.call('PATCH /api/auth/user', { body: { role: 'admin', id: 'someone-else', city: 'Rabat' } as BodyOf<'PATCH /api/auth/user'> });
    expect(res.status).toBe(200);
    expect(res.body.role).toBe('member');
  });

  it('should refuse an invalid e-mail and an e-mail of another member', async () => {
    const other = await signedUpMember();
    const { client, payload } = await signedUpMember();
    const invalid = await client.call('PATCH /api/auth/user', { body: { email: 'pas-un-email' } });
    expect(invalid.body).toMatchObject({ statusCode: 400, message: 'Adresse email invalide', field: 'email' });
    const taken = await client.call('PATCH /api/auth/user', { body: { email: other.payload.email, currentPassword: payload.password } });
    expect(taken.body).toMatchObject({ statusCode: 409, code: 'EMAIL_TAKEN' });
  });

  it('should refuse a visitor', async () => {
    expect((await new ApiClient().call('PATCH /api/auth/user', { body: { city: 'Rabat' } })).status).toBe(401);
  });
});
