import { randomUUID } from 'node:crypto';
import { Rpc, type DonationPage, type DonationView, type HealthReport } from '@hdiya/contracts';
import { requestRpc, RpcFailure } from '@hdiya/testing';
import { admin, DonationsFixture, member } from './donations-fixture.js';

const fixture = new DonationsFixture();

async function refusal(promise: Promise<unknown>) {
  const error = await promise.then(() => null, (e: unknown) => e);
  expect(error).toBeInstanceOf(RpcFailure);
  return (error as RpcFailure).body;
}

async function eventsFor(donationId: number): Promise<{ type: string; payload: Record<string, unknown> }[]> {
  const rows = await fixture.db.query(
    `SELECT envelope FROM donations.outbox WHERE (envelope->'payload'->>'donationId')::int = $1 ORDER BY position`,
    [donationId],
  );
  return rows.map((r: { envelope: { type: string; payload: Record<string, unknown> } }) => r.envelope);
}

beforeAll(() => fixture.start());
afterAll(() => fixture.stop());

describe('donations service', () => {
  it('should boot on its own schema and answer its health request', async () => {
    const report = await requestRpc<HealthReport>(fixture.nc, Rpc.donations.health, {});
    expect(report).toEqual({ service: 'donations', status: 'up', dependencies: { database: 'up', nats: 'up' } });
  });
});

describe('publishing', () => {
  it('should make the acting member the owner, fix the reward at 5 and record DonationCreated', async () => {
    const owner = member();
    const donation = await fixture.create(owner, { pointsValue: 20, userId: randomUUID(), city: 'fes' });
    expect(donation).toMatchObject({ userId: owner.id, pointsValue: 5, status: 'available', city: 'Fès' });
    expect(donation.owner.displayName).toBe('Utilisateur');
    expect(await eventsFor(donation.id)).toEqual([
      expect.objectContaining({ type: 'DonationCreated', payload: expect.objectContaining({ ownerId: owner.id, donationId: donation.id }) }),
    ]);
  });

  it('should place a donation without coordinates at its city', async () => {
    const donation = await fixture.create(member(), { city: 'Marrakech' });
    expect(donation.latitude).toBeCloseTo(31.63, 1);
  });

  it('should refuse an unknown category or city, and half a position', async () => {
    expect(await refusal(fixture.create(member(), { categoryId: 99 }))).toMatchObject({ status: 400, code: 'CATEGORY_NOT_FOUND', field: 'categoryId' });
    expect(await refusal(fixture.create(member(), { city: 'Atlantis' }))).toMatchObject({ status: 400, code: 'CITY_NOT_FOUND', field: 'city' });
    expect(await refusal(fixture.create(member(), { latitude: 33.5 }))).toMatchObject({ status: 400, field: 'longitude' });
    expect(await refusal(fixture.create(member(), { title: '  ' }))).toMatchObject({ status: 400, field: 'title' });
  });
});

describe('editing and deleting', () => {
  it('should let the owner edit, and refuse anyone else', async () => {
    const owner = member();
    const donation = await fixture.create(owner);
    const edited = await fixture.call<{ donation: DonationView }>(Rpc.donations.update, {
      actor: owner,
      donationId: donation.id,
      changes: { title: 'Nouveau titre', city: 'Rabat' },
    });
    expect(edited.donation).toMatchObject({ title: 'Nouveau titre', city: 'Rabat' });
    expect(edited.donation.latitude).toBeCloseTo(34.01, 1);
    const other = await refusal(fixture.call(Rpc.donations.update, { actor: member(), donationId: donation.id, changes: { title: 'Pirate' } }));
    expect(other).toMatchObject({ status: 403, code: 'DONATION_NOT_OWNER' });
  });

  it('should let only the owner delete, only while available, and record DonationDeleted once', async () => {
    const owner = member();
    const donation = await fixture.create(owner);
    expect(await refusal(fixture.call(Rpc.donations.delete, { actor: member(), donationId: donation.id }))).toMatchObject({ status: 403 });
    expect(await refusal(fixture.call(Rpc.donations.delete, { actor: { ...member(), role: 'admin' }, donationId: donation.id }))).toMatchObject({
      status: 403,
    });
    await fixture.call(Rpc.donations.delete, { actor: owner, donationId: donation.id });
    expect(await refusal(fixture.call(Rpc.donations.get, { donationId: donation.id }))).toMatchObject({ status: 404, code: 'DONATION_NOT_FOUND' });
    expect(await refusal(fixture.call(Rpc.donations.delete, { actor: owner, donationId: donation.id }))).toMatchObject({ status: 404 });
    const types = (await eventsFor(donation.id)).map((e) => e.type);
    expect(types).toEqual(['DonationCreated', 'DonationDeleted']);
  });

  it('should refuse to edit or delete a reserved donation', async () => {
    const owner = member();
    const donation = await fixture.create(owner);
    await fixture.db.query(`UPDATE donations.donations SET status = 'reserved', reserved_by_id = $2, reserved_at = now(), reservation_id = gen_random_uuid() WHERE id = $1`, [
      donation.id,
      randomUUID(),
    ]);
    expect(await refusal(fixture.call(Rpc.donations.delete, { actor: owner, donationId: donation.id }))).toMatchObject({
      status: 409,
      code: 'DONATION_NOT_DELETABLE',
    });
    expect(await refusal(fixture.call(Rpc.donations.update, { actor: owner, donationId: donation.id, changes: { title: 'x' } }))).toMatchObject({
      status: 409,
      code: 'DONATION_NOT_EDITABLE',
    });
  });

  it('should let a moderator remove any donation, reporting the open reservation', async () => {
    const donation = await fixture.create(member());
    const reserver = randomUUID();
    await fixture.db.query(`UPDATE donations.donations SET status = 'reserved', reserved_by_id = $2, reserved_at = now(), reservation_id = gen_random_uuid() WHERE id = $1`, [
      donation.id,
      reserver,
    ]);
    expect(await refusal(fixture.call(Rpc.donations.forceDelete, { actor: member(), donationId: donation.id }))).toMatchObject({ status: 403 });
    await fixture.call(Rpc.donations.forceDelete, { actor: admin(), donationId: donation.id });
    const deleted = (await eventsFor(donation.id)).find((e) => e.type === 'DonationDeleted');
    expect(deleted?.payload).toMatchObject({ deletedBy: 'moderator', status: 'reserved', reservedById: reserver, reservationId: expect.any(String) });
  });
});

