import { z } from 'zod';
import { EVENT_NAMES, EventSchemas, Events, RETIRED_EVENT_NAMES, eventNameOf, eventPayloadError, parseEvent, type EventName, type EventPayload } from './catalog.js';
import { ReservationCancelledV2Schema, type ReservationCancelledV2 } from './reservations.events.js';
import { EventReaders, KEPT_FOR_AUDIT } from './readers.js';
import type { UserRegisteredV1 } from './users.events.js';
import { UserRegisteredV1Schema } from './users.events.js';

// Issue 22, item 3: the event catalog is written once, as one zod schema per event version; the
// payload types, the list of names and the check consumers run on every event come from it.

const member = { id: 'u1', displayName: 'Salma B.', firstName: 'Salma', lastName: 'B.', profileImageUrl: null };
const at = '2026-11-24T10:00:00.000Z';
/** A message as MessageSent.v1 carried it (v2 adds its photo). */
const textMessage = {
  id: 'm1',
  content: 'Bonjour',
  senderId: 'u1',
  receiverId: 'u2',
  donationId: 1,
  read: false,
  createdAt: at,
  clientId: null,
  sender: member,
  receiver: { ...member, id: 'u2' },
  donation: { id: 1, title: 'Vélo' },
};

/** One payload of every version ever published: typed by the catalog, so a version missing here does not compile. */
const samples: { [N in EventName]: EventPayload<N> } = {
  'users.UserRegistered.v1': { userId: 'u1', username: 'salma', firstName: 'Salma', lastName: null, city: 'Rabat', registeredAt: at },
  'users.UserUpdated.v1': { userId: 'u1', username: 'salma', firstName: 'Salma', lastName: 'Bennani', city: null, profileImageUrl: null },
  'users.MemberSuspended.v1': { memberId: 'u1', suspensionId: 's1', until: at, suspendedAt: at },
  'users.MemberReinstated.v1': { memberId: 'u1', suspensionId: 's1', reinstatedAt: at },
  'users.MemberDeleted.v1': { memberId: 'u1', tombstoneId: 't1', deletedAt: at },
  'users.EmailVerified.v1': { userId: 'u1', verifiedAt: at },
  'donations.DonationCreated.v1': { donationId: 1, ownerId: 'u1', title: 'Vélo', categoryId: 2, city: 'Rabat', createdAt: at },
  'donations.DonationUpdated.v1': { donationId: 1, ownerId: 'u1', title: 'Vélo', categoryId: 2, city: 'Rabat' },
  'donations.DonationDeleted.v1': { donationId: 1, ownerId: 'u1', title: 'Vélo', status: 'available', deletedBy: 'owner', reservedById: null, imageKeys: [] },
  'donations.DonationDeleted.v2': {
    donationId: 1,
    ownerId: 'u1',
    title: 'Vélo',
    status: 'reserved',
    deletedBy: 'moderator',
    reservedById: 'u2',
    reservationId: 'r1',
    imageKeys: ['a.webp'],
  },
  'donations.DonationReported.v1': { donationId: 1, reporterId: 'u2', reason: 'spam' },
  'donations.ReservationMade.v1': { reservationId: 'r1', donationId: 1, title: 'Vélo', reserverId: 'u2', ownerId: 'u1', reservedAt: at, expiresAt: at },
  'donations.ReservationCancelled.v1': { reservationId: 'r1', donationId: 1, title: 'Vélo', reserverId: 'u2', ownerId: 'u1', cancelledBy: 'owner' },
  'donations.ReservationCancelled.v2': {
    reservationId: 'r1',
    donationId: 1,
    title: 'Vélo',
    reserverId: 'u2',
    ownerId: 'u1',
    cancelledBy: 'reserver',
    cancelledAt: at,
    expiresAt: at,
  },
  'donations.ReceptionConfirmed.v1': { reservationId: 'r1', donationId: 1, title: 'Vélo', reserverId: 'u2', ownerId: 'u1', confirmedAt: at },
  'donations.ReceptionDisputed.v1': { reservationId: 'r1', donationId: 1, title: 'Vélo', reserverId: 'u2', ownerId: 'u1', disputedAt: at },
  'donations.ReservationExpired.v1': { reservationId: 'r1', donationId: 1, title: 'Vélo', reserverId: 'u2', ownerId: 'u1', expiredAt: at },
  'donations.ReservationExpiring.v1': { reservationId: 'r1', donationId: 1, title: 'Vélo', reserverId: 'u2', ownerId: 'u1', expiresAt: at },
  'donations.WaitlistOffered.v1': { entryId: 'e1', donationId: 1, title: 'Vélo', memberId: 'u3', ownerId: 'u1', offerExpiresAt: at },
  'donations.WaitlistOfferLapsed.v1': { entryId: 'e1', donationId: 1, title: 'Vélo', memberId: 'u3', reason: 'declined' },
  'donations.WaitlistOfferLapsed.v2': { entryId: 'e1', donationId: 1, title: 'Vélo', memberId: 'u3', reason: 'skipped' },
  'donations.WaitlistClosed.v1': { donationId: 1, title: 'Vélo', memberIds: ['u3'], reason: 'given' },
  'donations.SavedSearchMatched.v1': { donationId: 1, title: 'Vélo', city: 'Rabat', publishedAt: at, matches: [{ memberId: 'u3', savedSearchId: 's1' }] },
  'donations.RequestsDecided.v1': {
    donationId: 1,
    title: 'Vélo',
    by: 'owner',
    outcomes: [
      { requestId: 'q1', memberId: 'u3', outcome: 'chosen' },
      { requestId: 'q2', memberId: 'u4', outcome: 'not_chosen' },
    ],
  },
  'donations.RequestMade.v1': { requestId: 'q1', donationId: 1, title: 'Vélo', ownerId: 'u1', memberId: 'u3', openRequests: 2, closesAt: at },
  'donations.RequestWindowClosed.v1': { donationId: 1, title: 'Vélo', ownerId: 'u1', openRequests: 3, drawAt: at },
  'donations.AskMatched.v1': { donationId: 1, title: 'Poussette', city: 'Rabat', matches: [{ memberId: 'u3', askId: 'a1', matchId: 'm1' }] },
  'donations.AskOffered.v1': { donationId: 1, title: 'Poussette', askId: 'a1', askTitle: 'poussette', memberId: 'u3', how: 'matched' },
  'points.PointsChanged.v1': { userId: 'u1', points: 10, blockedPoints: 2, reliabilityScore: 100, reason: 'transfer' },
  'points.PointsTransferred.v1': { transferId: 't1', senderId: 'u1', receiverId: 'u2', points: 3, message: null },
  'messaging.MessageSent.v1': { message: textMessage },
  'messaging.MessageSent.v2': {
    message: { ...textMessage, photo: { url: '/api/messages/photos/p.webp', thumbnailUrl: '/api/messages/photos/p-thumb.webp' } },
  },
  'messaging.MessagesRead.v1': { senderId: 'u1', receipt: { readerId: 'u2', donationId: null, readAt: at } },
  'messaging.NotificationCreated.v1': {
    userId: 'u2',
    notification: { id: 'n1', kind: 'points_received', params: { points: 3, senderName: 'Salma B.', message: null }, read: false, createdAt: at },
  },
};

