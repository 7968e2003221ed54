import type { INestMicroservice } from '@nestjs/common';
import type { NatsConnection } from '@nats-io/transport-node';
import { randomUUID } from 'node:crypto';
import { DataSource } from 'typeorm';
import { Rpc, type ConversationView, type MessageView } from '@hdiya/contracts';
import { requestRpc, RpcFailure, startTestService, stopTestService, testServiceEnv } from '@hdiya/testing';
import { AppModule } from '../src/app.module.js';
import { loadMessagingConfig } from '../src/config.js';
import { ChatPhotosService } from '../src/messages/chat-photos.service.js';
import { knownDonation, knownMember } from './messaging-fixture.js';

// Photos in chat (decision 0045): registered before the gateway stores the bytes, sent as a
// message, fetched by the conversation's two members only, swept when never sent.

let app: INestMicroservice;
let nc: NatsConnection;
let dataSource: DataSource;

const member = (firstName: string) => knownMember(app, firstName, 'Photo');
const keys = () => {
  const id = randomUUID();
  return { imageKey: `chats/${id}.webp`, thumbnailKey: `chats/${id}-thumb.webp` };
};
const register = (senderId: string, message: Record<string, unknown>, photo: ReturnType<typeof keys>) =>
  requestRpc<{ replay: MessageView | null }>(nc, Rpc.messaging.registerPhoto, { senderId, message, photo });
const sendPhoto = (senderId: string, message: Record<string, unknown>, photo: ReturnType<typeof keys>) =>
  requestRpc<MessageView>(nc, Rpc.messaging.sendPhoto, { senderId, message, photo });
const mayFetch = (userId: string, key: string) => requestRpc<{ allowed: boolean }>(nc, Rpc.messaging.photoAccess, { userId, key });
const uploads = async (imageKey: string) => ((await dataSource.query(`SELECT 1 FROM messaging.chat_photo_uploads WHERE image_key = $1`, [imageKey])) as unknown[]).length;
const messagesWith = async (imageKey: string) => ((await dataSource.query(`SELECT 1 FROM messaging.messages WHERE photo_key = $1`, [imageKey])) as unknown[]).length;

async function refusal(promise: Promise<unknown>): Promise<RpcFailure['body']> {
  const error = await promise.catch((e: unknown) => e);
  expect(error).toBeInstanceOf(RpcFailure);
  return (error as RpcFailure).body;
}

beforeAll(async () => {
  const config = loadMessagingConfig({ ...testServiceEnv('messaging'), LOG_LEVEL: 'error', LOOKUP_RPC_TIMEOUT_MS: '300' });
  ({ app, nc } = await startTestService('messaging', AppModule.register(config), 'messaging-photos-test'));
  dataSource = app.get(DataSource);
});

afterAll(() => stopTestService({ app, nc }));

