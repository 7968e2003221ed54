import sharp from 'sharp';
import { mediumPhotoOf } from '@hdiya/contracts';
import { objectStoreClient, testEnv, testObjectStore } from '@hdiya/testing';
import { signedUpMember } from '../support/api-client.js';
import { jpegWithGps } from '../support/images.js';

// Each donation photo has a middle size (issue 44): 800 px wide, what a card or a phone's
// full-width photo needs at 2x, at about half the display photo's bytes. A photo stored before it
// existed gets it on its first request; removing a photo removes it too.

const base = testEnv().gatewayUrl;
const s3 = testObjectStore();
// The test runner names the stack's object store: without it the stand-in for older photos proves nothing.
if (!s3) throw new Error('HDIYA_E2E_S3 is not set: run through deploy/local/test.mjs');
const store = objectStoreClient(s3);

async function uploaded(width: number, height: number) {
  const { client } = await signedUpMember();
  const body = new FormData();
  body.append('image', new Blob([new Uint8Array(await jpegWithGps(width, height))], { type: 'image/jpeg' }), 'photo.jpg');
  const res = await client.call('POST /api/uploads/images', { body });
  expect(res.status).toBe(201);
  return { client, imageUrl: res.body.imageUrl as string };
}

async function photo(url: string) {
  const res = await fetch(`${base}${url}`);
  const bytes = Buffer.from(await res.arrayBuffer());
  return { status: res.status, type: res.headers.get('content-type'), cache: res.headers.get('cache-control'), bytes, size: res.status === 200 ? await sharp(bytes).metadata() : null };
}

const keyOf = (url: string) => url.replace('/api/images/', '');

it('should store an upload’s middle size 800 px wide, in proportion, smaller than the display photo', async () => {
  const { imageUrl } = await uploaded(1600, 1200);
  const [display, medium] = await Promise.all([photo(imageUrl), photo(mediumPhotoOf(imageUrl))]);
  expect([display.size?.width, display.size?.height]).toEqual([1280, 960]);
  expect(medium).toMatchObject({ status: 200, type: 'image/webp', cache: 'public, max-age=31536000, immutable' });
  expect([medium.size?.width, medium.size?.height]).toEqual([800, 600]);
  expect(medium.bytes.length).toBeLessThan(display.bytes.length);
});

it('should never enlarge a small upload', async () => {
  const { imageUrl } = await uploaded(640, 480);
  const medium = await photo(mediumPhotoOf(imageUrl));
  expect([medium.size?.width, medium.size?.height]).toEqual([640, 480]);
});

it('should make the middle size of a photo stored before it existed on its first request, then keep it', async () => {
  const { imageUrl } = await uploaded(1200, 900);
  const mediumKey = keyOf(mediumPhotoOf(imageUrl));
  await store.removeObject(s3.bucket, mediumKey);
  await expect(store.statObject(s3.bucket, mediumKey)).rejects.toMatchObject({ code: 'NotFound' });
  const medium = await photo(mediumPhotoOf(imageUrl));
  expect(medium.status).toBe(200);
  expect([medium.size?.width, medium.size?.height]).toEqual([800, 600]);
  expect((await store.statObject(s3.bucket, mediumKey)).size).toBe(medium.bytes.length);
});

it('should answer 404 for the middle size of a photo that does not exist', async () => {
  const res = await photo('/api/images/donations/00000000-0000-4000-8000-000000000000-medium.webp');
  expect(res.status).toBe(404);
});

it('should remove the middle size with the photo when the donation is deleted', async () => {
  const { client, imageUrl } = await uploaded(1200, 900);
  const created = await client.call('POST /api/donations', { body: { title: 'Tabouret', description: 'Tabouret en bois.', categoryId: 1, city: 'Rabat', photos: [imageUrl] } });
  expect(created.status).toBe(201);
  expect((await photo(mediumPhotoOf(imageUrl))).status).toBe(200);
  const deleted = await client.call('DELETE /api/donations/{id}', { params: { id: created.body.id } });
  expect(deleted.status).toBe(200);
  await expect(store.statObject(s3.bucket, keyOf(mediumPhotoOf(imageUrl)))).rejects.toMatchObject({ code: 'NotFound' });
  expect((await photo(mediumPhotoOf(imageUrl))).status).toBe(404);
});
