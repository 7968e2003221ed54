import type { INestMicroservice } from '@nestjs/common';
import type { NatsConnection } from '@nats-io/transport-node';
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { DataSource } from 'typeorm';
import { Rpc, type AccountView, type ContactMessageView, type DonationPage, type ModerationLogEntry } from '@hdiya/contracts';
import { adminDatabaseUrl, requestRpc, RpcFailure, startTestService, stopTestService, testServiceEnv } from '@hdiya/testing';
import { AppModule } from '../src/app.module.js';
import { loadUsersConfig } from '../src/config.js';
import { ContactService } from '../src/contact/contact.service.js';
import { SupportMails } from '../src/mail/support-mails.js';

// The support inbox and the users service's moderation log on the real service, database and
// NATS (issue 45): a contact message keeps its sender's language and is mailed to SUPPORT_EMAIL
// with it; a moderator's reply is stored, mailed to the sender in that language and logged, all in
// one transaction; moderators alone (by the session and by this service's records) read both.

const SUPPORT = `support_${randomUUID().slice(0, 8)}@hdiya.test`;
let app: INestMicroservice;
let nc: NatsConnection;
let db: DataSource;

beforeAll(async () => {
  ({ app, nc } = await startTestService('users', AppModule.register(loadUsersConfig({ ...testServiceEnv('users'), SUPPORT_EMAIL: SUPPORT })), 'users-support-test'));
  db = app.get(DataSource);
});

afterAll(() => stopTestService({ app, nc }));

async function refusal(promise: Promise<unknown>): Promise<RpcFailure['body']> {
  const error = await promise.then(() => null, (e: unknown) => e);
  expect(error).toBeInstanceOf(RpcFailure);
  return (error as RpcFailure).body;
}

async function account(role: 'member' | 'admin' = 'member', language: 'fr' | 'ar' = 'fr') {
  const tag = randomUUID().slice(0, 8);
  const created = await requestRpc<AccountView>(nc, Rpc.users.signup, {
    username: `si_${tag}`,
    email: `si_${tag}@example.ma`,
    phone: `06${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`,
    password: 'un-mot-de-passe',
    confirmPassword: 'un-mot-de-passe',
    firstName: role === 'admin' ? 'Modératrice' : 'Membre',
  });
  await db.query(`UPDATE users.users SET role = $2, language = $3 WHERE id = $1`, [created.id, role, language]);
  return { ...created, actor: { id: created.id, role } };
}

function contactPayload(overrides: Record<string, unknown> = {}) {
  const tag = randomUUID().slice(0, 8);
  return { name: 'Salma <b>', email: `sender_${tag}@example.ma`, subject: `Question ${tag}`, message: 'Bonjour,\nComment <script>donner</script> un frigo ?', ...overrides };
}

const mailsTo = (recipient: string): Promise<{ kind: string; subject: string; text_body: string; html_body: string; headers: Record<string, string> }[]> =>
  db.query(`SELECT kind, subject, text_body, html_body, headers FROM users.mail_outbox WHERE recipient = $1 ORDER BY created_at`, [recipient]);
const logOf = (contactMessageId: string): Promise<{ actor_id: string; action: string; details: Record<string, unknown> }[]> =>
  db.query(`SELECT actor_id, action, details FROM users.moderation_log WHERE target_type = 'contact_message' AND target_id = $1 ORDER BY at`, [contactMessageId]);

describe('a contact message received', () => {
  it('should keep the page’s language for a visitor and the account’s for a member', async () => {
    const visitor = await requestRpc<{ id: string }>(nc, Rpc.users.contact, { ...contactPayload(), language: 'ar' });
    const member = await account('member', 'fr');
    const signedIn = await requestRpc<{ id: string }>(nc, Rpc.users.contact, { ...contactPayload(), userId: member.id, language: 'ar' });
    const older = await requestRpc<{ id: string }>(nc, Rpc.users.contact, contactPayload());
    const stored = await db.query(`SELECT id, language, status FROM users.contact_messages WHERE id = ANY($1) ORDER BY created_at`, [[visitor.id, signedIn.id, older.id]]);
    expect(stored).toEqual([
      { id: visitor.id, language: 'ar', status: 'new' },
      { id: signedIn.id, language: 'fr', status: 'new' },
      { id: older.id, language: 'fr', status: 'new' },
    ]);
  });

  it('should mail SUPPORT_EMAIL with the sender’s words in the body only, escaped, and Reply-To the sender', async () => {
    const payload = contactPayload();
    const { id } = await requestRpc<{ id: string }>(nc, Rpc.users.contact, payload);
    const mail = (await mailsTo(SUPPORT)).find((m) => m.text_body.includes(payload.subject))!;
    expect(mail).toMatchObject({ kind: 'contact_received', subject: 'Nouveau message de contact sur Hdiya', headers: { 'Reply-To': payload.email } });
    expect(mail.text_body).toContain(`De : Salma <b> <${payload.email}>`);
    expect(mail.text_body).toContain('Comment <script>donner</script> un frigo ?');
    expect(mail.html_body).toContain('Comment &lt;script&gt;donner&lt;/script&gt; un frigo ?');
    expect(mail.html_body).not.toContain('<script>');
    expect(await db.query(`SELECT id FROM users.contact_messages WHERE id = $1`, [id])).toHaveLength(1);
  });

  it('should mail nobody without SUPPORT_EMAIL', async () => {
    const withoutSupport = new ContactService(db, new SupportMails(null, 'http://localhost:3000'));
    const payload = contactPayload();
    const { id } = await withoutSupport.receive(payload, null, 'fr');
    expect(await db.query(`SELECT id FROM users.contact_messages WHERE id = $1`, [id])).toHaveLength(1);
    expect(await db.query(`SELECT id FROM users.mail_outbox WHERE text_body LIKE $1`, [`%${payload.subject}%`])).toEqual([]);
  });
});

