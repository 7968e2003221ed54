import { randomUUID } from 'node:crypto';
import type { ContactMessageView } from '@hdiya/contracts';
import { signedInAdmin } from '../support/admin.js';
import { ApiClient, asRefusal, signedUpMember, type ApiResponse } from '../support/api-client.js';
import { waitForMails } from '../support/mailbox.js';
import { withDatabase } from '../support/members.js';

// The support inbox through HTTP (docs/product.md#support-inbox): the contact form's message
// keeps its sender's language and reaches SUPPORT_EMAIL by mail; moderators list the inbox and
// reply, the sender gets the reply in their language from the mail catcher, and bad input gets a
// French 4xx that writes nothing.

const SUPPORT = process.env.HDIYA_E2E_SUPPORT_EMAIL ?? 'support@hdiya.test';

function contact(overrides: Record<string, string> = {}) {
  const tag = randomUUID().slice(0, 8);
  return { name: 'Khadija', email: `k_${tag}@example.ma`, subject: `Frigo ${tag}`, message: 'Bonjour, comment <b>réserver</b> un frigo ?', ...overrides };
}

/** The inbox from its first page up to the message `until` picks (the shared stack's inbox keeps every file's messages). */
async function inboxUpTo(admin: ApiClient, until: (message: ContactMessageView) => boolean): Promise<ContactMessageView[]> {
  const seen: ContactMessageView[] = [];
  let cursor: string | null = null;
  for (let page = 0; page < 50; page += 1) {
    const answer: ApiResponse<ContactMessageView[]> = await admin.call('GET /api/admin/contact-messages', { query: { limit: 48, cursor } });
    expect(answer.status).toBe(200);
    seen.push(...answer.body);
    cursor = answer.headers.get('x-next-cursor');
    if (answer.body.some(until) || !cursor) return seen;
  }
  return seen;
}

const send = (body: ReturnType<typeof contact>, client = new ApiClient(), headers: Record<string, string> = {}) => client.call('POST /api/contact', { body, headers });

describe('a contact message', () => {
  it('should reach the support address with the sender as Reply-To and their words in the body only', async () => {
    const body = contact();
    expect((await send(body)).status).toBe(201);
    const [mail] = await waitForMails(SUPPORT, { match: (m) => m.text.includes(body.subject) });
    expect(mail!.subject).toBe('Nouveau message de contact sur Hdiya');
    expect(mail!.headers['reply-to']).toContain(body.email);
    expect(mail!.html).toContain('comment &lt;b&gt;réserver&lt;/b&gt; un frigo');
    expect(mail!.text).toContain(`De : Khadija <${body.email}>`);
  });
});

describe('the support inbox', () => {
  it('should list new messages first, take a reply mailed in the sender’s language, and then show it answered', async () => {
    const admin = await signedInAdmin();
    const visitor = contact({ subject: `سؤال ${randomUUID().slice(0, 6)}` });
    const sent = await send(visitor, new ApiClient(), { cookie: 'hdiya.lang=ar' });
    const member = await signedUpMember();
    const fromMember = contact();
    // A member's own language wins over the page's (French here, whatever the browser says).
    await send(fromMember, member.client, { 'accept-language': 'ar-MA' });

    const inbox = await inboxUpTo(admin.client, (m) => m.id === sent.body.id);
    const listed = inbox.find((m) => m.id === sent.body.id);
    expect(listed).toMatchObject({ status: 'new', language: 'ar', name: 'Khadija', email: visitor.email, subject: visitor.subject, replies: [] });
    // The newest first among the new: the member's, sent after, comes before.
    expect(inbox.findIndex((m) => m.subject === fromMember.subject)).toBeLessThan(inbox.indexOf(listed!));
    expect(inbox.find((m) => m.subject === fromMember.subject)).toMatchObject({ language: 'fr', userId: member.user.id });

    const replied = await admin.client.call('POST /api/admin/contact-messages/{id}/reply', { params: { id: sent.body.id }, body: { message: 'مرحبًا، احجزه من صفحة الهدية.' } });
    expect(replied).toMatchObject({ status: 200, body: { id: sent.body.id, status: 'answered', replies: [{ authorId: admin.user.id, message: 'مرحبًا، احجزه من صفحة الهدية.' }] } });
    const [mail] = await waitForMails(visitor.email);
    expect(mail!.subject).toBe('ردّ فريق هدية على رسالتك');
    expect(mail!.html).toContain('dir="rtl"');
    expect(mail!.text).toContain(`«${visitor.subject}»`);
    expect(mail!.text).toContain('احجزه من صفحة الهدية.');

    // Answered messages come after every new one.
    const after = await inboxUpTo(admin.client, (m) => m.id === sent.body.id);
    const answeredAt = after.findIndex((m) => m.id === sent.body.id);
    expect(after[answeredAt]).toMatchObject({ status: 'answered' });
    expect(after.slice(answeredAt).some((m) => m.status === 'new')).toBe(false);
  });

  it('should refuse a bad reply with a French 4xx and write nothing', async () => {
    const admin = await signedInAdmin();
    const sent = await send(contact());
    const reply = async (id: string, body: unknown) =>
      asRefusal(await admin.client.call('POST /api/admin/contact-messages/{id}/reply', { params: { id }, body: body as { message: string } }));

    expect(await reply(sent.body.id, { message: '  ' })).toMatchObject({ status: 400, body: { field: 'message', message: 'La réponse doit contenir entre 1 et 5000 caractères.' } });
    expect(await reply(sent.body.id, { message: 'x'.repeat(5001) })).toMatchObject({ status: 400, body: { field: 'message' } });
    expect(await reply(sent.body.id, {})).toMatchObject({ status: 400, body: { field: 'message' } });
    expect(await reply(randomUUID(), { message: 'Bonjour' })).toMatchObject({ status: 404, body: { code: 'CONTACT_MESSAGE_NOT_FOUND', message: 'Ce message de contact n’existe pas.' } });
    expect(await reply('pas-un-id', { message: 'Bonjour' })).toMatchObject({ status: 404, body: { code: 'CONTACT_MESSAGE_NOT_FOUND' } });
    const state = await withDatabase(async (db) => ({
      status: (await db.query(`SELECT status FROM users.contact_messages WHERE id = $1`, [sent.body.id])).rows[0].status,
      replies: (await db.query(`SELECT count(*)::int AS n FROM users.contact_replies WHERE contact_message_id = $1`, [sent.body.id])).rows[0].n,
      logged: (await db.query(`SELECT count(*)::int AS n FROM users.moderation_log WHERE target_id = $1`, [sent.body.id])).rows[0].n,
    }));
    expect(state).toEqual({ status: 'new', replies: 0, logged: 0 });
  });

  it('should answer 403 to a member and 401 signed out', async () => {
    const member = await signedUpMember();
    const id = (await send(contact())).body.id;
    expect(asRefusal(await member.client.call('GET /api/admin/contact-messages'))).toMatchObject({ status: 403, body: { code: 'ADMIN_ONLY' } });
    expect((await member.client.call('POST /api/admin/contact-messages/{id}/reply', { params: { id }, body: { message: 'Salut' } })).status).toBe(403);
    expect((await new ApiClient().call('GET /api/admin/contact-messages')).status).toBe(401);
    expect((await new ApiClient().call('POST /api/admin/contact-messages/{id}/reply', { params: { id }, body: { message: 'Salut' } })).status).toBe(401);
  });
});
