import { randomBytes } from 'node:crypto';
import { testEnv } from '@hdiya/testing';
import type { BodyOf } from '@hdiya/contracts';
import { ApiClient, signedUpMember } from '../support/api-client.js';
import { signedInAdmin } from '../support/admin.js';
import { linkIn, mailsTo, tokenOf, waitForMails, type CaughtMail } from '../support/mailbox.js';
import { withDatabase } from '../support/members.js';
import { memberSockets } from '../support/sockets.js';

// Account mails on the real stack, read from the mail catcher as a member reads their inbox:
// the password reset (decision 0024) and the address verification.

const gatewayUrl = testEnv().gatewayUrl;
const secondGatewayUrl = process.env.HDIYA_E2E_SECOND_GATEWAY_URL!;
const openSocket = memberSockets(gatewayUrl);
const NEW_PASSWORD = 'un-nouveau-mot-de-passe';

const isReset = (mail: CaughtMail) => mail.text.includes('/reset-password?lang=');
const isVerification = (mail: CaughtMail) => mail.text.includes('/verify-email?lang=');

async function resetLink(email: string, count = 1): Promise<string> {
  const mails = await waitForMails(email, { count, match: isReset });
  return linkIn(mails[count - 1]!, '/reset-password');
}

const login = (username: string, password: string) => new ApiClient().call('POST /api/login', { body: { username, password } });

