import { randomUUID } from 'node:crypto';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import { Rpc, type MemberModerationResult } from '@hdiya/contracts';
import { requestRpc, testEnv, waitFor } from '@hdiya/testing';
import { signedInAdmin } from '../support/admin.js';
import { ApiClient, asRefusal, signedUpMember } from '../support/api-client.js';
import { waitForMails } from '../support/mailbox.js';
import { withDatabase } from '../support/members.js';
import { memberSockets } from '../support/sockets.js';

// Members report members; moderators list them with their record and the conversations reporters
// attached, suspend, reinstate and dismiss (docs/product.md#member-reports, decision 0057). A
// suspension ends the member's sessions and sockets on every gateway and refuses sign-in with why
// and until when. Every refusal is a French 4xx and writes nothing.

const gatewayUrl = testEnv().gatewayUrl;
const secondGatewayUrl = process.env.HDIYA_E2E_SECOND_GATEWAY_URL!;
const openSocket = memberSockets(gatewayUrl);
let broker: NatsConnection | null = null;

afterAll(async () => {
  await broker?.close();
});

const reportsAbout = (memberId: string): Promise<number> =>
  withDatabase(async (db) => (await db.query(`SELECT count(*)::int AS n FROM users.member_reports WHERE member_id = $1`, [memberId])).rows[0].n);

const login = (username: string, password: string) => new ApiClient().call('POST /api/login', { body: { username, password } });

const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();

describe('POST /api/users/{id}/reports', () => {
  it('should take one report per member a day, attach only a shared conversation, and refuse the rest in French', async () => {
    const [reporter, reported, stranger] = [await signedUpMember(), await signedUpMember(), await signedUpMember()];
    expect((await reporter.client.call('POST /api/messages', { body: { content: 'Vous venez à 18 h ?', receiverId: reported.user.id } })).status).toBe(201);
    const reportAs = (client: ApiClient, body: Record<string, unknown>, id: string = reported.user.id) =>
      client.call('POST /api/users/{id}/reports', { params: { id }, body: body as { reason: 'scam' } });

    // A conversation the two do not share (about a donation they never wrote about) names nothing.
    expect(asRefusal(await reportAs(reporter.client, { reason: 'harassment', conversationId: 2_000_000_000 }))).toMatchObject({
      status: 404,
      body: { code: 'CONVERSATION_NOT_FOUND', field: 'conversationId', message: 'Cette conversation n’existe pas entre vous et ce membre.' },
    });
    expect(asRefusal(await reportAs(stranger.client, { reason: 'harassment', conversationId: 'none' }))).toMatchObject({ status: 404, body: { code: 'CONVERSATION_NOT_FOUND' } });
    expect(await reportsAbout(reported.user.id)).toBe(0);

    expect(await reportAs(reporter.client, { reason: 'harassment', comment: 'Insistant', conversationId: 'none' })).toMatchObject({ status: 201, body: { reported: true } });
    expect(asRefusal(await reportAs(reporter.client, { reason: 'scam' }))).toMatchObject({
      status: 409,
      body: { code: 'ALREADY_REPORTED', message: 'Vous avez déjà signalé ce membre aujourd’hui. Merci, les modérateurs vont examiner votre signalement.' },
    });
    expect(asRefusal(await reportAs(reporter.client, { reason: 'scam' }, reporter.user.id))).toMatchObject({ status: 403, body: { code: 'MEMBER_REPORT_SELF', message: 'Vous ne pouvez pas vous signaler vous-même.' } });
    expect(asRefusal(await reportAs(stranger.client, { reason: 'rude' }))).toMatchObject({ status: 400, body: { field: 'reason', message: expect.stringContaining('Motif de signalement inconnu') } });
    expect(asRefusal(await reportAs(stranger.client, { reason: 'other', comment: 'x'.repeat(1001) }))).toMatchObject({ status: 400, body: { field: 'comment' } });
    expect(asRefusal(await reportAs(stranger.client, { reason: 'scam' }, randomUUID()))).toMatchObject({ status: 404, body: { code: 'USER_NOT_FOUND' } });
    expect((await reportAs(stranger.client, { reason: 'scam' }, 'abc')).status).toBe(404);
    expect((await reportAs(new ApiClient(), { reason: 'scam' })).status).toBe(401);
    expect(await reportsAbout(reported.user.id)).toBe(1);
    expect(await reportAs(stranger.client, { reason: 'no_show' })).toMatchObject({ status: 201 });
  });
});

