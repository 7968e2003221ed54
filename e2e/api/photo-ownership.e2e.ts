import { testEnv, waitFor } from '@hdiya/testing';
import { signedUpMember } from '../support/api-client.js';
import { jpegWithGps } from '../support/images.js';

// Review finding: a member could create a donation naming another member's photo URL, then
// delete it (or replace its photo), and the gateway deleted the victim's objects.

const base = testEnv().gatewayUrl;
type Member = Awaited<ReturnType<typeof signedUpMember>>;

async function upload(member: Member): Promise<string> {
  const form = new FormData();
  form.append('image', new Blob([new Uint8Array(await jpegWithGps(320, 240))], { type: 'image/jpeg' }), 'photo.jpg');
  const res = await member.client.call('POST /api/uploads/images', { body: form });
  expect(res.status).toBe(201);
  return res.body.imageUrl;
}

const donation = (imageUrl: string) => ({ title: 'Lampe', description: 'Lampe de bureau.', categoryId: 1, city: 'Rabat', imageUrl });
const served = async (url: string) => (await fetch(`${base}${url}`)).status;

describe("other members' photos", () => {
  it('should refuse a donation, or a new photo, naming a photo of someone else, and keep the photo', async () => {
    const victim = await signedUpMember();
    const attacker = await signedUpMember();
    const victimPhoto = await upload(victim);
    const victims = await victim.client.call('POST /api/donations', { body: donation(victimPhoto) });
    expect(victims.status).toBe(201);

    const stolen = await attacker.client.call('POST /api/donations', { body: donation(victimPhoto) });
    expect(stolen.status).toBe(403);
    expect(stolen.body).toMatchObject({ code: 'IMAGE_NOT_YOURS', field: 'imageUrl' });

    const own = await attacker.client.call('POST /api/donations', { body: donation(await upload(attacker)) });
    const swapped = await attacker.client.call('PATCH /api/donations/{id}', { params: { id: own.body.id }, body: { imageUrl: victimPhoto } });
    expect(swapped.status).toBe(403);
    expect((await attacker.client.call('DELETE /api/donations/{id}', { params: { id: own.body.id } })).status).toBe(200);

    expect(await served(victimPhoto)).toBe(200);
    expect(await served(victimPhoto.replace('.webp', '-thumb.webp'))).toBe(200);
    // One photo, one donation: not even its owner can reuse it elsewhere.
    expect((await victim.client.call('POST /api/donations', { body: donation(victimPhoto) })).status).toBe(403);
  });

  it('should delete the objects of a photo once its donation is gone, or replaced', async () => {
    const owner = await signedUpMember();
    const first = await upload(owner);
    const created = await owner.client.call('POST /api/donations', { body: donation(first) });
    const second = await upload(owner);
    expect((await owner.client.call('PATCH /api/donations/{id}', { params: { id: created.body.id }, body: { imageUrl: second } })).status).toBe(200);
    await waitFor(async () => (await served(first)) === 404, { what: 'the replaced photo deleted' });
    expect(await served(second)).toBe(200);
    expect((await owner.client.call('DELETE /api/donations/{id}', { params: { id: created.body.id } })).status).toBe(200);
    await waitFor(async () => (await served(second)) === 404, { what: 'the photo of a deleted donation deleted' });
  });
});