describe('password reset by mail', () => {
  it('should mail a link whose page sets a new password once, refuse the old one and end every session and socket', async () => {
    const member = await signedUpMember();
    const elsewhere = new ApiClient();
    expect((await elsewhere.call('POST /api/login', { body: { username: member.payload.username, password: member.payload.password } })).status).toBe(200);
    const socket = await openSocket(member.client, secondGatewayUrl);
    const closed = new Promise<string>((resolve) => socket.once('disconnect', (reason) => resolve(reason)));

    const asked = await new ApiClient().call('POST /api/forgot-password', { body: { email: member.payload.email } });
    expect(asked.status).toBe(200);
    const [mail] = await waitForMails(member.payload.email, { match: isReset });
    expect(mail!.subject).toBe('Réinitialiser votre mot de passe Hdiya');
    expect(mail!.html).toContain('lang="fr"');
    const link = linkIn(mail!, '/reset-password');
    expect(link.startsWith(`${gatewayUrl}/reset-password?lang=fr#token=`)).toBe(true);
    // The link opens the web app's page (the token, in the fragment, never reaches the server).
    const page = await fetch(link.split('#')[0]!);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<div id="root">');

    const reset = await new ApiClient().call('POST /api/reset-password', { body: { token: tokenOf(link), password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD } });
    expect(reset).toMatchObject({ status: 200, body: { message: 'Votre mot de passe a été modifié. Connectez-vous avec le nouveau mot de passe.' } });

    expect((await login(member.payload.username, member.payload.password)).status).toBe(401);
    expect((await login(member.payload.username, NEW_PASSWORD)).status).toBe(200);
    expect((await member.client.call('GET /api/auth/user')).status).toBe(401);
    expect((await elsewhere.call('GET /api/auth/user')).status).toBe(401);
    expect(await closed).toBe('io server disconnect');

    const again = await new ApiClient().call('POST /api/reset-password', { body: { token: tokenOf(link), password: 'encore-un-autre', confirmPassword: 'encore-un-autre' } });
    expect(again).toMatchObject({ status: 400, body: { code: 'RESET_TOKEN_INVALID', field: 'token', message: 'Ce lien de réinitialisation est invalide ou a expiré. Demandez-en un nouveau.' } });
    expect((await login(member.payload.username, NEW_PASSWORD)).status).toBe(200);
  });

  it('should answer an unknown address the same and mail nothing there', async () => {
    const member = await signedUpMember();
    const unknown = `inconnu_${randomBytes(5).toString('hex')}@example.ma`;
    const forUnknown = await new ApiClient().call('POST /api/forgot-password', { body: { email: unknown } });
    const forMember = await new ApiClient().call('POST /api/forgot-password', { body: { email: member.payload.email } });
    expect(forUnknown.status).toBe(forMember.status);
    expect(forUnknown.body).toEqual(forMember.body);
    // The member's mail, asked after, has arrived: nothing was queued for the unknown address.
    await waitForMails(member.payload.email, { match: isReset });
    expect(await mailsTo(unknown)).toEqual([]);
    const queued = await withDatabase((db) => db.query('SELECT count(*)::int AS n FROM users.mail_outbox WHERE recipient = $1', [unknown]));
    expect(queued.rows[0].n).toBe(0);
  });

  it('should refuse a reset link mailed before the address changed (issue 45)', async () => {
    const member = await signedUpMember();
    expect((await new ApiClient().call('POST /api/forgot-password', { body: { email: member.payload.email } })).status).toBe(200);
    const token = tokenOf(await resetLink(member.payload.email));
    const newEmail = `nouvelle_${randomBytes(5).toString('hex')}@example.ma`;
    expect((await member.client.call('PATCH /api/auth/user', { body: { email: newEmail, currentPassword: member.payload.password } })).status).toBe(200);
    const [verification] = await waitForMails(newEmail, { match: isVerification });
    expect((await new ApiClient().call('POST /api/verify-email', { body: { token: tokenOf(linkIn(verification!, '/verify-email')) } })).status).toBe(200);

    const reset = await new ApiClient().call('POST /api/reset-password', { body: { token, password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD } });
    expect(reset).toMatchObject({ status: 400, body: { code: 'RESET_TOKEN_INVALID' } });
    expect((await login(member.payload.username, NEW_PASSWORD)).status).toBe(401);
    expect((await login(member.payload.username, member.payload.password)).status).toBe(200);
  });

  it('should refuse expired, used, forged and malformed tokens with a 400 and change nothing', async () => {
    const member = await signedUpMember();
    await new ApiClient().call('POST /api/forgot-password', { body: { email: member.payload.email } });
    const token = tokenOf(await resetLink(member.payload.email));
    const forged = randomBytes(32).toString('base64url');
    const tampered = `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`;
    for (const bad of [forged, tampered, '', 'x'.repeat(500), "' OR '1'='1"]) {
      const res = await new ApiClient().call('POST /api/reset-password', { body: { token: bad, password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD } });
      expect(res).toMatchObject({ status: 400, body: { field: 'token', message: 'Ce lien de réinitialisation est invalide ou a expiré. Demandez-en un nouveau.' } });
    }
    for (const body of [{ token: 12 }, {}] as Record<string, unknown>[]) {
      // A token of the wrong type, or none: bodies the route map's type does not allow.
      const res = await new ApiClient().call('POST /api/reset-password', { body: { password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD, ...body } as BodyOf<'POST /api/reset-password'> });
      expect(res).toMatchObject({ status: 400, body: { field: 'token' } });
    }
    // An hour later the real token has expired.
    await withDatabase((db) => db.query(`UPDATE users.password_reset_requests SET expires_at = now() - interval '1 second' WHERE user_id = $1`, [member.user.id]));
    const expired = await new ApiClient().call('POST /api/reset-password', { body: { token, password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD } });
    expect(expired).toMatchObject({ status: 400, body: { code: 'RESET_TOKEN_INVALID' } });

    expect((await login(member.payload.username, member.payload.password)).status).toBe(200);
    expect((await member.client.call('GET /api/auth/user')).status).toBe(200);
  });

  it('should limit requests per address typed, whether or not it is a member’s, with the same answer', async () => {
    const member = await signedUpMember();
    const unknown = `inconnu_${randomBytes(5).toString('hex')}@example.ma`;
    const statuses = async (email: string) => {
      const answers = [];
      for (let i = 0; i < 6; i += 1) answers.push((await new ApiClient().call('POST /api/forgot-password', { body: { email } })).status);
      return answers;
    };
    expect(await statuses(member.payload.email)).toEqual([200, 200, 200, 200, 200, 429]);
    expect(await statuses(unknown)).toEqual([200, 200, 200, 200, 200, 429]);
    // Five mails, not six.
    await waitForMails(member.payload.email, { count: 5, match: isReset });
  });
});

