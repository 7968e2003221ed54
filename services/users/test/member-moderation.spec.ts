import type { INestMicroservice } from '@nestjs/common';
import type { NatsConnection } from '@nats-io/transport-node';
import { randomUUID } from 'node:crypto';
import { DataSource } from 'typeorm';
import { Rpc, type AccountView, type Actor, type MemberModerationResult, type StoredMemberModerationView } from '@hdiya/contracts';
import { requestRpc, RpcFailure, startTestService, stopTestService, testServiceEnv } from '@hdiya/testing';
import { AppModule } from '../src/app.module.js';
import { loadUsersConfig } from '../src/config.js';
import { MemberSuspensionsService } from '../src/moderation/member-suspensions.service.js';

let app: INestMicroservice;
let nc: NatsConnection;
let db: DataSource;

const PASSWORD = 'un-mot-de-passe';

async function member(overrides: Record<string, unknown> = {}): Promise<AccountView> {
  const tag = randomUUID().slice(0, 8);
  return requestRpc<AccountView>(nc, Rpc.users.signup, {
    username: `mod_${tag}`,
    email: `mod_${tag}@example.ma`,
    phone: `06${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`,
    password: PASSWORD,
    confirmPassword: PASSWORD,
    ...overrides,
  });
}

async function moderator(): Promise<Actor> {
  const account = await member();
  await db.query(`UPDATE users.users SET role = 'admin' WHERE id = $1`, [account.id]);
  return { id: account.id, role: 'admin' };
}

const actorOf = (account: AccountView): Actor => ({ id: account.id, role: 'member' });

async function refusal(promise: Promise<unknown>): Promise<RpcFailure['body']> {
  const error = await promise.then(() => null, (e: unknown) => e);
  expect(error).toBeInstanceOf(RpcFailure);
  return (error as RpcFailure).body;
}

async function eventsAbout(type: string, memberId: string): Promise<{ payload: Record<string, unknown> }[]> {
  const rows: { envelope: { payload: Record<string, unknown> } }[] = await db.query(
    `SELECT envelope FROM users.outbox WHERE envelope->>'type' = $1 AND envelope->'payload'->>'memberId' = $2 ORDER BY id`,
    [type, memberId],
  );
  return rows.map((row) => row.envelope);
}

const report = (reporter: AccountView, memberId: string, body: Record<string, unknown> = { reason: 'harassment' }) =>
  requestRpc<{ reported: true; reportId: string }>(nc, Rpc.users.reportMember, { actor: actorOf(reporter), memberId, report: body });

const suspend = (actor: Actor, memberId: string, suspension: Record<string, unknown>) =>
  requestRpc<MemberModerationResult>(nc, Rpc.users.suspendMember, { actor, memberId, suspension });

/** The moderators' log about a member, oldest first (decision 0058). */
const loggedAbout = async (memberId: string) =>
  (await db.query(`SELECT actor_id, action, reason FROM users.moderation_log WHERE target_type = 'member' AND target_id = $1 ORDER BY at, id`, [memberId])) as {
    actor_id: string;
    action: string;
    reason: string | null;
  }[];
const inDays = (days: number) => new Date(Date.now() + days * 24 * 60 * 60 * 1000).toISOString();

beforeAll(async () => {
  ({ app, nc } = await startTestService('users', AppModule.register(loadUsersConfig(testServiceEnv('users'))), 'users-moderation-test'));
  db = app.get(DataSource);
});

afterAll(() => stopTestService({ app, nc }));