describe('photos in chat', () => {
  it('should send a registered photo as a message, with an optional caption, that only its two members may fetch', async () => {
    const amina = await member('Amina');
    const karim = await member('Karim');
    const stranger = await member('Salma');
    const lamp = await knownDonation(app, amina, 'Lampe');
    const photo = keys();
    const message = { receiverId: amina, donationId: lamp, content: '', clientId: randomUUID() };
    expect(await register(karim, message, photo)).toEqual({ replay: null });
    const sent = await sendPhoto(karim, message, photo);
    expect(sent).toMatchObject({ content: '', senderId: karim, receiverId: amina, donationId: lamp, photo: { url: `/api/messages/photos/${photo.imageKey.slice(6)}`, thumbnailUrl: `/api/messages/photos/${photo.thumbnailKey.slice(6)}` } });
    expect(await uploads(photo.imageKey)).toBe(0);
    for (const key of [photo.imageKey, photo.thumbnailKey]) {
      expect(await mayFetch(karim, key)).toEqual({ allowed: true });
      expect(await mayFetch(amina, key)).toEqual({ allowed: true });
      expect(await mayFetch(stranger, key)).toEqual({ allowed: false });
    }
    // The conversation list shows it as its last message; text messages carry no photo.
    const [latest] = await requestRpc<ConversationView[]>(nc, Rpc.messaging.conversations, { userId: amina });
    expect(latest!.lastMessage.photo).toEqual(sent.photo);
    const text = await requestRpc<MessageView>(nc, Rpc.messaging.send, { senderId: amina, message: { receiverId: karim, donationId: lamp, content: 'Merci' } });
    expect(text.photo).toBeNull();

    // A retry of the same clientId (its bytes stored again under new keys) answers the stored message before storing anything.
    expect(await register(karim, message, keys())).toEqual({ replay: sent });
  });

  it('should store one message for parallel retries of a photo, the other registered photo left for the sweep', async () => {
    const amina = await member('Amina');
    const karim = await member('Karim');
    const message = { receiverId: amina, content: '', clientId: randomUUID() };
    // Both tries registered (their bytes stored) before either was sent.
    const [first, second] = [keys(), keys()];
    expect(await register(karim, message, first)).toEqual({ replay: null });
    expect(await register(karim, message, second)).toEqual({ replay: null });
    const [one, other] = await Promise.all([sendPhoto(karim, message, first), sendPhoto(karim, message, second)]);
    expect(other).toEqual(one);
    const stored = one!.photo!.url.endsWith(first.imageKey.slice(6)) ? first : second;
    const left = stored === first ? second : first;
    expect(await messagesWith(stored.imageKey)).toBe(1);
    expect(await messagesWith(left.imageKey)).toBe(0);
    expect([await uploads(stored.imageKey), await uploads(left.imageKey)]).toEqual([0, 1]);
  });

  it('should refuse a photo to a member who blocked the sender before anything is recorded', async () => {
    const amina = await member('Amina');
    const karim = await member('Karim');
    await requestRpc(nc, Rpc.messaging.block, { userId: amina, otherId: karim });
    const photo = keys();
    expect(await refusal(register(karim, { receiverId: amina, content: '' }, photo))).toMatchObject({
      status: 403,
      code: 'MESSAGE_BLOCKED',
      message: 'Ce membre ne reçoit pas vos messages.',
    });
    expect(await uploads(photo.imageKey)).toBe(0);
  });

  it('should refuse to send a photo blocked after it was registered, and one the sender did not register', async () => {
    const amina = await member('Amina');
    const karim = await member('Karim');
    const photo = keys();
    await register(karim, { receiverId: amina, content: '' }, photo);
    // Someone else's registered photo is not theirs to send.
    expect(await refusal(sendPhoto(amina, { receiverId: karim, content: '' }, photo))).toMatchObject({ status: 404, message: "La photo n'a pas pu être envoyée : réessayez." });
    await requestRpc(nc, Rpc.messaging.block, { userId: amina, otherId: karim });
    expect(await refusal(sendPhoto(karim, { receiverId: amina, content: '' }, photo))).toMatchObject({ status: 403, code: 'MESSAGE_BLOCKED' });
    expect(await messagesWith(photo.imageKey)).toBe(0);
    // The record stays for the sweep, which answers its keys for the gateway to delete.
    expect(await uploads(photo.imageKey)).toBe(1);
  });

  it('should sweep photos registered but never sent, once they are an hour old, and never a sent one', async () => {
    const amina = await member('Amina');
    const karim = await member('Karim');
    const [unsent, fresh, sent] = [keys(), keys(), keys()];
    await register(karim, { receiverId: amina, content: '' }, unsent);
    await register(karim, { receiverId: amina, content: '' }, fresh);
    await register(karim, { receiverId: amina, content: 'Voilà' }, sent);
    await sendPhoto(karim, { receiverId: amina, content: 'Voilà' }, sent);
    await dataSource.query(`UPDATE messaging.chat_photo_uploads SET created_at = now() - interval '61 minutes' WHERE image_key = $1`, [unsent.imageKey]);
    const swept = await app.get(ChatPhotosService).sweepUnsent(500);
    expect(swept.keys).toEqual(expect.arrayContaining([unsent.imageKey, unsent.thumbnailKey]));
    expect(swept.keys).not.toContain(fresh.imageKey);
    expect(swept.keys).not.toContain(sent.imageKey);
    expect(await uploads(unsent.imageKey)).toBe(0);
    expect(await uploads(fresh.imageKey)).toBe(1);
    expect(await mayFetch(amina, sent.imageKey)).toEqual({ allowed: true });
  });

  it('should refuse keys outside the private chat prefix', async () => {
    const amina = await member('Amina');
    expect(await refusal(mayFetch(amina, `donations/${randomUUID()}.webp`))).toMatchObject({ status: 400 });
    expect(await refusal(register(amina, { receiverId: await member('Karim'), content: '' }, { imageKey: `donations/${randomUUID()}.webp`, thumbnailKey: `chats/${randomUUID()}-thumb.webp` }))).toMatchObject({ status: 400 });
  });
});
