import { signedInAdmin } from '../support/admin.js';
import { ApiClient, signedUpMember } from '../support/api-client.js';
import { publish, withDatabase } from '../support/members.js';

// Moderation basics: a moderator reads the reporters' comments, lists reported donations only, and
// dismisses the reports of a donation found acceptable; the donation stays online.

describe('POST /api/admin/donations/{id}/reports/dismiss', () => {
  it('should dismiss the open reports once, keep the donation online, and record who and when', async () => {
    const owner = await signedUpMember();
    const [first, second] = [await signedUpMember(), await signedUpMember()];
    const donation = await publish(owner.client, 'Chaise vendue 300 DH');
    expect((await first.client.call('POST /api/donations/{id}/reports', { params: { id: donation.id }, body: { reason: 'commercial', details: 'Il demande 300 DH au téléphone' } })).status).toBe(201);
    expect((await second.client.call('POST /api/donations/{id}/reports', { params: { id: donation.id }, body: { reason: 'spam' } })).status).toBe(201);
    const admin = await signedInAdmin();

    const reported = await admin.client.call('GET /api/admin/donations', { query: { reported: 'true', limit: '48' } });
    expect(reported.status).toBe(200);
    expect(reported.body.every((d) => d.reportCount > 0)).toBe(true);
    const listed = reported.body.find((d) => d.id === donation.id);
    expect(listed?.reportCount).toBe(2);
    expect(listed?.reports.map((r) => [r.reason, r.details])).toEqual([
      ['spam', null],
      ['commercial', 'Il demande 300 DH au téléphone'],
    ]);
    expect(new Date(listed!.reports[0]!.createdAt).getTime()).toBeGreaterThan(Date.now() - 60_000);

    const dismissed = await admin.client.call('POST /api/admin/donations/{id}/reports/dismiss', { params: { id: donation.id } });
    expect(dismissed).toMatchObject({ status: 200, body: { donationId: donation.id, dismissed: 2 } });
    // Idempotent: once more dismisses nothing and says so.
    expect(await admin.client.call('POST /api/admin/donations/{id}/reports/dismiss', { params: { id: donation.id } })).toMatchObject({
      status: 200,
      body: { donationId: donation.id, dismissed: 0 },
    });

    expect((await new ApiClient().call('GET /api/donations/{id}', { params: { id: donation.id } })).status).toBe(200);
    const afterwards = await admin.client.call('GET /api/admin/donations', { query: { reported: 'true', limit: '48' } });
    expect(afterwards.body.map((d) => d.id)).not.toContain(donation.id);
    const rows = await withDatabase((db) =>
      db.query(`SELECT dismissed_by, dismissed_at FROM donations.reports WHERE donation_id = $1`, [donation.id]),
    );
    expect(rows.rows).toHaveLength(2);
    for (const row of rows.rows) {
      expect(row.dismissed_by).toBe(admin.user.id);
      expect(row.dismissed_at).toBeInstanceOf(Date);
    }
  });

  it('should refuse members (403), visitors (401), unknown donations (404) and a bad filter (400)', async () => {
    const owner = await signedUpMember();
    const reporter = await signedUpMember();
    const donation = await publish(owner.client);
    expect((await reporter.client.call('POST /api/donations/{id}/reports', { params: { id: donation.id }, body: { reason: 'other' } })).status).toBe(201);

    const member = await reporter.client.call('POST /api/admin/donations/{id}/reports/dismiss', { params: { id: donation.id } });
    expect(member).toMatchObject({ status: 403, body: { code: 'ADMIN_ONLY' } });
    expect((await new ApiClient().call('POST /api/admin/donations/{id}/reports/dismiss', { params: { id: donation.id } })).status).toBe(401);
    expect((await reporter.client.call('GET /api/admin/donations', { query: { reported: 'true' } })).status).toBe(403);

    const admin = await signedInAdmin();
    const unknown = await admin.client.call('POST /api/admin/donations/{id}/reports/dismiss', { params: { id: 99999999 } });
    expect(unknown).toMatchObject({ status: 404, body: { code: 'DONATION_NOT_FOUND' } });
    expect((await admin.client.call('POST /api/admin/donations/{id}/reports/dismiss', { params: { id: 'abc' } })).status).toBe(404);
    const filter = await admin.client.call('GET /api/admin/donations', { query: { reported: 'peut-etre' } });
    expect(filter).toMatchObject({ status: 400, body: { message: 'Le filtre « reported » vaut true ou false.' } });
    // The member's report is still open: nothing was dismissed by the refusals.
    const listed = (await admin.client.call('GET /api/admin/donations', { query: { reported: 'true', limit: '48' } })).body.find((d) => d.id === donation.id);
    expect(listed?.reportCount).toBe(1);
  });
});