describe('reporting a member', () => {
  it('should keep one report per reporter and member a day, with its comment and attached conversation', async () => {
    const [reporter, reported] = await Promise.all([member(), member()]);
    // Two at once: the member's row lock makes the second see the first.
    const race = await Promise.allSettled([
      report(reporter, reported.id, { reason: 'scam', comment: '  Il demande de l’argent  ', conversationId: 42 }),
      report(reporter, reported.id, { reason: 'scam', comment: '  Il demande de l’argent  ', conversationId: 42 }),
    ]);
    expect(race.map((r) => r.status).sort()).toEqual(['fulfilled', 'rejected']);
    const refused = race.find((r): r is PromiseRejectedResult => r.status === 'rejected')!;
    expect(refused.reason.body).toMatchObject({ status: 409, code: 'ALREADY_REPORTED', message: expect.stringContaining('aujourd’hui') });
    const { reportId } = race.find((r): r is PromiseFulfilledResult<{ reported: true; reportId: string }> => r.status === 'fulfilled')!.value;
    const [row] = await db.query(`SELECT reason, comment, conversation_id, status FROM users.member_reports WHERE id = $1`, [reportId]);
    expect(row).toEqual({ reason: 'scam', comment: 'Il demande de l’argent', conversation_id: '42', status: 'open' });

    // Another reporter may, and the same reporter after a day.
    await report(await member(), reported.id, { reason: 'no_show', conversationId: 'none' });
    await db.query(`UPDATE users.member_reports SET created_at = now() - interval '25 hours' WHERE id = $1`, [reportId]);
    await report(reporter, reported.id);
    const [{ n }] = await db.query(`SELECT count(*)::int AS n FROM users.member_reports WHERE member_id = $1`, [reported.id]);
    expect(n).toBe(3);
  });

  it('should refuse oneself, an unknown member, a bad reason and a long comment, writing nothing', async () => {
    const reporter = await member();
    expect(await refusal(report(reporter, reporter.id))).toMatchObject({ status: 403, code: 'MEMBER_REPORT_SELF' });
    expect(await refusal(report(reporter, randomUUID()))).toMatchObject({ status: 404, code: 'USER_NOT_FOUND' });
    const other = await member();
    expect(await refusal(report(reporter, other.id, { reason: 'rude' }))).toMatchObject({ status: 400, field: 'reason' });
    expect(await refusal(report(reporter, other.id, { reason: 'other', comment: 'x'.repeat(1001) }))).toMatchObject({ status: 400, field: 'comment' });
    expect(await refusal(report(reporter, other.id, { reason: 'other', conversationId: 'abc' }))).toMatchObject({ status: 400, field: 'conversationId' });
    const [{ n }] = await db.query(`SELECT count(*)::int AS n FROM users.member_reports WHERE reporter_id = $1`, [reporter.id]);
    expect(n).toBe(0);
  });
});

