import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { storedKeys, testObjectStore, type S3Endpoint } from '@hdiya/testing';
import type { MessageView } from '@hdiya/contracts';
import { ApiClient, asRefusal, signedUpMember } from '../support/api-client.js';
import { jpegWithGps, largePng } from '../support/images.js';
import { publish, withDatabase } from '../support/members.js';

// Photos in chat (decision 0045): sent through the donation photos' pipeline, stored under the
// private `chats/` prefix, fetched by the conversation's two members only.

type Member = Awaited<ReturnType<typeof signedUpMember>>;

function photoForm(fields: Record<string, string>, bytes: Buffer, name = 'photo.jpg', type = 'image/jpeg'): FormData {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.append(key, value);
  form.append('image', new Blob([new Uint8Array(bytes)], { type }), name);
  return form;
}

const sendPhoto = (from: Member, form: FormData) => from.client.call('POST /api/messages/photo', { body: form });

/** The photo's bytes as the member's browser would fetch them (binary: not through the JSON client). */
async function fetchPhoto(client: ApiClient | null, url: string) {
  const cookie = client?.sessionCookie;
  const response = await fetch(`${new ApiClient().baseUrl}${url}`, { headers: cookie ? { cookie: `hdiya.sid=${cookie}` } : {} });
  return { status: response.status, headers: response.headers, bytes: Buffer.from(await response.arrayBuffer()) };
}

/** What a refusal must leave: no message from the sender, no photo record, no object that no record names. */
async function expectNothingStored(sender: Member, s3: S3Endpoint | null = testObjectStore()) {
  // The test runner names the stack's object store (HDIYA_E2E_S3): without it this check would prove nothing.
  if (!s3) throw new Error('HDIYA_E2E_S3 is not set: run through deploy/local/test.mjs');
  const { messages, uploads, known } = await withDatabase(async (db) => ({
    messages: (await db.query('SELECT 1 FROM messaging.messages WHERE sender_id = $1', [sender.user.id])).rowCount,
    uploads: (await db.query('SELECT 1 FROM messaging.chat_photo_uploads WHERE sender_id = $1', [sender.user.id])).rowCount,
    known: new Set(
      (
        await db.query<{ key: string }>(
          `SELECT unnest(ARRAY[photo_key, photo_thumbnail_key]) AS key FROM messaging.messages WHERE photo_key IS NOT NULL
           UNION ALL SELECT unnest(ARRAY[image_key, thumbnail_key]) FROM messaging.chat_photo_uploads`,
        )
      ).rows.map((row) => row.key),
    ),
  }));
  expect({ messages, uploads }).toEqual({ messages: 0, uploads: 0 });
  // Every chat photo is recorded before its bytes are stored: an object no record names is one a refusal left behind.
  expect((await storedKeys('chats/', s3)).filter((key) => !known.has(key))).toEqual([]);
}