describe('the support inbox', () => {
  it('should let moderators alone list it, unanswered first, and a page after another', async () => {
    const member = await account();
    const moderator = await account('admin');
    const list = (actor: { id: string; role: string }, page: Record<string, unknown> = {}) =>
      requestRpc<DonationPage<ContactMessageView>>(nc, Rpc.users.contactMessages, { actor, page });
    expect(await refusal(list(member.actor))).toMatchObject({ status: 403, code: 'ADMIN_ONLY' });
    // A session claiming the role is not enough: this service's records decide.
    expect(await refusal(list({ id: member.id, role: 'admin' }))).toMatchObject({ status: 403, code: 'ADMIN_ONLY' });

    const answered = await requestRpc<{ id: string }>(nc, Rpc.users.contact, contactPayload());
    await requestRpc(nc, Rpc.users.replyToContact, { actor: moderator.actor, contactMessageId: answered.id, reply: { message: 'Voilà.' } });
    const waiting = await requestRpc<{ id: string }>(nc, Rpc.users.contact, contactPayload());
    const first = await list(moderator.actor, { limit: 1 });
    expect(first.items.map((m) => m.id)).toEqual([waiting.id]);
    expect(first.nextCursor).toEqual(expect.any(String));
    const seen: ContactMessageView[] = [...first.items];
    let cursor = first.nextCursor;
    while (cursor && !seen.some((m) => m.id === answered.id)) {
      const next = await list(moderator.actor, { limit: 48, cursor });
      seen.push(...next.items);
      cursor = next.nextCursor;
    }
    const states = seen.map((m) => m.status);
    expect(states.indexOf('answered')).toBeGreaterThan(states.lastIndexOf('new'));
    expect(seen.find((m) => m.id === answered.id)).toMatchObject({ status: 'answered', replies: [{ authorId: moderator.id, authorName: 'Modératrice', message: 'Voilà.' }] });
    expect(new Set(seen.map((m) => m.id)).size).toBe(seen.length);
    expect(await refusal(list(moderator.actor, { cursor: 'pas-un-curseur' }))).toMatchObject({ status: 400, field: 'cursor' });
  });

  it('should store a reply, answer the message, mail the sender in their language and log it, and take more replies', async () => {
    const moderator = await account('admin');
    const payload = contactPayload({ subject: 'سؤال عن الثلاجة' });
    const { id } = await requestRpc<{ id: string }>(nc, Rpc.users.contact, { ...payload, language: 'ar' });
    const reply = (message: string) => requestRpc<ContactMessageView>(nc, Rpc.users.replyToContact, { actor: moderator.actor, contactMessageId: id, reply: { message } });

    const answered = await reply('شكرًا لرسالتك.\nسنعود إليك.');
    expect(answered).toMatchObject({ id, status: 'answered', language: 'ar', replies: [{ authorId: moderator.id, message: 'شكرًا لرسالتك.\nسنعود إليك.' }] });
    const [mail] = await mailsTo(payload.email);
    expect(mail).toMatchObject({ kind: 'contact_reply', subject: 'ردّ فريق هدية على رسالتك' });
    expect(mail!.text_body).toContain('«سؤال عن الثلاجة»');
    expect(mail!.text_body).toContain('سنعود إليك.');
    expect(mail!.html_body).toContain('dir="rtl"');
    expect(await logOf(id)).toEqual([{ actor_id: moderator.id, action: 'contact.reply', details: { replyId: answered.replies[0]!.id, language: 'ar', firstReply: true } }]);

    const again = await reply('Une précision.');
    expect(again.replies.map((r) => r.message)).toEqual(['شكرًا لرسالتك.\nسنعود إليك.', 'Une précision.']);
    expect((await logOf(id)).map((e) => e.details.firstReply)).toEqual([true, false]);
    expect(await mailsTo(payload.email)).toHaveLength(2);
  });

  it('should refuse a blank, too long or unknown reply and write nothing', async () => {
    const moderator = await account('admin');
    const member = await account();
    const payload = contactPayload();
    const { id } = await requestRpc<{ id: string }>(nc, Rpc.users.contact, payload);
    const reply = (message: unknown, contactMessageId: string = id, actor: { id: string; role: string } = moderator.actor) =>
      requestRpc(nc, Rpc.users.replyToContact, { actor, contactMessageId, reply: { message } });

    expect(await refusal(reply('   '))).toMatchObject({ status: 400, field: 'message', message: 'La réponse doit contenir entre 1 et 5000 caractères.' });
    expect(await refusal(reply('x'.repeat(5001)))).toMatchObject({ status: 400, message: 'Le champ message ne doit pas dépasser 5000 caractères.' });
    expect(await refusal(reply('Bonjour', randomUUID()))).toMatchObject({ status: 404, code: 'CONTACT_MESSAGE_NOT_FOUND', message: 'Ce message de contact n’existe pas.' });
    expect(await refusal(reply('Bonjour', id, member.actor))).toMatchObject({ status: 403 });
    expect(await db.query(`SELECT status FROM users.contact_messages WHERE id = $1`, [id])).toEqual([{ status: 'new' }]);
    expect(await db.query(`SELECT id FROM users.contact_replies WHERE contact_message_id = $1`, [id])).toEqual([]);
    expect(await logOf(id)).toEqual([]);
    expect(await mailsTo(payload.email)).toEqual([]);
  });

  it('should keep nothing of a reply whose mail cannot be enqueued: one transaction', async () => {
    const moderator = await account('admin');
    const payload = contactPayload();
    const { id } = await requestRpc<{ id: string }>(nc, Rpc.users.contact, payload);
    const su = new pg.Client({ connectionString: adminDatabaseUrl() });
    await su.connect();
    // A fault only this test sets: the mail outbox refuses this sender's mail.
    await su.query(`CREATE FUNCTION users.test_refuse_mail() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN IF NEW.recipient = '${payload.email}' THEN RAISE EXCEPTION 'mail refused by the test'; END IF; RETURN NEW; END $$`);
    await su.query(`CREATE TRIGGER test_refuse_mail BEFORE INSERT ON users.mail_outbox FOR EACH ROW EXECUTE FUNCTION users.test_refuse_mail()`);
    try {
      await refusal(requestRpc(nc, Rpc.users.replyToContact, { actor: moderator.actor, contactMessageId: id, reply: { message: 'Bonjour' } }));
    } finally {
      await su.query(`DROP TRIGGER test_refuse_mail ON users.mail_outbox; DROP FUNCTION users.test_refuse_mail()`);
      await su.end();
    }
    expect(await db.query(`SELECT status FROM users.contact_messages WHERE id = $1`, [id])).toEqual([{ status: 'new' }]);
    expect(await db.query(`SELECT id FROM users.contact_replies WHERE contact_message_id = $1`, [id])).toEqual([]);
    expect(await logOf(id)).toEqual([]);
  });
});