// The payload types are the schemas' outputs, not types written beside them.
type Exactly<A, B> = [A] extends [B] ? ([B] extends [A] ? true : never) : never;
const inferred: [
  Exactly<UserRegisteredV1, z.output<typeof UserRegisteredV1Schema>>,
  Exactly<EventPayload<'donations.ReservationCancelled.v2'>, z.output<typeof ReservationCancelledV2Schema>>,
  Exactly<ReservationCancelledV2, z.output<typeof ReservationCancelledV2Schema>>,
] = [true, true, true];
void inferred;

describe('the event catalog', () => {
  it('should have one schema for every event version, named <service>.<Type>.v<N>', () => {
    expect(EVENT_NAMES).toEqual(Object.keys(samples));
    for (const name of EVENT_NAMES) {
      expect(name).toMatch(/^(users|donations|points|messaging)\.[A-Z][A-Za-z]+\.v[1-9]\d*$/);
      expect(typeof EventSchemas[name].safeParse).toBe('function');
    }
  });

  it('should name in Events only versions the catalog has', () => {
    const emitted = Object.values(Events).flatMap((byType) => Object.values(byType) as string[]);
    for (const name of emitted) expect(EVENT_NAMES).toContain(name);
  });

  it.each(Object.entries(samples))('should accept a well-formed %s', (name, payload) => {
    expect(eventPayloadError(name as EventName, payload)).toBeNull();
  });

  it.each(EVENT_NAMES.map((name) => [name]))('should refuse an empty payload of %s, naming what is missing', (name) => {
    expect(eventPayloadError(name, {})).toMatch(/^\w+(\.\w+)*: /);
    expect(eventPayloadError(name, null)).toMatch(/payload: /);
  });

  it.each(Object.entries(samples))('should give back a well-formed %s as sent, under its name', (name, payload) => {
    expect(parseEvent(name as EventName, payload)).toEqual({ ok: true, event: { name, payload } });
  });

  it('should drop from a parsed payload what its version does not name, nested too', () => {
    const sent = samples['messaging.MessageSent.v2'];
    const check = parseEvent('messaging.MessageSent.v2', { ...sent, extra: 1, message: { ...sent.message, sender: { ...sent.message.sender, email: 'salma@example.ma' } } });
    expect(check).toEqual({ ok: true, event: { name: 'messaging.MessageSent.v2', payload: sent } });
    expect(parseEvent('messaging.MessageSent.v2', { message: { ...sent.message, photo: undefined } })).toMatchObject({ ok: false, problems: expect.stringMatching(/message\.photo/) });
  });

  it('should keep whether a message\'s members are deleted, so a pushed message equals the one read over HTTP', () => {
    const sent = samples['messaging.MessageSent.v2'];
    const withFlags = { message: { ...sent.message, sender: { ...sent.message.sender, deleted: false }, receiver: { ...sent.message.receiver, deleted: true } } };
    const check = parseEvent('messaging.MessageSent.v2', withFlags);
    expect(check.ok && check.event.name === 'messaging.MessageSent.v2' && [check.event.payload.message.sender.deleted, check.event.payload.message.receiver.deleted]).toEqual([false, true]);
  });

  it('should name each field that is wrong', () => {
    const error = eventPayloadError('donations.ReceptionConfirmed.v1', { ...samples['donations.ReceptionConfirmed.v1'], donationId: '1', reserverId: undefined });
    expect(error).toMatch(/donationId/);
    expect(error).toMatch(/reserverId/);
    expect(error).not.toMatch(/ownerId/);
  });

  it('should refuse a value outside a version (a v1 offer cannot be skipped) and accept it in the next', () => {
    const skipped = { ...samples['donations.WaitlistOfferLapsed.v1'], reason: 'skipped' };
    expect(eventPayloadError('donations.WaitlistOfferLapsed.v1', skipped)).toMatch(/reason/);
    expect(eventPayloadError('donations.WaitlistOfferLapsed.v2', skipped)).toBeNull();
  });

  it('should accept a v1 deletion published before it carried its reservation', () => {
    const { reservationId: _, ...older } = { ...samples['donations.DonationDeleted.v1'], reservationId: null };
    expect(eventPayloadError('donations.DonationDeleted.v1', older)).toBeNull();
    expect(eventPayloadError('donations.DonationDeleted.v2', older)).toMatch(/reservationId/);
  });

  it('should check a notification by its kind', () => {
    const wrongParams = { userId: 'u2', notification: { ...samples['messaging.NotificationCreated.v1'].notification, kind: 'reservation_made' } };
    expect(eventPayloadError('messaging.NotificationCreated.v1', wrongParams)).toMatch(/notification\.params/);
  });

  it('should still resolve names from subjects and envelopes', () => {
    expect(eventNameOf('events.donations.DonationDeleted', { type: 'DonationDeleted', version: 2 })).toBe('donations.DonationDeleted.v2');
    expect(eventNameOf('events.donations.Nothing.v1', { type: 'Nothing', version: 1 })).toBeNull();
  });

  it('should never reuse the name of a retired version', () => {
    for (const name of RETIRED_EVENT_NAMES) expect(EVENT_NAMES).not.toContain(name);
  });
});