describe('photos in chat', () => {
  it('should send a photo that both members fetch as WebP, privately, and nobody else', async () => {
    const owner = await signedUpMember({ firstName: 'Amina', lastName: 'Benali' });
    const asker = await signedUpMember({ firstName: 'Karim', lastName: 'Tazi' });
    const third = await signedUpMember();
    const item = await publish(owner.client, 'Chaise en bois');

    const sent = await sendPhoto(asker, photoForm({ receiverId: owner.user.id, donationId: String(item.id), clientId: randomUUID(), content: '  La voici ?  ' }, await jpegWithGps(1600, 1200)));
    expect(sent.status).toBe(201);
    const message = sent.body;
    expect(message).toMatchObject({ content: 'La voici ?', senderId: asker.user.id, receiverId: owner.user.id, donationId: item.id });
    expect(message.photo).toEqual({
      url: expect.stringMatching(/^\/api\/messages\/photos\/[0-9a-f-]{36}\.webp$/),
      thumbnailUrl: expect.stringMatching(/^\/api\/messages\/photos\/[0-9a-f-]{36}-thumb\.webp$/),
    });
    const { url, thumbnailUrl } = message.photo!;
    // Stored under the private prefix (the listing the refusals below rely on sees them).
    const keyOf = (photoUrl: string) => photoUrl.replace('/api/messages/photos/', 'chats/');
    expect(await storedKeys('chats/', testObjectStore()!)).toEqual(expect.arrayContaining([keyOf(url), keyOf(thumbnailUrl)]));

    for (const member of [asker, owner]) {
      const full = await fetchPhoto(member.client, url);
      expect(full.status).toBe(200);
      expect(full.headers.get('content-type')).toBe('image/webp');
      expect(full.headers.get('cache-control')).toMatch(/^private\b/);
      // Re-encoded by the donation photos' pipeline: bounded, WebP, no EXIF or GPS left.
      const metadata = await sharp(full.bytes).metadata();
      expect([metadata.format, metadata.width, metadata.height, metadata.exif]).toEqual(['webp', 1280, 960, undefined]);
      const thumbnail = await fetchPhoto(member.client, thumbnailUrl);
      expect([thumbnail.status, thumbnail.headers.get('content-type')]).toEqual([200, 'image/webp']);
      expect(await sharp(thumbnail.bytes).metadata()).toMatchObject({ width: 480, height: 360 });
    }
    // Another member, a visitor, and the public donation route: nothing.
    expect((await fetchPhoto(third.client, url)).status).toBe(404);
    expect((await fetchPhoto(third.client, thumbnailUrl)).status).toBe(404);
    expect((await fetchPhoto(null, url)).status).toBe(401);
    expect((await fetchPhoto(owner.client, url.replace('/api/messages/photos/', '/api/images/donations/'))).status).toBe(404);
    expect((await fetchPhoto(owner.client, url.replace('/api/messages/photos/', '/api/images/chats/'))).status).toBe(404);

    // The thread, the inbox and the conversation list carry the photo; text messages carry none.
    const thread = await owner.client.call('GET /api/messages/conversation/{userId}', { params: { userId: asker.user.id }, query: { donationId: item.id } });
    expect(thread.body.map((m: MessageView) => m.photo)).toEqual([message.photo]);
    const reply = await owner.client.call('POST /api/messages', { body: { content: 'Oui !', receiverId: asker.user.id, donationId: item.id } });
    expect(reply.body.photo).toBeNull();
  });

  it('should send a photo without a caption, and answer the stored one to a retry of the same clientId', async () => {
    const [a, b] = [await signedUpMember(), await signedUpMember()];
    const clientId = randomUUID();
    const jpeg = await jpegWithGps(320, 240);
    const first = await sendPhoto(a, photoForm({ receiverId: b.user.id, clientId }, jpeg));
    expect([first.status, first.body.content]).toEqual([201, '']);
    const retry = await sendPhoto(a, photoForm({ receiverId: b.user.id, clientId }, jpeg));
    expect(retry.body).toEqual(first.body);
    const thread = await b.client.call('GET /api/messages/conversation/{userId}', { params: { userId: a.user.id } });
    expect(thread.body).toHaveLength(1);
  });

  it('should refuse a photo to a member who blocked the sender, in French, storing nothing', async () => {
    const [blocker, sender] = [await signedUpMember(), await signedUpMember()];
    expect((await blocker.client.call('PUT /api/blocks/{userId}', { params: { userId: sender.user.id } })).status).toBe(200);
    const refused = asRefusal(await sendPhoto(sender, photoForm({ receiverId: blocker.user.id, clientId: randomUUID() }, await jpegWithGps(640, 480))));
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ code: 'MESSAGE_BLOCKED', message: 'Ce membre ne reçoit pas vos messages.' });
    await expectNothingStored(sender);
  });

  it('should refuse a text file named .jpg and a photo over 5 MB, in French, storing nothing', async () => {
    const [sender, receiver] = [await signedUpMember(), await signedUpMember()];
    const text = Buffer.from('ceci n’est pas une photo, juste du texte');
    const fake = asRefusal(await sendPhoto(sender, photoForm({ receiverId: receiver.user.id }, text, 'photo.jpg', 'image/jpeg')));
    expect(fake.status).toBe(400);
    expect(fake.body).toMatchObject({ code: 'IMAGE_INVALID', field: 'image', message: "Le fichier n'est pas une image valide (JPEG, PNG ou WebP)." });

    const big = await largePng(6);
    const tooLarge = asRefusal(await sendPhoto(sender, photoForm({ receiverId: receiver.user.id }, big, 'big.png', 'image/png')));
    expect(tooLarge.status).toBe(413);
    expect(tooLarge.body).toMatchObject({ code: 'IMAGE_TOO_LARGE', message: "L'image doit faire moins de 5\u00a0Mo" });

    const none = asRefusal(await sender.client.call('POST /api/messages/photo', { body: (() => { const form = new FormData(); form.append('receiverId', receiver.user.id); return form; })() }));
    expect(none.status).toBe(400);
    expect(none.body).toMatchObject({ code: 'IMAGE_REQUIRED', message: 'Veuillez choisir une photo à envoyer.' });

    const toSelf = asRefusal(await sendPhoto(sender, photoForm({ receiverId: sender.user.id }, await jpegWithGps(64, 48))));
    expect([toSelf.status, toSelf.body.message]).toEqual([400, 'Vous ne pouvez pas vous envoyer un message.']);
    await expectNothingStored(sender);
  });

  it('should refuse visitors', async () => {
    const receiver = await signedUpMember();
    const visitor = asRefusal(await new ApiClient().call('POST /api/messages/photo', { body: photoForm({ receiverId: receiver.user.id }, await jpegWithGps(64, 48)) }));
    expect(visitor.status).toBe(401);
  });
});