describe('the users service’s moderation log', () => {
  it('should answer moderators only, and refuse to change or remove an entry', async () => {
    const moderator = await account('admin');
    const member = await account();
    const { id } = await requestRpc<{ id: string }>(nc, Rpc.users.contact, contactPayload());
    await requestRpc(nc, Rpc.users.replyToContact, { actor: moderator.actor, contactMessageId: id, reply: { message: 'Merci.' } });
    const read = (actor: { id: string; role: string }) =>
      requestRpc<ModerationLogEntry[]>(nc, Rpc.users.moderationLog, { actor, filters: { targetType: 'contact_message', targetId: id, limit: 10 } });
    expect(await refusal(read(member.actor))).toMatchObject({ status: 403, code: 'ADMIN_ONLY' });
    const [entry] = await read(moderator.actor);
    expect(entry).toMatchObject({ actorId: moderator.id, action: 'contact.reply', targetType: 'contact_message', targetId: id, reason: null });
    for (const statement of [`UPDATE users.moderation_log SET actor_id = $1 WHERE id = '${entry!.id}'`, `DELETE FROM users.moderation_log WHERE actor_id = $1`, `TRUNCATE users.moderation_log`]) {
      await expect(db.query(statement, statement.includes('$1') ? [member.id] : [])).rejects.toThrow(/append-only/);
    }
    expect(await read(moderator.actor)).toEqual([entry]);
  });
});
