import sharp from 'sharp';
import { testEnv, waitFor } from '@hdiya/testing';
import { signedUpMember } from '../support/api-client.js';
import { dataUrl, jpegWithGps } from '../support/images.js';

// Several photos per donation (decision 0044): up to 5, in order, the first the cover; each goes
// through the photo pipeline; a refused donation stores nothing; the older `imageUrl` still works.

const base = testEnv().gatewayUrl;
type Member = Awaited<ReturnType<typeof signedUpMember>>;

const TEXT = Buffer.from('Ceci est un texte, pas une photo.\n');
const fiftyMegapixels = () => sharp({ create: { width: 8200, height: 6100, channels: 3, background: '#2e86de' } }).jpeg({ quality: 50 }).toBuffer();

function form(bytes: Buffer, name = 'photo.jpg') {
  const body = new FormData();
  body.append('image', new Blob([new Uint8Array(bytes)], { type: 'image/jpeg' }), name);
  return body;
}

async function upload(member: Member, width = 320): Promise<{ imageUrl: string; thumbnailUrl: string }> {
  const res = await member.client.call('POST /api/uploads/images', { body: form(await jpegWithGps(width, 240)) });
  expect(res.status).toBe(201);
  return res.body;
}

const uploads = (member: Member, count: number) => Promise.all(Array.from({ length: count }, (_, i) => upload(member, 320 + i)));
const donation = (photos: string[]) => ({ title: 'Étagère', description: 'Étagère en bois, cinq planches.', categoryId: 1, city: 'Rabat', photos });
const served = async (url: string) => (await fetch(`${base}${url}`)).status;
const donationsOf = async (member: Member) => (await member.client.call('GET /api/user/donations', {})).body as { id: number }[];