// Issue 47: the stream carries member ids, never an address or a phone number (the rule of
// deploy/nats/nats-server.conf); a service that needs one asks the users service over RPC.
const CONTACT_FIELD = /e-?mail|phone|mobile|whatsapp/i;

/** Every property name a schema's payload may hold, at any depth (objects, arrays, unions, records). */
function fieldNames(schema: z.ZodType): string[] {
  const names: string[] = [];
  const walk = (node: unknown): void => {
    if (Array.isArray(node)) return node.forEach(walk);
    if (!node || typeof node !== 'object') return;
    for (const [key, value] of Object.entries(node)) {
      if (key === 'properties' && value && typeof value === 'object') names.push(...Object.keys(value));
      walk(value);
    }
  };
  walk(z.toJSONSchema(schema, { io: 'output', unrepresentable: 'any' }));
  return names;
}

describe('what the stream may carry', () => {
  it.each(EVENT_NAMES.map((name) => [name]))('should carry no e-mail address or phone number in %s', (name) => {
    expect(fieldNames(EventSchemas[name]).filter((field) => CONTACT_FIELD.test(field))).toEqual([]);
  });

  it('should find such a field however deep it is', () => {
    const nested = z.object({ members: z.array(z.object({ id: z.string(), contact: z.object({ phoneNumber: z.string().nullable() }) })) });
    const inUnion = z.discriminatedUnion('kind', [z.object({ kind: z.literal('a') }), z.object({ kind: z.literal('b'), replyEmail: z.string() })]);
    expect(fieldNames(nested).filter((field) => CONTACT_FIELD.test(field))).toEqual(['phoneNumber']);
    expect(fieldNames(inUnion).filter((field) => CONTACT_FIELD.test(field))).toEqual(['replyEmail']);
  });
});

describe('EventReaders', () => {
  it('should list the catalog\'s versions, no more', () => {
    expect(Object.keys(EventReaders)).toEqual(EVENT_NAMES);
  });

  it.each(EVENT_NAMES.map((name) => [name]))('should give %s a reader, or mark it kept for audit', (name) => {
    const readers = EventReaders[name];
    if (readers !== KEPT_FOR_AUDIT) expect(readers.length).toBeGreaterThan(0);
  });
});
