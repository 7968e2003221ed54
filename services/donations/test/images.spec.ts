import { Rpc, type DonationView } from '@hdiya/contracts';
import { RpcFailure } from '@hdiya/testing';
import { DonationsFixture, member } from './donations-fixture.js';

// Review finding: a donation could name another member's photo, and deleting it deleted the
// victim's objects. Each upload now belongs to its uploader and to at most one donation.

const fixture = new DonationsFixture();

async function refusal(promise: Promise<unknown>) {
  const error = await promise.then(() => null, (e: unknown) => e);
  expect(error).toBeInstanceOf(RpcFailure);
  return (error as RpcFailure).body;
}

const fields = { title: 'Objet', description: 'Un objet à donner', categoryId: 1, city: 'Casablanca', imageUrl: 'stored' };
const createWith = (actor: ReturnType<typeof member>, image: { imageKey: string; thumbnailKey: string }) =>
  fixture.call<DonationView>(Rpc.donations.create, { actor, fields, image });
const donationsOf = async (ownerId: string) =>
  (await fixture.db.query(`SELECT id FROM donations.donations WHERE owner_id = $1`, [ownerId])) as unknown[];

beforeAll(() => fixture.start());
afterAll(() => fixture.stop());

describe('photo ownership', () => {
  it("should refuse a donation made with another member's photo, and write nothing", async () => {
    const victim = member();
    const attacker = member();
    const photo = await fixture.uploadedImage(victim);
    expect(await refusal(createWith(attacker, photo))).toMatchObject({ status: 403, code: 'IMAGE_NOT_YOURS', field: 'imageUrl' });
    expect(await donationsOf(attacker.id)).toEqual([]);

    const own = await fixture.create(attacker);
    const update = fixture.call(Rpc.donations.update, { actor: attacker, donationId: own.id, changes: { imageUrl: 'stored' }, image: photo });
    expect(await refusal(update)).toMatchObject({ status: 403, code: 'IMAGE_NOT_YOURS' });
  });

  it('should give one photo to one donation only, and re-saving its own photo is fine', async () => {
    const owner = member();
    const photo = await fixture.uploadedImage(owner);
    const first = await createWith(owner, photo);
    expect(await refusal(createWith(owner, photo))).toMatchObject({ code: 'IMAGE_NOT_YOURS' });
    const again = await fixture.call<{ replacedImageKeys: string[] }>(Rpc.donations.update, {
      actor: owner, donationId: first.id, changes: { imageUrl: 'stored' }, image: photo,
    });
    expect(again.replacedImageKeys).toEqual([]);
  });

  it('should hand back for deletion only keys no donation references any more', async () => {
    const owner = member();
    const photo = await fixture.uploadedImage(owner);
    const donation = await createWith(owner, photo);
    // A second donation naming the same key, as the hole let data be written before this fix.
    const sharer = member();
    const [legacy] = await fixture.db.query(
      `INSERT INTO donations.donations (title, description, image_key, thumbnail_key, category_id, owner_id, city, latitude, longitude, location, search_text)
       SELECT title, description, image_key, thumbnail_key, category_id, $2, city, latitude, longitude, location, search_text FROM donations.donations WHERE id = $1
       RETURNING id`,
      [donation.id, sharer.id],
    );
    const deleted = await fixture.call<{ imageKeys: string[] }>(Rpc.donations.delete, { actor: owner, donationId: donation.id });
    expect(deleted.imageKeys).toEqual([]);
    // Its owner may still re-save it with the photo it shows, and deleting it frees the objects.
    const resaved = await fixture.call<{ replacedImageKeys: string[] }>(Rpc.donations.update, {
      actor: sharer, donationId: legacy.id, changes: { imageUrl: 'stored' }, image: photo,
    });
    expect(resaved.replacedImageKeys).toEqual([]);
    const last = await fixture.call<{ imageKeys: string[] }>(Rpc.donations.delete, { actor: sharer, donationId: legacy.id });
    expect(last.imageKeys).toEqual([photo.imageKey, photo.thumbnailKey]);

    const next = await fixture.create(owner);
    const replacement = await fixture.uploadedImage(owner);
    const replaced = await fixture.call<{ replacedImageKeys: string[] }>(Rpc.donations.update, {
      actor: owner, donationId: next.id, changes: { imageUrl: 'stored' }, image: replacement,
    });
    expect(replaced.replacedImageKeys).toHaveLength(2);
    const gone = await fixture.call<{ imageKeys: string[] }>(Rpc.donations.delete, { actor: owner, donationId: next.id });
    expect(gone.imageKeys).toEqual([replacement.imageKey, replacement.thumbnailKey]);
  });

  it('should sweep uploads nobody attached for a day, and only those', async () => {
    const owner = member();
    const stale = await fixture.uploadedImage(owner);
    const fresh = await fixture.uploadedImage(owner);
    const attached = await fixture.uploadedImage(owner);
    await createWith(owner, attached);
    await fixture.db.query(`UPDATE donations.images SET created_at = now() - interval '25 hours' WHERE image_key = ANY($1)`, [
      [stale.imageKey, attached.imageKey],
    ]);
    const swept: string[] = [];
    for (;;) {
      const { keys } = await fixture.call<{ keys: string[] }>(Rpc.donations.sweepImages, { limit: 500 });
      swept.push(...keys);
      if (keys.length === 0) break;
    }
    expect(swept).toEqual(expect.arrayContaining([stale.imageKey, stale.thumbnailKey]));
    expect(swept).not.toContain(fresh.imageKey);
    expect(swept).not.toContain(attached.imageKey);
  });
});
