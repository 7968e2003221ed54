import { Rpc, type DismissedReportsView, type DonationPage, type ModerationDonationView } from '@hdiya/contracts';
import { RpcFailure } from '@hdiya/testing';
import { admin, DonationsFixture, member } from './donations-fixture.js';

// Moderators read the open reports with their comments, list reported donations only, and dismiss
// the reports of a donation they keep: who and when are recorded, the donation stays as it is.

const fixture = new DonationsFixture();

beforeAll(() => fixture.start());
afterAll(() => fixture.stop());

type Listed = DonationPage<Omit<ModerationDonationView, 'ownerEmail'>>;

async function refusal(promise: Promise<unknown>) {
  const error = await promise.then(() => null, (e: unknown) => e);
  expect(error).toBeInstanceOf(RpcFailure);
  return (error as RpcFailure).body;
}

const list = (reported?: boolean) =>
  fixture.call<Listed>(Rpc.donations.moderationList, { actor: admin(), page: { limit: 48, ...(reported === undefined ? {} : { reported }) } });

describe('moderating reports', () => {
  it('should list the open reports with the comments, newest first, and filter reported donations', async () => {
    const quiet = await fixture.create(member());
    const donation = await fixture.create(member());
    await fixture.call(Rpc.donations.report, { actor: member(), donationId: donation.id, report: { reason: 'commercial', details: 'Vendu 200 DH' } });
    await fixture.call(Rpc.donations.report, { actor: member(), donationId: donation.id, report: { reason: 'other' } });

    const all = await list();
    expect(all.items.map((d) => d.id)).toContain(quiet.id);
    const listed = all.items.find((d) => d.id === donation.id)!;
    expect(listed.reportCount).toBe(2);
    expect(listed.reports.map((r) => [r.reason, r.details])).toEqual([
      ['other', null],
      ['commercial', 'Vendu 200 DH'],
    ]);
    expect(Date.parse(listed.reports[0]!.createdAt)).toBeGreaterThan(Date.now() - 60_000);
    expect(all.items.find((d) => d.id === quiet.id)).toMatchObject({ reportCount: 0, reports: [] });

    const reported = await list(true);
    expect(reported.items.map((d) => d.id)).toContain(donation.id);
    expect(reported.items.map((d) => d.id)).not.toContain(quiet.id);
    expect(reported.items.every((d) => d.reportCount > 0)).toBe(true);
  });

  it('should dismiss the open reports once, record who and when, and keep the donation', async () => {
    const donation = await fixture.create(member());
    await fixture.call(Rpc.donations.report, { actor: member(), donationId: donation.id, report: { reason: 'spam' } });
    const moderator = admin();

    const first = await fixture.call<DismissedReportsView>(Rpc.donations.dismissReports, { actor: moderator, donationId: donation.id });
    expect(first).toEqual({ donationId: donation.id, dismissed: 1 });
    const again = await fixture.call<DismissedReportsView>(Rpc.donations.dismissReports, { actor: moderator, donationId: donation.id });
    expect(again).toEqual({ donationId: donation.id, dismissed: 0 });

    const rows = (await fixture.db.query(`SELECT dismissed_by, dismissed_at FROM donations.reports WHERE donation_id = $1`, [donation.id])) as {
      dismissed_by: string;
      dismissed_at: Date;
    }[];
    expect(rows).toEqual([{ dismissed_by: moderator.id, dismissed_at: expect.any(Date) }]);
    expect(await fixture.call(Rpc.donations.get, { donationId: donation.id })).toMatchObject({ id: donation.id, status: 'available' });
    expect((await list(true)).items.map((d) => d.id)).not.toContain(donation.id);
    expect((await list()).items.find((d) => d.id === donation.id)).toMatchObject({ reportCount: 0, reports: [] });
  });

  it('should refuse a member and an unknown donation', async () => {
    const donation = await fixture.create(member());
    await fixture.call(Rpc.donations.report, { actor: member(), donationId: donation.id, report: { reason: 'dangerous' } });
    expect(await refusal(fixture.call(Rpc.donations.dismissReports, { actor: member(), donationId: donation.id }))).toMatchObject({
      status: 403,
      code: 'ADMIN_ONLY',
    });
    expect(await refusal(fixture.call(Rpc.donations.dismissReports, { actor: admin(), donationId: 2_000_000 }))).toMatchObject({
      status: 404,
      code: 'DONATION_NOT_FOUND',
    });
    expect((await list(true)).items.find((d) => d.id === donation.id)?.reportCount).toBe(1);
  });
});