describe('suspending a member', () => {
  it('should write the suspension, action the open reports, queue the event and the mail in one go, and refuse sign-in with the reason', async () => {
    const admin = await moderator();
    const reported = await member({ language: 'ar' });
    const reporter = await member();
    await report(reporter, reported.id, { reason: 'harassment', conversationId: 7 });
    const until = inDays(7);

    const result = await suspend(admin, reported.id, { reason: 'Messages insultants répétés', until });
    expect(result).toMatchObject({ memberId: reported.id, closedReports: 1, suspension: { reason: 'Messages insultants répétés', until, endedAt: null } });
    const [account] = await db.query(`SELECT suspension_id FROM users.users WHERE id = $1`, [reported.id]);
    expect(account.suspension_id).toBe(result.suspension!.id);
    const [reportRow] = await db.query(`SELECT status, resolved_by FROM users.member_reports WHERE member_id = $1`, [reported.id]);
    expect(reportRow).toEqual({ status: 'actioned', resolved_by: admin.id });
    const events = await eventsAbout('MemberSuspended', reported.id);
    expect(events).toHaveLength(1);
    expect(events[0]!.payload).toEqual({ memberId: reported.id, suspensionId: result.suspension!.id, until, suspendedAt: result.suspension!.suspendedAt });
    const [mail] = await db.query(`SELECT subject, text_body FROM users.mail_outbox WHERE recipient = $1 AND kind = 'member_suspended'`, [reported.email]);
    expect(mail.subject).toBe('تم تعليق حسابك على هدية');
    expect(mail.text_body).toContain('Messages insultants répétés');
    expect(mail.text_body).toContain('/contact');
    expect(await loggedAbout(reported.id)).toEqual([{ actor_id: admin.id, action: 'member.suspend', reason: 'Messages insultants répétés' }]);

    const signIn = await refusal(requestRpc(nc, Rpc.users.verifyCredentials, { username: reported.username, password: PASSWORD }));
    expect(signIn).toMatchObject({ status: 403, code: 'MEMBER_SUSPENDED', suspension: { reason: 'Messages insultants répétés', until } });
    expect(signIn.message).toContain('Motif : Messages insultants répétés');
    expect(signIn.message).toMatch(/^Votre compte est suspendu jusqu’au \d+ \S+ \d{4}/);
    // A wrong password says nothing of the suspension.
    expect(await refusal(requestRpc(nc, Rpc.users.verifyCredentials, { username: reported.username, password: 'mauvais-mot' }))).toMatchObject({ status: 401 });
    // A session still open gets no account.
    expect(await refusal(requestRpc(nc, Rpc.users.get, { userId: reported.id }))).toMatchObject({ status: 403, code: 'MEMBER_SUSPENDED' });
  });

  it('should ban without a date, and refuse a second suspension, an admin, oneself and a member, writing nothing', async () => {
    const admin = await moderator();
    const reported = await member();
    const banned = await suspend(admin, reported.id, { reason: 'Arnaques' });
    expect(banned.suspension).toMatchObject({ until: null });
    const signIn = await refusal(requestRpc(nc, Rpc.users.verifyCredentials, { username: reported.username, password: PASSWORD }));
    expect(signIn.message).toContain('suspendu définitivement');

    expect(await refusal(suspend(admin, reported.id, { reason: 'Encore' }))).toMatchObject({ status: 409, code: 'MEMBER_ALREADY_SUSPENDED' });
    const other = await moderator();
    expect(await refusal(suspend(admin, other.id, { reason: 'Abus' }))).toMatchObject({ status: 403, code: 'MEMBER_NOT_SUSPENDABLE' });
    expect(await refusal(suspend(admin, admin.id, { reason: 'Abus' }))).toMatchObject({ status: 403, code: 'MEMBER_NOT_SUSPENDABLE' });
    const bystander = await member();
    const target = await member();
    expect(await refusal(suspend(actorOf(bystander), target.id, { reason: 'Abus' }))).toMatchObject({ status: 403, code: 'ADMIN_ONLY' });
    // A member claiming the role is refused too: the users service reads the role it keeps.
    expect(await refusal(suspend({ id: bystander.id, role: 'admin' }, target.id, { reason: 'Abus' }))).toMatchObject({ status: 403, code: 'ADMIN_ONLY' });
    expect(await refusal(suspend(admin, target.id, { reason: 'a' }))).toMatchObject({ status: 400, field: 'reason' });
    expect(await refusal(suspend(admin, target.id, { reason: 'Abus', until: '2020-01-01T00:00:00Z' }))).toMatchObject({ status: 400, field: 'until' });
    expect(await refusal(suspend(admin, randomUUID(), { reason: 'Abus' }))).toMatchObject({ status: 404 });
    const [{ n }] = await db.query(`SELECT count(*)::int AS n FROM users.member_suspensions WHERE member_id IN ($1, $2)`, [target.id, other.id]);
    expect(n).toBe(0);
    expect(await eventsAbout('MemberSuspended', target.id)).toEqual([]);
    expect(await loggedAbout(target.id)).toEqual([]);
  });

  it('should reinstate: the suspension ends, its event and mail, and the member signs in again; 409 when not suspended', async () => {
    const admin = await moderator();
    const reported = await member();
    expect(await refusal(requestRpc(nc, Rpc.users.reinstateMember, { actor: admin, memberId: reported.id }))).toMatchObject({ status: 409, code: 'MEMBER_NOT_SUSPENDED' });
    const { suspension } = await suspend(admin, reported.id, { reason: 'Absences répétées', until: inDays(3) });

    const result = await requestRpc<MemberModerationResult>(nc, Rpc.users.reinstateMember, { actor: admin, memberId: reported.id });
    expect(result.suspension).toMatchObject({ id: suspension!.id, endedBy: admin.id, endedAt: expect.any(String) });
    expect((await eventsAbout('MemberReinstated', reported.id)).map((e) => e.payload)).toEqual([
      { memberId: reported.id, suspensionId: suspension!.id, reinstatedAt: result.suspension!.endedAt },
    ]);
    const [{ n }] = await db.query(`SELECT count(*)::int AS n FROM users.mail_outbox WHERE recipient = $1 AND kind = 'member_reinstated'`, [reported.email]);
    expect(n).toBe(1);
    expect((await loggedAbout(reported.id)).map((entry) => entry.action)).toEqual(['member.suspend', 'member.reinstate']);
    const account = await requestRpc<AccountView>(nc, Rpc.users.verifyCredentials, { username: reported.username, password: PASSWORD });
    expect(account.id).toBe(reported.id);
  });

  it('should end a suspension whose date passed once, however many replicas run the job at once', async () => {
    const admin = await moderator();
    const reported = await member();
    const { suspension } = await suspend(admin, reported.id, { reason: 'Une semaine pour réfléchir', until: inDays(7) });
    await db.query(`UPDATE users.member_suspensions SET suspended_at = now() - interval '8 days', until = now() - interval '1 day' WHERE id = $1`, [suspension!.id]);
    // The date passed: sign-in lets the member in before the job comes round.
    await requestRpc<AccountView>(nc, Rpc.users.verifyCredentials, { username: reported.username, password: PASSWORD });

    const job = app.get(MemberSuspensionsService);
    await Promise.all([job.endExpired(), job.endExpired(), job.endExpired()]);
    const [row] = await db.query(`SELECT ended_at, ended_by FROM users.member_suspensions WHERE id = $1`, [suspension!.id]);
    expect(row.ended_at).toBeInstanceOf(Date);
    expect(row.ended_by).toBeNull();
    const [account] = await db.query(`SELECT suspension_id FROM users.users WHERE id = $1`, [reported.id]);
    expect(account.suspension_id).toBeNull();
    expect(await eventsAbout('MemberReinstated', reported.id)).toHaveLength(1);
    // A new suspension may follow.
    await suspend(admin, reported.id, { reason: 'Récidive' });
  });
});

