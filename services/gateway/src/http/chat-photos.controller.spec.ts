import sharp from 'sharp';
import { ErrorCodes, Rpc, type MessageView, type RpcSubject } from '@hdiya/contracts';
import { ApiException } from '../errors/api-exception.js';
import type { ImageStore } from '../images/image-store.js';
import type { ServiceClient } from '../rpc/service-client.js';
import type { RateLimits } from '../security/rate-limits.js';
import type { SessionUser } from '../session/session-user.js';
import { ChatPhotosController } from './chat-photos.controller.js';

const sender = { id: '11111111-1111-4111-8111-111111111111', role: 'member' } as SessionUser;
const message = { receiverId: '22222222-2222-4222-8222-222222222222', content: '', donationId: null, clientId: null };
const stored = (url: string) => ({ id: 'm1', photo: { url, thumbnailUrl: url.replace('.webp', '-thumb.webp') } }) as MessageView;

/** The controller over a store and a messaging service that answer as `answers` says, recording what was asked. */
function setUp(answers: Partial<Record<RpcSubject, (payload: { photo: { imageKey: string } }) => unknown>>) {
  const calls: string[] = [];
  const put: string[] = [];
  const removed: string[] = [];
  const services = {
    call: async (subject: RpcSubject, payload: { photo: { imageKey: string } }) => {
      calls.push(subject);
      return answers[subject]!(payload);
    },
  } as unknown as ServiceClient;
  const store = {
    put: async (key: string) => void put.push(key),
    remove: async (keys: string[]) => void removed.push(...keys),
  } as unknown as ImageStore;
  const limits = { consumeUpload: async () => undefined, consumeMessage: async () => undefined } as unknown as RateLimits;
  return { controller: new ChatPhotosController(services, store, limits), calls, put, removed };
}

const file = async () => ({ buffer: await sharp({ create: { width: 64, height: 48, channels: 3, background: '#2e86de' } }).jpeg().toBuffer() }) as Express.Multer.File;
const urlOf = (key: string) => `/api/messages/photos/${key.slice('chats/'.length)}`;
const blocked = () => {
  throw new ApiException(403, ErrorCodes.MESSAGE_BLOCKED, 'Ce membre ne reçoit pas vos messages.', 'receiverId');
};

describe('sending a photo in chat', () => {
  it('should register the photo before storing it under the private prefix, then send it', async () => {
    const { controller, calls, put, removed } = setUp({
      [Rpc.messaging.registerPhoto]: () => ({ replay: null }),
      [Rpc.messaging.sendPhoto]: ({ photo }) => stored(urlOf(photo.imageKey)),
    });
    const sent = await controller.send(await file(), message, sender);
    expect(calls).toEqual([Rpc.messaging.registerPhoto, Rpc.messaging.sendPhoto]);
    expect(put).toEqual([expect.stringMatching(/^chats\/[0-9a-f-]{36}\.webp$/), expect.stringMatching(/^chats\/[0-9a-f-]{36}-thumb\.webp$/)]);
    expect(sent.photo!.url).toBe(urlOf(put[0]!));
    expect(removed).toEqual([]);
  });

  it('should store nothing when the messaging service refuses the photo (a block)', async () => {
    const { controller, calls, put } = setUp({ [Rpc.messaging.registerPhoto]: blocked });
    await expect(controller.send(await file(), message, sender)).rejects.toMatchObject({ response: { statusCode: 403, code: 'MESSAGE_BLOCKED' } });
    expect([calls, put]).toEqual([[Rpc.messaging.registerPhoto], []]);
  });

  it('should answer a retried clientId with the stored message without storing the photo again', async () => {
    const { controller, put } = setUp({ [Rpc.messaging.registerPhoto]: () => ({ replay: stored('/api/messages/photos/x.webp') }) });
    expect((await controller.send(await file(), message, sender)).id).toBe('m1');
    expect(put).toEqual([]);
  });

  it('should delete the objects of a photo refused between the two steps, and keep those of a send whose answer was lost', async () => {
    const refused = setUp({ [Rpc.messaging.registerPhoto]: () => ({ replay: null }), [Rpc.messaging.sendPhoto]: blocked });
    await expect(refused.controller.send(await file(), message, sender)).rejects.toBeInstanceOf(ApiException);
    expect(refused.removed).toEqual(refused.put);

    // A timeout may hide a stored message: its objects stay (an unsent one's record is swept with them).
    const lost = setUp({
      [Rpc.messaging.registerPhoto]: () => ({ replay: null }),
      [Rpc.messaging.sendPhoto]: () => {
        throw new ApiException(503, ErrorCodes.SERVICE_UNAVAILABLE, 'Service momentanément indisponible.');
      },
    });
    await expect(lost.controller.send(await file(), message, sender)).rejects.toMatchObject({ response: { statusCode: 503 } });
    expect([lost.put.length, lost.removed]).toEqual([2, []]);
  });

  it('should delete its own copy when a parallel retry of the same clientId stored the message first', async () => {
    const { controller, put, removed } = setUp({
      [Rpc.messaging.registerPhoto]: () => ({ replay: null }),
      [Rpc.messaging.sendPhoto]: () => stored('/api/messages/photos/00000000-0000-4000-8000-000000000000.webp'),
    });
    await controller.send(await file(), message, sender);
    expect(removed).toEqual(put);
  });

  it('should refuse a missing photo and a file that is not an image, in French, before asking anyone', async () => {
    const { controller, calls } = setUp({});
    await expect(controller.send(undefined, message, sender)).rejects.toMatchObject({ response: { statusCode: 400, code: 'IMAGE_REQUIRED', message: 'Veuillez choisir une photo à envoyer.' } });
    const text = { buffer: Buffer.from('juste du texte') } as Express.Multer.File;
    await expect(controller.send(text, message, sender)).rejects.toMatchObject({ response: { statusCode: 400, code: 'IMAGE_INVALID', field: 'image' } });
    expect(calls).toEqual([]);
  });
});