describe('several photos per donation', () => {
  it('should publish 5 photos in order, the first the cover, each re-encoded without metadata', async () => {
    const owner = await signedUpMember();
    const photos = await uploads(owner, 5);
    const created = await owner.client.call('POST /api/donations', { body: donation(photos.map((p) => p.imageUrl)) });
    expect(created.status).toBe(201);
    expect(created.body.imageUrl).toBe(photos[0]!.imageUrl);
    expect(created.body.thumbnailUrl).toBe(photos[0]!.thumbnailUrl);
    expect(created.body.photos).toEqual(photos);

    const read = await owner.client.call('GET /api/donations/{id}', { params: { id: created.body.id } });
    expect(read.body.photos).toEqual(photos);
    for (const photo of photos) {
      const bytes = Buffer.from(await (await fetch(`${base}${photo.imageUrl}`)).arrayBuffer());
      const metadata = await sharp(bytes).metadata();
      expect([metadata.format, metadata.exif]).toEqual(['webp', undefined]);
    }
  });

  it('should refuse six photos with a French message and store no donation', async () => {
    const owner = await signedUpMember();
    const photos = await uploads(owner, 6);
    const six = await owner.client.call('POST /api/donations', { body: donation(photos.map((p) => p.imageUrl)) });
    expect(six.status).toBe(400);
    expect(six.body).toMatchObject({ code: 'VALIDATION_FAILED', field: 'photos', message: '5 photos au maximum.' });
    expect(await donationsOf(owner)).toEqual([]);
    // Nothing was attached: five of the same uploads still publish.
    expect((await owner.client.call('POST /api/donations', { body: donation(photos.slice(1).map((p) => p.imageUrl)) })).status).toBe(201);
  });

  it('should refuse a text file named .jpg, uploaded or inline among other photos, in French', async () => {
    const owner = await signedUpMember();
    const uploaded = await owner.client.call('POST /api/uploads/images', { body: form(TEXT, 'vacances.jpg') });
    expect(uploaded.status).toBe(400);
    expect(uploaded.body).toMatchObject({ code: 'IMAGE_INVALID', message: "Le fichier n'est pas une image valide (JPEG, PNG ou WebP)." });

    const good = await upload(owner);
    const inline = await owner.client.call('POST /api/donations', { body: donation([good.imageUrl, dataUrl(await jpegWithGps(200, 150)), dataUrl(TEXT)]) });
    expect(inline.status).toBe(400);
    expect(inline.body).toMatchObject({ code: 'IMAGE_INVALID', field: 'photos', message: "Le fichier n'est pas une image valide (JPEG, PNG ou WebP)." });
    expect(await donationsOf(owner)).toEqual([]);
    expect((await owner.client.call('POST /api/donations', { body: donation([good.imageUrl]) })).status).toBe(201);
  });

  it('should refuse a 50-megapixel photo, uploaded or inline, in French', async () => {
    const owner = await signedUpMember();
    const huge = await fiftyMegapixels();
    const message = "L'image est trop grande : 24\u00a0mégapixels au maximum. Réduisez-la avant de l'envoyer.";
    const uploaded = await owner.client.call('POST /api/uploads/images', { body: form(huge) });
    expect(uploaded.status).toBe(413);
    expect(uploaded.body).toMatchObject({ code: 'IMAGE_TOO_MANY_PIXELS', field: 'image', message });

    const good = await upload(owner);
    const inline = await owner.client.call('POST /api/donations', { body: donation([good.imageUrl, dataUrl(huge)]) });
    expect(inline.status).toBe(413);
    expect(inline.body).toMatchObject({ code: 'IMAGE_TOO_MANY_PIXELS', field: 'photos', message });
    expect(await donationsOf(owner)).toEqual([]);
  });

  it("should refuse another member's upload among one's own, and keep it", async () => {
    const victim = await signedUpMember();
    const attacker = await signedUpMember();
    const theirs = await upload(victim);
    const mine = await upload(attacker);
    const stolen = await attacker.client.call('POST /api/donations', { body: donation([mine.imageUrl, theirs.imageUrl]) });
    expect(stolen.status).toBe(403);
    expect(stolen.body).toMatchObject({ code: 'IMAGE_NOT_YOURS' });
    expect(await donationsOf(attacker)).toEqual([]);
    expect(await served(theirs.imageUrl)).toBe(200);
    expect((await victim.client.call('POST /api/donations', { body: donation([theirs.imageUrl]) })).status).toBe(201);
  });

  it('should keep the older single imageUrl working, as one photo', async () => {
    const owner = await signedUpMember();
    const photo = await upload(owner);
    const { photos: _photos, ...fields } = donation([]);
    const created = await owner.client.call('POST /api/donations', { body: { ...fields, imageUrl: photo.imageUrl } });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ imageUrl: photo.imageUrl, photos: [photo] });
    const inline = await owner.client.call('POST /api/donations', { body: { ...fields, imageUrl: dataUrl(await jpegWithGps(200, 150)) } });
    expect(inline.status).toBe(201);
    expect(inline.body.photos).toHaveLength(1);
  });

  it('should reorder, add and remove on edit, deleting removed photos, and every photo with the donation', async () => {
    const owner = await signedUpMember();
    const [a, b, c] = await uploads(owner, 3);
    const created = await owner.client.call('POST /api/donations', { body: donation([a!.imageUrl, b!.imageUrl, c!.imageUrl]) });
    const d = await upload(owner);
    const edited = await owner.client.call('PATCH /api/donations/{id}', {
      params: { id: created.body.id },
      body: { photos: [c!.imageUrl, d.imageUrl, a!.imageUrl] },
    });
    expect(edited.status).toBe(200);
    expect(edited.body.photos).toEqual([c, d, a]);
    expect(edited.body.imageUrl).toBe(c!.imageUrl);
    await waitFor(async () => (await served(b!.imageUrl)) === 404, { what: 'the removed photo deleted' });
    expect(await served(b!.thumbnailUrl)).toBe(404);

    expect((await owner.client.call('DELETE /api/donations/{id}', { params: { id: created.body.id } })).status).toBe(200);
    for (const photo of [a!, c!, d]) {
      await waitFor(async () => (await served(photo.imageUrl)) === 404 && (await served(photo.thumbnailUrl)) === 404, { what: 'every photo deleted' });
    }
  });
});