describe('the moderators’ list', () => {
  it('should list members with open reports first, with reporters’ names, suspensions and attached conversations, for moderators only', async () => {
    const admin = await moderator();
    const reporter = await member({ firstName: 'Salma' });
    const reported = await member();
    await report(reporter, reported.id, { reason: 'inappropriate', comment: 'Photos déplacées', conversationId: 'none' });
    const quiet = await member();
    await suspend(admin, quiet.id, { reason: 'Spam', until: inDays(2) });

    const list = await requestRpc<StoredMemberModerationView[]>(nc, Rpc.users.memberReports, { actor: admin });
    const reportedAt = list.findIndex((m) => m.memberId === reported.id);
    const quietAt = list.findIndex((m) => m.memberId === quiet.id);
    expect(reportedAt).toBeGreaterThanOrEqual(0);
    expect(quietAt).toBeGreaterThan(reportedAt);
    expect(list[reportedAt]).toMatchObject({
      username: reported.username,
      openReports: 1,
      suspension: null,
      reports: [{ reporterId: reporter.id, reporterName: 'Salma', reason: 'inappropriate', comment: 'Photos déplacées', conversationId: 'none', status: 'open' }],
    });
    expect(list[quietAt]).toMatchObject({ suspension: { reason: 'Spam' }, reports: [] });

    expect(await refusal(requestRpc(nc, Rpc.users.memberReports, { actor: actorOf(reporter) }))).toMatchObject({ status: 403, code: 'ADMIN_ONLY' });
  });

  it('should dismiss one open report, once', async () => {
    const admin = await moderator();
    const [reporter, reported] = await Promise.all([member(), member()]);
    const { reportId } = await report(reporter, reported.id);
    const dismiss = () => requestRpc(nc, Rpc.users.dismissMemberReport, { actor: admin, reportId });
    expect(await dismiss()).toEqual({ reportId, memberId: reported.id, dismissed: true });
    expect(await dismiss()).toEqual({ reportId, memberId: reported.id, dismissed: false });
    const [row] = await db.query(`SELECT status, resolved_by FROM users.member_reports WHERE id = $1`, [reportId]);
    expect(row).toEqual({ status: 'dismissed', resolved_by: admin.id });
    // Once in the log, however many times it was asked.
    expect(await loggedAbout(reported.id)).toEqual([{ actor_id: admin.id, action: 'member_report.dismiss', reason: null }]);
    expect(await refusal(requestRpc(nc, Rpc.users.dismissMemberReport, { actor: admin, reportId: randomUUID() }))).toMatchObject({ status: 404 });
    expect(await refusal(requestRpc(nc, Rpc.users.dismissMemberReport, { actor: actorOf(reporter), reportId }))).toMatchObject({ status: 403 });
  });
});