describe('address verification', () => {
  it('should mail a link at sign-up that verifies the address once; a tampered link is refused', async () => {
    const member = await signedUpMember();
    expect(member.user).toMatchObject({ emailVerified: false, language: 'fr' });
    const [mail] = await waitForMails(member.payload.email, { match: isVerification });
    expect(mail!.subject).toBe('Confirmez votre adresse email Hdiya');
    const token = tokenOf(linkIn(mail!, '/verify-email'));

    const tampered = await new ApiClient().call('POST /api/verify-email', { body: { token: `${token.slice(0, -2)}xx` } });
    expect(tampered).toMatchObject({ status: 400, body: { code: 'VERIFICATION_TOKEN_INVALID', message: 'Ce lien de vérification est invalide ou a expiré. Demandez-en un nouveau depuis votre profil.' } });
    expect((await member.client.call('GET /api/auth/user')).body.emailVerified).toBe(false);

    // The link works from any browser, signed in or not.
    expect(await new ApiClient().call('POST /api/verify-email', { body: { token } })).toMatchObject({ status: 200, body: { emailVerified: true } });
    expect((await member.client.call('GET /api/auth/user')).body.emailVerified).toBe(true);
    expect((await new ApiClient().call('POST /api/verify-email', { body: { token } })).status).toBe(400);
    expect(await member.client.call('POST /api/verify-email/resend')).toMatchObject({ status: 200, body: { sent: false } });
  });

  it('should keep the address until the new one opens its link, tell the old one, and greet the new one with no member text', async () => {
    // Issue 45: a member changing their address in a loop mailed strangers, greeted by this name.
    const member = await signedUpMember({ firstName: 'Gagnez 500 DH sur promo-hdiya.example' });
    const oldEmail = member.payload.email;
    const newEmail = `nouvelle_${randomBytes(5).toString('hex')}@example.ma`;

    const changed = await member.client.call('PATCH /api/auth/user', { body: { email: newEmail, currentPassword: member.payload.password } });
    expect(changed).toMatchObject({ status: 200, body: { email: oldEmail, pendingEmail: newEmail } });
    const [told] = await waitForMails(oldEmail, { match: (mail) => mail.subject === 'Changement d’adresse demandé sur Hdiya' });
    expect(told!.text).toContain(`n•••@example.ma`);
    expect(told!.text).not.toContain(newEmail);
    const [mail] = await waitForMails(newEmail, { match: isVerification });
    expect(mail!.text).toContain('Bonjour,');
    expect(mail!.text).not.toContain('Gagnez');
    expect(mail!.html).not.toContain('Gagnez');
    // Meanwhile the account is the old address's: sign-in by the new one finds nobody.
    expect((await login(oldEmail, member.payload.password)).status).toBe(200);
    expect((await login(newEmail, member.payload.password)).status).toBe(401);

    expect((await new ApiClient().call('POST /api/verify-email', { body: { token: tokenOf(linkIn(mail!, '/verify-email')) } })).status).toBe(200);
    expect((await member.client.call('GET /api/auth/user')).body).toMatchObject({ email: newEmail, pendingEmail: null, emailVerified: true });
    expect((await login(newEmail, member.payload.password)).status).toBe(200);
    expect((await login(oldEmail, member.payload.password)).status).toBe(401);
  });

  it('should end the link to an address asked for before, and withdraw a change when the current address is typed again', async () => {
    const member = await signedUpMember();
    const first = `premiere_${randomBytes(5).toString('hex')}@example.ma`;
    const second = `seconde_${randomBytes(5).toString('hex')}@example.ma`;
    const change = (email: string) => member.client.call('PATCH /api/auth/user', { body: { email, currentPassword: member.payload.password } });
    expect((await change(first)).status).toBe(200);
    const [firstMail] = await waitForMails(first, { match: isVerification });
    expect((await change(second)).body).toMatchObject({ pendingEmail: second });
    expect((await new ApiClient().call('POST /api/verify-email', { body: { token: tokenOf(linkIn(firstMail!, '/verify-email')) } })).status).toBe(400);

    const [secondMail] = await waitForMails(second, { match: isVerification });
    expect((await change(member.payload.email)).body).toMatchObject({ email: member.payload.email, pendingEmail: null });
    expect((await new ApiClient().call('POST /api/verify-email', { body: { token: tokenOf(linkIn(secondMail!, '/verify-email')) } })).status).toBe(400);
    expect((await member.client.call('GET /api/auth/user')).body.email).toBe(member.payload.email);
  });

  it('should count changes of address with the resends, per member and per address mailed', async () => {
    const member = await signedUpMember();
    const change = (client: ApiClient, password: string, email: string) => client.call('PATCH /api/auth/user', { body: { email, currentPassword: password } });
    // The sign-up's own mail is not counted: five more mails an hour, changes and resends alike.
    const answers = [];
    for (let i = 0; i < 3; i += 1) answers.push((await change(member.client, member.payload.password, `tiers_${i}_${randomBytes(4).toString('hex')}@example.ma`)).status);
    for (let i = 0; i < 2; i += 1) answers.push((await member.client.call('POST /api/verify-email/resend')).status);
    const refused = await change(member.client, member.payload.password, `tiers_x_${randomBytes(4).toString('hex')}@example.ma`);
    expect(answers).toEqual([200, 200, 200, 200, 200]);
    expect(refused.body).toMatchObject({ statusCode: 429, code: 'RATE_LIMITED', message: expect.stringContaining('Trop de liens envoyés') });
    expect((await member.client.call('GET /api/auth/user')).body.pendingEmail).toMatch(/^tiers_2_/);
    // A form saved again without a new address is not counted.
    expect((await member.client.call('PATCH /api/auth/user', { body: { email: member.payload.email, city: 'Safi' } })).status).toBe(200);

    // One stranger's address, asked for by many accounts: five mails a day, whoever asks.
    const victim = `victime_${randomBytes(5).toString('hex')}@example.ma`;
    const statuses = [];
    for (let i = 0; i < 6; i += 1) {
      const asker = await signedUpMember();
      statuses.push((await change(asker.client, asker.payload.password, victim)).status);
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
    await waitForMails(victim, { count: 5, match: isVerification });
  });

  it('should send a new link on request, rate-limited, and write to a member in their language', async () => {
    const member = await signedUpMember({ language: 'ar' });
    expect(member.user).toMatchObject({ language: 'ar' });
    const [arabic] = await waitForMails(member.payload.email, { match: isVerification });
    expect(arabic!.subject).toBe('أكّد بريدك الإلكتروني على هدية');
    expect(arabic!.html).toContain('<html lang="ar" dir="rtl">');

    const answers = [];
    for (let i = 0; i < 6; i += 1) answers.push((await member.client.call('POST /api/verify-email/resend')).status);
    expect(answers).toEqual([200, 200, 200, 200, 200, 429]);
    await waitForMails(member.payload.email, { count: 6, match: isVerification });
    expect((await new ApiClient().call('POST /api/verify-email/resend')).status).toBe(401);
  });
});

describe('GET /api/admin/mails/failed', () => {
  it('should list the mails given up on to administrators only', async () => {
    const member = await signedUpMember();
    expect((await member.client.call('GET /api/admin/mails/failed')).status).toBe(403);
    expect((await new ApiClient().call('GET /api/admin/mails/failed')).status).toBe(401);
    // A mail SMTP refused eight times (what the sender leaves after its last attempt).
    const id = await withDatabase(async (db) => {
      const row = await db.query(
        `INSERT INTO users.mail_outbox (id, kind, recipient, subject, text_body, html_body, attempts, failed_at, last_error)
         VALUES (gen_random_uuid(), 'password_reset', $1, 'Sujet', 'texte', '<p>html</p>', 8, now(), '550 mailbox unavailable') RETURNING id`,
        [member.payload.email],
      );
      return row.rows[0].id as string;
    });
    const admin = await signedInAdmin();
    const listed = await admin.client.call('GET /api/admin/mails/failed');
    expect(listed.status).toBe(200);
    expect(listed.body.mails.find((m) => m.id === id)).toMatchObject({ service: 'users', attempts: 8, lastError: '550 mailbox unavailable', to: member.payload.email });
  });
});
