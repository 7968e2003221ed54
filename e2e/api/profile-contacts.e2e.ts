import { anAddress, ApiClient, newMemberPayload, signedUpMember } from '../support/api-client.js';

// Review finding: PATCH /api/auth/user answered EMAIL_TAKEN/PHONE_TAKEN without limit (35 of 35
// tries answered), to anyone holding a session, who could then also take over the e-mail and the
// phone of an unattended session. Changing them now needs the current password (counted like a
// wrong login), and the "taken" answers are rationed per member and per address.

const PER_ACCOUNT = Number(process.env.RATE_LOGIN_FAILURES_PER_ACCOUNT ?? 5);
const PER_MEMBER = Number(process.env.RATE_PROFILE_CONFLICTS_PER_MEMBER ?? 10);
const PER_ADDRESS = Number(process.env.RATE_SIGNUP_CONFLICTS_PER_ADDRESS ?? 20);
const wrong = 'pas-le-bon-mot-de-passe';

describe('changing the e-mail or the phone', () => {
  it('should ask for the current password, refuse a wrong one and accept the right one', async () => {
    const { client, payload } = await signedUpMember();
    const email = `nouvelle_${Date.now()}@example.ma`;
    const missing = await client.call('PATCH /api/auth/user', { body: { email } });
    expect(missing.body).toEqual({
      statusCode: 400,
      code: 'CURRENT_PASSWORD_REQUIRED',
      message: 'Saisissez votre mot de passe actuel pour changer votre email ou votre téléphone.',
      field: 'currentPassword',
    });
    const badPhone = await client.call('PATCH /api/auth/user', { body: { phone: `07${String(Date.now()).slice(-8)}`, currentPassword: wrong } });
    expect(badPhone.body).toMatchObject({ statusCode: 403, code: 'CURRENT_PASSWORD_WRONG', field: 'currentPassword' });
    // What the form sends unchanged needs no password.
    const same = await client.call('PATCH /api/auth/user', { body: { email: payload.email, phone: payload.phone, city: 'Safi' } });
    expect(same.status).toBe(200);
    const changed = await client.call('PATCH /api/auth/user', { body: { email, currentPassword: payload.password } });
    expect(changed.status).toBe(200);
    // The new address waits for its link; the account keeps its own until then (issue 45).
    expect(changed.body).toMatchObject({ email: payload.email, pendingEmail: email });
  });

  it('should count wrong current passwords with wrong logins, so a session cannot guess the password', async () => {
    const { client, payload } = await signedUpMember();
    const from = anAddress();
    for (let i = 0; i < PER_ACCOUNT; i += 1) {
      expect((await client.call('PATCH /api/auth/user', { body: { city: 'Oujda', currentPassword: wrong }, headers: from })).status).toBe(403);
    }
    const refused = await client.call('PATCH /api/auth/user', { body: { city: 'Oujda', currentPassword: payload.password }, headers: from });
    expect(refused.body).toMatchObject({ statusCode: 429, code: 'RATE_LIMITED' });
    // The same allowance as signing in from this device.
    expect((await client.call('POST /api/login', { body: { username: payload.username, password: payload.password }, headers: from })).status).toBe(429);
  });

  it('should ration the answers that say an e-mail or a phone is taken, per member', async () => {
    const others = await Promise.all([signedUpMember(), signedUpMember()]);
    const { client, payload } = await signedUpMember();
    const from = anAddress();
    const change = (changes: Record<string, unknown>) => client.call('PATCH /api/auth/user', { body: { ...changes, currentPassword: payload.password }, headers: from });
    // Changes that take nothing already taken spend none of it (taken first, then given back).
    for (let i = 0; i < 2; i += 1) expect((await change({ email: `libre_${i}_${Date.now()}@example.ma` })).status).toBe(200);
    const statuses: number[] = [];
    for (let i = 0; i < PER_MEMBER + 2; i += 1) {
      const other = others[i % 2]!.payload;
      statuses.push((await change(i % 2 === 0 ? { email: other.email } : { phone: other.phone })).status);
    }
    expect(statuses).toEqual([...Array<number>(PER_MEMBER).fill(409), 429, 429]);
    expect((await change({ email: others[0]!.payload.email })).body).toMatchObject({ code: 'RATE_LIMITED' });
  });

  it("should share the address's allowance with signup's", async () => {
    const other = await signedUpMember();
    const from = anAddress();
    for (let i = 0; i < PER_ADDRESS; i += 1) {
      const probe = await new ApiClient().call('POST /api/signup', { body: { ...newMemberPayload(), email: other.payload.email }, headers: from });
      expect(probe.status).toBe(409);
    }
    const { client, payload } = await signedUpMember();
    const taken = await client.call('PATCH /api/auth/user', { body: { email: other.payload.email, currentPassword: payload.password }, headers: from });
    expect(taken.body).toMatchObject({ statusCode: 429, code: 'RATE_LIMITED' });
  });
});
