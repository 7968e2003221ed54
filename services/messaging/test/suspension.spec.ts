import type { INestMicroservice } from '@nestjs/common';
import type { NatsConnection } from '@nats-io/transport-node';
import { randomUUID } from 'node:crypto';
import { DataSource } from 'typeorm';
import { Events, Rpc, type MessageView } from '@hdiya/contracts';
import { createEvent } from '@hdiya/platform';
import { requestRpc, RpcFailure, startTestService, stopTestService, testServiceEnv } from '@hdiya/testing';
import { AppModule } from '../src/app.module.js';
import { loadMessagingConfig } from '../src/config.js';
import { UsersEventsConsumer } from '../src/members/users-events.consumer.js';
import { knownMember } from './messaging-fixture.js';

// A suspended member in messaging (issue 45, docs/product.md#suspended-members): the members read
// model learns the suspension from the users service's events (applied as the stream delivers
// them); no message goes to or from the member while it lasts, their conversations stay readable,
// and the reinstatement lets them write again.

let app: INestMicroservice;
let nc: NatsConnection;
let dataSource: DataSource;

const send = (senderId: string, message: Record<string, unknown>) => requestRpc<MessageView>(nc, Rpc.messaging.send, { senderId, message });
const conversation = (userId: string, otherId: string) => requestRpc<MessageView[]>(nc, Rpc.messaging.conversation, { userId, otherId, query: {} });
const usersEvent = (event: Parameters<UsersEventsConsumer['consumer']['apply']>[0]) => app.get(UsersEventsConsumer).consumer.apply(event);

async function refusal(promise: Promise<unknown>): Promise<RpcFailure['body']> {
  const error = await promise.catch((e: unknown) => e);
  expect(error).toBeInstanceOf(RpcFailure);
  return (error as RpcFailure).body;
}

beforeAll(async () => {
  const config = loadMessagingConfig({ ...testServiceEnv('messaging'), LOG_LEVEL: 'error', LOOKUP_RPC_TIMEOUT_MS: '300' });
  ({ app, nc } = await startTestService('messaging', AppModule.register(config), 'messaging-suspension-test'));
  dataSource = app.get(DataSource);
});

afterAll(() => stopTestService({ app, nc }));

it('should refuse messages to and from a suspended member, in French, keep their conversations readable, and let them write once reinstated', async () => {
  const [suspendedOne, other] = [await knownMember(app, 'Hamza'), await knownMember(app, 'Nadia')];
  await send(other, { content: 'Bonjour, toujours disponible ?', receiverId: suspendedOne });
  const suspensionId = randomUUID();
  const suspension = createEvent(Events.users.MemberSuspended, { memberId: suspendedOne, suspensionId, until: null, suspendedAt: new Date().toISOString() });
  expect(await usersEvent(suspension)).toBe(true);
  expect(await usersEvent(suspension)).toBe(false);

  const countOf = async () => (await dataSource.query(`SELECT count(*)::int AS n FROM messaging.messages WHERE sender_id = ANY($1)`, [[suspendedOne, other]]))[0].n;
  const before = await countOf();
  expect(await refusal(send(suspendedOne, { content: 'Oui, passez ce soir.', receiverId: other }))).toEqual({
    status: 403,
    code: 'MEMBER_SUSPENDED',
    message: 'Votre compte est suspendu : vous ne pouvez pas envoyer de messages pour le moment.',
  });
  expect(await refusal(send(other, { content: 'Vous êtes là ?', receiverId: suspendedOne, clientId: randomUUID() }))).toEqual({
    status: 403,
    code: 'RECIPIENT_SUSPENDED',
    message: 'Ce membre est suspendu : il ne peut pas recevoir de messages pour le moment.',
    field: 'receiverId',
  });
  // A photo's registration is refused before any upload.
  const id = randomUUID();
  const photo = { imageKey: `chats/${id}.webp`, thumbnailKey: `chats/${id}-thumb.webp` };
  expect(await refusal(requestRpc(nc, Rpc.messaging.registerPhoto, { senderId: other, message: { content: '', receiverId: suspendedOne }, photo }))).toMatchObject({
    code: 'RECIPIENT_SUSPENDED',
  });
  expect(await dataSource.query(`SELECT 1 FROM messaging.chat_photo_uploads WHERE image_key = $1`, [photo.imageKey])).toEqual([]);
  expect(await countOf()).toBe(before);
  // Both still read what was written.
  expect((await conversation(suspendedOne, other)).map((m) => m.content)).toEqual(['Bonjour, toujours disponible ?']);
  expect((await conversation(other, suspendedOne)).map((m) => m.content)).toEqual(['Bonjour, toujours disponible ?']);

  expect(await usersEvent(createEvent(Events.users.MemberReinstated, { memberId: suspendedOne, suspensionId, reinstatedAt: new Date().toISOString() }))).toBe(true);
  expect(await send(suspendedOne, { content: 'Oui, passez ce soir.', receiverId: other })).toMatchObject({ senderId: suspendedOne });
});

it('should end a dated suspension at its date even before its reinstatement arrives', async () => {
  const [member, other] = [await knownMember(app, 'Karim'), await knownMember(app, 'Salma')];
  const until = new Date(Date.now() + 1500).toISOString();
  await usersEvent(createEvent(Events.users.MemberSuspended, { memberId: member, suspensionId: randomUUID(), until, suspendedAt: new Date().toISOString() }));
  expect(await refusal(send(member, { content: 'Salam', receiverId: other }))).toMatchObject({ code: 'MEMBER_SUSPENDED' });
  await new Promise((done) => setTimeout(done, 1600));
  expect(await send(member, { content: 'Salam', receiverId: other })).toMatchObject({ content: 'Salam' });
});
