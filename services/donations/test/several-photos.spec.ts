import { Rpc, type DonationView } from '@hdiya/contracts';
import { RpcFailure } from '@hdiya/testing';
import { DonationsFixture, member, ONLY_TESTS_RUN_JOBS } from './donations-fixture.js';

// Several photos per donation (decision 0044): up to 5, in order, the first the cover.

const fixture = new DonationsFixture();
const fields = { title: 'Objet', description: 'Un objet à donner', categoryId: 1, city: 'Casablanca', photos: ['stored'] };
type Photo = { imageKey: string; thumbnailKey: string };
type Updated = { donation: DonationView; replacedImageKeys: string[] };

async function refusal(promise: Promise<unknown>) {
  const error = await promise.then(() => null, (e: unknown) => e);
  expect(error).toBeInstanceOf(RpcFailure);
  return (error as RpcFailure).body;
}

const uploads = (actor: ReturnType<typeof member>, count: number) => Promise.all(Array.from({ length: count }, () => fixture.uploadedImage(actor)));
const urlsOf = (photos: Photo[]) => photos.map((photo) => `/api/images/${photo.imageKey}`);
const positions = async (donationId: number) =>
  (await fixture.db.query(`SELECT image_key, position FROM donations.images WHERE donation_id = $1 ORDER BY position`, [donationId])) as {
    image_key: string;
    position: number;
  }[];

// Its jobs would run while this short file stops the service: only tests run them here.
beforeAll(() => fixture.start(ONLY_TESTS_RUN_JOBS));
afterAll(() => fixture.stop());

describe('several photos per donation', () => {
  it('should attach 5 photos in order, the first the cover, and show them so', async () => {
    const owner = member();
    const photos = await uploads(owner, 5);
    const created = await fixture.call<DonationView>(Rpc.donations.create, { actor: owner, fields, images: photos });
    expect(created.imageUrl).toBe(urlsOf(photos)[0]);
    expect(created.photos!.map((p) => p.imageUrl)).toEqual(urlsOf(photos));
    expect(created.photos![2]!.thumbnailUrl).toBe(`/api/images/${photos[2]!.thumbnailKey}`);
    expect((await positions(created.id)).map((row) => row.position)).toEqual([0, 1, 2, 3, 4]);
    const read = await fixture.call<DonationView>(Rpc.donations.get, { donationId: created.id });
    expect(read.photos!.map((p) => p.imageUrl)).toEqual(urlsOf(photos));
  });

  it('should reorder, add and remove, handing back only the removed keys, and move the cover', async () => {
    const owner = member();
    const [a, b, c] = await uploads(owner, 3);
    const created = await fixture.call<DonationView>(Rpc.donations.create, { actor: owner, fields, images: [a, b, c] });
    const d = await fixture.uploadedImage(owner);
    const edited = await fixture.call<Updated>(Rpc.donations.update, { actor: owner, donationId: created.id, changes: {}, images: [c, d, a] });
    expect(edited.donation.photos!.map((p) => p.imageUrl)).toEqual(urlsOf([c!, d, a!]));
    expect(edited.donation.imageUrl).toBe(urlsOf([c!])[0]);
    expect(edited.replacedImageKeys).toEqual([b!.imageKey, b!.thumbnailKey]);
    const [row] = await fixture.db.query(`SELECT image_key FROM donations.donations WHERE id = $1`, [created.id]);
    expect(row.image_key).toBe(c!.imageKey);

    // The older client's one photo replaces the cover and keeps the others.
    const e = await fixture.uploadedImage(owner);
    const legacy = await fixture.call<Updated>(Rpc.donations.update, { actor: owner, donationId: created.id, changes: { imageUrl: 'stored' }, image: e });
    expect(legacy.donation.photos!.map((p) => p.imageUrl)).toEqual(urlsOf([e, d, a!]));
    expect(legacy.replacedImageKeys).toEqual([c!.imageKey, c!.thumbnailKey]);

    const deleted = await fixture.call<{ imageKeys: string[] }>(Rpc.donations.delete, { actor: owner, donationId: created.id });
    expect(deleted.imageKeys).toEqual([e, d, a!].flatMap((p) => [p.imageKey, p.thumbnailKey]));
  });

  it('should refuse a sixth photo and write nothing', async () => {
    const owner = member();
    const photos = await uploads(owner, 6);
    expect(await refusal(fixture.call(Rpc.donations.create, { actor: owner, fields, images: photos }))).toMatchObject({
      status: 400,
      message: '5 photos au maximum.',
    });
    expect(await fixture.db.query(`SELECT id FROM donations.donations WHERE owner_id = $1`, [owner.id])).toEqual([]);
    const created = await fixture.call<DonationView>(Rpc.donations.create, { actor: owner, fields, images: photos.slice(0, 5) });
    const sixth = fixture.call(Rpc.donations.update, { actor: owner, donationId: created.id, changes: {}, images: photos });
    expect(await refusal(sixth)).toMatchObject({ status: 400, message: '5 photos au maximum.' });
    expect((await positions(created.id)).map((row) => row.image_key)).toEqual(photos.slice(0, 5).map((p) => p.imageKey));
  });

  it("should write nothing when one photo among several is someone else's, or named twice", async () => {
    const owner = member();
    const other = member();
    const [mine1, mine2] = await uploads(owner, 2);
    const theirs = await fixture.uploadedImage(other);
    const stolen = fixture.call(Rpc.donations.create, { actor: owner, fields, images: [mine1, mine2, theirs] });
    expect(await refusal(stolen)).toMatchObject({ status: 403, code: 'IMAGE_NOT_YOURS' });
    expect(await fixture.db.query(`SELECT id FROM donations.donations WHERE owner_id = $1`, [owner.id])).toEqual([]);
    // The uploads stay free: nothing was half attached.
    expect(await fixture.db.query(`SELECT donation_id, position FROM donations.images WHERE image_key = ANY($1)`, [[mine1!.imageKey, mine2!.imageKey]])).toEqual([
      { donation_id: null, position: null },
      { donation_id: null, position: null },
    ]);
    const twice = fixture.call(Rpc.donations.create, { actor: owner, fields, images: [mine1, mine2, mine1] });
    expect(await refusal(twice)).toMatchObject({ status: 400, field: 'photos' });

    const created = await fixture.call<DonationView>(Rpc.donations.create, { actor: owner, fields, images: [mine1, mine2] });
    const swap = fixture.call(Rpc.donations.update, { actor: owner, donationId: created.id, changes: { title: 'Nouveau titre' }, images: [mine2, theirs] });
    expect(await refusal(swap)).toMatchObject({ status: 403, code: 'IMAGE_NOT_YOURS' });
    const kept = await fixture.call<DonationView>(Rpc.donations.get, { donationId: created.id });
    expect([kept.title, kept.photos!.map((p) => p.imageUrl)]).toEqual(['Objet', urlsOf([mine1!, mine2!])]);
  });
});