describe('moderating members', () => {
  it('should list reported members with their record, and an attached conversation’s messages only when attached; members may not', async () => {
    const [withChat, withoutChat, reported] = [await signedUpMember({ firstName: 'Nadia' }), await signedUpMember({ firstName: 'Karim' }), await signedUpMember()];
    await withChat.client.call('POST /api/messages', { body: { content: 'Où est mon colis ?', receiverId: reported.user.id } });
    await withoutChat.client.call('POST /api/messages', { body: { content: 'Message privé à ne pas montrer', receiverId: reported.user.id } });
    await withChat.client.call('POST /api/users/{id}/reports', { params: { id: reported.user.id }, body: { reason: 'scam', conversationId: 'none' } });
    await withoutChat.client.call('POST /api/users/{id}/reports', { params: { id: reported.user.id }, body: { reason: 'inappropriate', comment: 'Propos déplacés' } });

    expect((await withChat.client.call('GET /api/admin/member-reports')).status).toBe(403);
    const admin = await signedInAdmin();
    const listed = (await admin.client.call('GET /api/admin/member-reports')).body.find((m) => m.memberId === reported.user.id)!;
    expect(listed).toMatchObject({ username: reported.payload.username, openReports: 2, suspension: null, record: { given: 0, received: 0, level: 'new' } });
    const attached = listed.reports.find((r) => r.reporterId === withChat.user.id)!;
    const bare = listed.reports.find((r) => r.reporterId === withoutChat.user.id)!;
    expect(attached).toMatchObject({ reporterName: 'Nadia I.', reason: 'scam', conversation: { id: 'none', messages: [{ content: 'Où est mon colis ?' }] } });
    expect(bare).toMatchObject({ reporterName: 'Karim I.', reason: 'inappropriate', comment: 'Propos déplacés', conversation: null });
    expect(JSON.stringify(listed)).not.toContain('Message privé à ne pas montrer');

    expect(await admin.client.call('POST /api/admin/member-reports/{id}/dismiss', { params: { id: bare.id } })).toMatchObject({ status: 200, body: { dismissed: true } });
    expect(await admin.client.call('POST /api/admin/member-reports/{id}/dismiss', { params: { id: bare.id } })).toMatchObject({ status: 200, body: { dismissed: false } });
    expect((await admin.client.call('POST /api/admin/member-reports/{id}/dismiss', { params: { id: randomUUID() } })).status).toBe(404);
    expect((await withChat.client.call('POST /api/admin/member-reports/{id}/dismiss', { params: { id: attached.id } })).status).toBe(403);
  });

  it('should suspend: sessions and sockets end, sign-in says why and until when; reinstating lets the member back', async () => {
    const reported = await signedUpMember();
    const elsewhere = new ApiClient();
    expect((await elsewhere.call('POST /api/login', { body: { username: reported.payload.username, password: reported.payload.password } })).status).toBe(200);
    const socket = await openSocket(reported.client, secondGatewayUrl);
    const closed = new Promise<string>((resolve) => socket.once('disconnect', (reason) => resolve(reason)));
    const admin = await signedInAdmin();
    const suspend = (client: ApiClient, id: string, body: Record<string, unknown>) =>
      client.call('POST /api/admin/members/{id}/suspend', { params: { id }, body: body as { reason: string } });

    expect((await suspend(reported.client, admin.user.id, { reason: 'Abus' })).status).toBe(403);
    expect(asRefusal(await suspend(admin.client, reported.user.id, { reason: 'x' }))).toMatchObject({ status: 400, body: { field: 'reason' } });
    expect(asRefusal(await suspend(admin.client, reported.user.id, { reason: 'Abus', until: '2021-05-01T10:00:00Z' }))).toMatchObject({ status: 400, body: { field: 'until' } });
    expect((await reported.client.call('GET /api/auth/user')).status).toBe(200);

    const until = inDays(5);
    const suspended = await suspend(admin.client, reported.user.id, { reason: 'Arnaque au don', until });
    expect(suspended).toMatchObject({ status: 200, body: { memberId: reported.user.id, suspension: { reason: 'Arnaque au don', until } } });
    // The gateways' consumer of the event ends every session and socket, a moment later.
    expect(await closed).toBe('io server disconnect');
    await waitFor(async () => ((await elsewhere.call('GET /api/notifications/unread-counts')).status === 401 ? true : undefined), { what: 'the other session ended' });
    expect((await reported.client.call('GET /api/auth/user')).status).toBe(401);

    const refused = asRefusal(await login(reported.payload.username, reported.payload.password));
    expect(refused).toMatchObject({ status: 403, body: { code: 'MEMBER_SUSPENDED', suspension: { reason: 'Arnaque au don', until } } });
    expect(refused.body.message).toMatch(/^Votre compte est suspendu jusqu’au .+ Motif : Arnaque au don\. Pour contester/);
    const [mail] = await waitForMails(reported.payload.email, { match: (m) => m.subject === 'Votre compte Hdiya est suspendu' });
    expect(mail!.text).toContain('Arnaque au don');
    expect(mail!.text).toContain(`${gatewayUrl}/contact`);

    expect(asRefusal(await suspend(admin.client, reported.user.id, { reason: 'Encore' }))).toMatchObject({ status: 409, body: { code: 'MEMBER_ALREADY_SUSPENDED' } });
    expect(asRefusal(await suspend(admin.client, admin.user.id, { reason: 'Abus' }))).toMatchObject({ status: 403, body: { code: 'MEMBER_NOT_SUSPENDABLE' } });
    expect((await suspend(admin.client, randomUUID(), { reason: 'Abus' })).status).toBe(404);

    expect(await admin.client.call('POST /api/admin/members/{id}/reinstate', { params: { id: reported.user.id } })).toMatchObject({ status: 200, body: { suspension: { endedBy: admin.user.id } } });
    expect((await login(reported.payload.username, reported.payload.password)).status).toBe(200);
    expect(asRefusal(await admin.client.call('POST /api/admin/members/{id}/reinstate', { params: { id: reported.user.id } }))).toMatchObject({ status: 409, body: { code: 'MEMBER_NOT_SUSPENDED' } });
  });

  it('should end the sessions through the gateways’ consumer of the event, whoever suspended', async () => {
    // The users service suspends with no HTTP request at all: only the gateways' consumer of
    // users.MemberSuspended.v1 can end the sessions.
    const reported = await signedUpMember();
    const socket = await openSocket(reported.client, secondGatewayUrl);
    const closed = new Promise<string>((resolve) => socket.once('disconnect', (reason) => resolve(reason)));
    const admin = await signedInAdmin();
    const passwords = JSON.parse(process.env.HDIYA_E2E_NATS_PASSWORDS ?? '{}') as Record<string, string>;
    broker = await connect({ servers: process.env.HDIYA_E2E_NATS_URL!, user: 'gateway', pass: passwords.gateway, inboxPrefix: '_INBOX_gateway' });
    await requestRpc<MemberModerationResult>(broker, Rpc.users.suspendMember, {
      actor: { id: admin.user.id, role: 'admin' },
      memberId: reported.user.id,
      suspension: { reason: 'Harcèlement' },
    });
    expect(await closed).toBe('io server disconnect');
    // The session itself is gone (a route that reads no account answers 401 too).
    await waitFor(async () => ((await reported.client.call('GET /api/notifications/unread-counts')).status === 401 ? true : undefined), { what: 'the session ended' });
    expect(asRefusal(await login(reported.payload.username, reported.payload.password)).body.message).toContain('suspendu définitivement');
  });
});