describe('favourites', () => {
  it('should be idempotent both ways and list the latest first', async () => {
    const fan = member();
    const [a, b] = [await fixture.create(member()), await fixture.create(member())];
    for (let i = 0; i < 3; i += 1) await fixture.call(Rpc.donations.addFavorite, { actor: fan, donationId: a.id });
    await fixture.call(Rpc.donations.addFavorite, { actor: fan, donationId: b.id });
    const list = await fixture.call<DonationPage>(Rpc.donations.favorites, { actor: fan, page: {} });
    expect(list.items.map((d) => d.id)).toEqual([b.id, a.id]);
    await fixture.call(Rpc.donations.removeFavorite, { actor: fan, donationId: a.id });
    await fixture.call(Rpc.donations.removeFavorite, { actor: fan, donationId: a.id });
    expect((await fixture.call<DonationPage>(Rpc.donations.favorites, { actor: fan, page: {} })).items.map((d) => d.id)).toEqual([b.id]);
  });

  it('should refuse a missing donation and your own', async () => {
    const owner = member();
    const mine = await fixture.create(owner);
    expect(await refusal(fixture.call(Rpc.donations.addFavorite, { actor: owner, donationId: mine.id }))).toMatchObject({ status: 403 });
    expect(await refusal(fixture.call(Rpc.donations.addFavorite, { actor: owner, donationId: 2_000_000 }))).toMatchObject({ status: 404 });
  });
});

describe('reports and moderation', () => {
  it('should put reported donations first with their count, once per reporter', async () => {
    const donation = await fixture.create(member());
    const [r1, r2] = [member(), member()];
    await fixture.call(Rpc.donations.report, { actor: r1, donationId: donation.id, report: { reason: 'commercial' } });
    await fixture.call(Rpc.donations.report, { actor: r2, donationId: donation.id, report: { reason: 'spam', details: 'Revendeur' } });
    expect(await refusal(fixture.call(Rpc.donations.report, { actor: r1, donationId: donation.id, report: { reason: 'spam' } }))).toMatchObject({
      status: 409,
      code: 'ALREADY_REPORTED',
    });
    expect(await refusal(fixture.call(Rpc.donations.report, { actor: r1, donationId: donation.id, report: { reason: 'nope' } }))).toMatchObject({
      status: 400,
      field: 'reason',
    });
    const list = await fixture.call<DonationPage<DonationView & { reportCount: number; reportReasons: string[] }>>(Rpc.donations.moderationList, {
      actor: admin(),
      page: { limit: 5 },
    });
    const listed = list.items.find((d) => d.id === donation.id);
    expect(listed).toMatchObject({ reportCount: 2, reportReasons: ['commercial', 'spam'] });
    expect(list.items[0]!.reportCount).toBeGreaterThanOrEqual(2);
    expect(await refusal(fixture.call(Rpc.donations.moderationList, { actor: member(), page: {} }))).toMatchObject({ status: 403 });
  });
});
