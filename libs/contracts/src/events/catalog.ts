import type { z } from 'zod';
import {
  DonationCreatedV1Schema,
  DonationDeletedV1Schema,
  DonationDeletedV2Schema,
  DonationReportedV1Schema,
  DonationUpdatedV1Schema,
} from './donations.events.js';
import {
  PointsChangedV1Schema,
  PointsTransferredV1Schema,
  ReceptionConfirmedV1Schema,
  ReceptionDisputedV1Schema,
  ReservationCancelledV1Schema,
  ReservationCancelledV2Schema,
  ReservationExpiredV1Schema,
  ReservationMadeV1Schema,
} from './reservations.events.js';
import {
  RequestMadeV1Schema,
  RequestsDecidedV1Schema,
  RequestWindowClosedV1Schema,
  AskMatchedV1Schema,
  AskOfferedV1Schema,
  ReservationExpiringV1Schema,
  SavedSearchMatchedV1Schema,
  WaitlistClosedV1Schema,
  WaitlistOfferedV1Schema,
  WaitlistOfferLapsedV1Schema,
  WaitlistOfferLapsedV2Schema,
} from './neighbourhood.events.js';
import { MessageSentV1Schema, MessageSentV2Schema, MessagesReadV1Schema, NotificationCreatedV1Schema } from './messaging.events.js';
import {
  EmailVerifiedV1Schema,
  MemberDeletedV1Schema,
  MemberReinstatedV1Schema,
  MemberSuspendedV1Schema,
  UserRegisteredV1Schema,
  UserUpdatedV1Schema,
} from './users.events.js';

// Versioning rule: a published event never changes. A new field, a field that becomes required or
// a meaning that shifts is a new version (`DonationDeleted.v2`) with its own schema; the producer
// switches to it and consumers keep handling the older versions still in the stream.

/**
 * Every event version published and still in use (`<service>.<Type>.v<N>`; RETIRED_EVENT_NAMES
 * lists the dropped ones) and the schema of its payload: the one list of the catalog. The payload types, the names and the check consumers run on every event
 * they receive all come from it.
 */
export const EventSchemas = {
  'users.UserRegistered.v1': UserRegisteredV1Schema,
  'users.UserUpdated.v1': UserUpdatedV1Schema,
  'users.MemberSuspended.v1': MemberSuspendedV1Schema,
  'users.MemberReinstated.v1': MemberReinstatedV1Schema,
  'users.MemberDeleted.v1': MemberDeletedV1Schema,
  'users.EmailVerified.v1': EmailVerifiedV1Schema,
  'donations.DonationCreated.v1': DonationCreatedV1Schema,
  'donations.DonationUpdated.v1': DonationUpdatedV1Schema,
  'donations.DonationDeleted.v1': DonationDeletedV1Schema,
  'donations.DonationDeleted.v2': DonationDeletedV2Schema,
  'donations.DonationReported.v1': DonationReportedV1Schema,
  'donations.ReservationMade.v1': ReservationMadeV1Schema,
  'donations.ReservationCancelled.v1': ReservationCancelledV1Schema,
  'donations.ReservationCancelled.v2': ReservationCancelledV2Schema,
  'donations.ReceptionConfirmed.v1': ReceptionConfirmedV1Schema,
  'donations.ReceptionDisputed.v1': ReceptionDisputedV1Schema,
  'donations.ReservationExpired.v1': ReservationExpiredV1Schema,
  'donations.ReservationExpiring.v1': ReservationExpiringV1Schema,
  'donations.WaitlistOffered.v1': WaitlistOfferedV1Schema,
  'donations.WaitlistOfferLapsed.v1': WaitlistOfferLapsedV1Schema,
  'donations.WaitlistOfferLapsed.v2': WaitlistOfferLapsedV2Schema,
  'donations.WaitlistClosed.v1': WaitlistClosedV1Schema,
  'donations.SavedSearchMatched.v1': SavedSearchMatchedV1Schema,
  'donations.RequestsDecided.v1': RequestsDecidedV1Schema,
  'donations.RequestMade.v1': RequestMadeV1Schema,
  'donations.RequestWindowClosed.v1': RequestWindowClosedV1Schema,
  'donations.AskMatched.v1': AskMatchedV1Schema,
  'donations.AskOffered.v1': AskOfferedV1Schema,
  'points.PointsChanged.v1': PointsChangedV1Schema,
  'points.PointsTransferred.v1': PointsTransferredV1Schema,
  'messaging.MessageSent.v1': MessageSentV1Schema,
  'messaging.MessageSent.v2': MessageSentV2Schema,
  'messaging.MessagesRead.v1': MessagesReadV1Schema,
  'messaging.NotificationCreated.v1': NotificationCreatedV1Schema,
} as const;

/**
 * Versions once published and dropped, whose names are never used again. They carried an e-mail
 * address onto the stream and nothing consumed them (decision 0076); copies still in the stream
 * age out with its retention, and no consumer's filter takes them.
 */
export const RETIRED_EVENT_NAMES = [
  'users.PasswordResetRequested.v1',
  'users.PasswordResetRequested.v2',
  'users.ContactMessageReceived.v1',
] as const;

/** Every event version and its payload type, inferred from its schema. */
export type EventCatalog = { [N in keyof typeof EventSchemas]: z.output<(typeof EventSchemas)[N]> };

export type EventName = keyof EventCatalog;
export type EventPayload<N extends EventName> = EventCatalog[N];

export type ServiceName = 'users' | 'points' | 'donations' | 'messaging';

/** The version each service emits today. */
export const Events = {
  users: {
    UserRegistered: 'users.UserRegistered.v1',
    UserUpdated: 'users.UserUpdated.v1',
    MemberSuspended: 'users.MemberSuspended.v1',
    MemberReinstated: 'users.MemberReinstated.v1',
    MemberDeleted: 'users.MemberDeleted.v1',
    EmailVerified: 'users.EmailVerified.v1',
  },
  donations: {
    DonationCreated: 'donations.DonationCreated.v1',
    DonationUpdated: 'donations.DonationUpdated.v1',
    DonationDeleted: 'donations.DonationDeleted.v2',
    DonationReported: 'donations.DonationReported.v1',
    ReservationMade: 'donations.ReservationMade.v1',
    ReservationCancelled: 'donations.ReservationCancelled.v2',
    ReceptionConfirmed: 'donations.ReceptionConfirmed.v1',
    ReceptionDisputed: 'donations.ReceptionDisputed.v1',
    ReservationExpired: 'donations.ReservationExpired.v1',
    ReservationExpiring: 'donations.ReservationExpiring.v1',
    WaitlistOffered: 'donations.WaitlistOffered.v1',
    WaitlistOfferLapsed: 'donations.WaitlistOfferLapsed.v2',
    WaitlistClosed: 'donations.WaitlistClosed.v1',
    SavedSearchMatched: 'donations.SavedSearchMatched.v1',
    RequestsDecided: 'donations.RequestsDecided.v1',
    RequestMade: 'donations.RequestMade.v1',
    RequestWindowClosed: 'donations.RequestWindowClosed.v1',
    AskMatched: 'donations.AskMatched.v1',
    AskOffered: 'donations.AskOffered.v1',
  },
  points: {
    PointsChanged: 'points.PointsChanged.v1',
    PointsTransferred: 'points.PointsTransferred.v1',
  },
  messaging: {
    MessageSent: 'messaging.MessageSent.v2',
    MessagesRead: 'messaging.MessagesRead.v1',
    NotificationCreated: 'messaging.NotificationCreated.v1',
  },
} as const satisfies { [S in ServiceName]?: Record<string, EventName> };

/** The one JetStream stream holding every domain event. */
export const EVENTS_STREAM = 'EVENTS';
export const EVENTS_SUBJECTS = 'events.>';

/** The subject an event version travels on: `events.<service>.<Type>.v<N>`. */
export function eventSubject(name: EventName): string {
  return `events.${name}`;
}

/** Every event a service emits, for a consumer that follows them all in order. */
export function allEventsOf(service: ServiceName): string {
  return `events.${service}.>`;
}

/** An event name's parts: the service that emits it, its type and its version. */
export function eventNameParts(name: EventName): { service: ServiceName; type: string; version: number } {
  const [service, type, version] = name.split('.') as [ServiceName, string, string];
  return { service, type, version: Number(version.slice(1)) };
}

/**
 * The name of a received event, from its subject's service and its envelope's type and version.
 * Envelopes have always carried both, so events published before subjects named the version
 * (`events.donations.DonationDeleted`) resolve too. Null for anything the catalog does not know.
 */
export function eventNameOf(subject: string, envelope: { type: string; version: number }): EventName | null {
  const service = subject.split('.')[1];
  const name = `${service}.${envelope.type}.v${envelope.version}`;
  return KNOWN_EVENTS.has(name) ? (name as EventName) : null;
}

/** Every name of the catalog, at run time. */
export const EVENT_NAMES = Object.keys(EventSchemas) as EventName[];

const KNOWN_EVENTS = new Set<string>(EVENT_NAMES);

/** An event version's name with its payload as the version's schema parsed it: a switch on `name` narrows `payload`. */
export type ParsedEvent = { [N in EventName]: { name: N; payload: EventPayload<N> } }[EventName];

/** A received payload checked against its version's schema: what the schema parsed, or why it is not that version. */
export type EventCheck = { ok: true; event: ParsedEvent } | { ok: false; problems: string };

/**
 * Parses a received payload with its version's schema. Consumers act on what this gives (fields
 * the schema does not name are dropped, its defaults applied), never on the raw payload.
 */
export function parseEvent(name: EventName, payload: unknown): EventCheck {
  const result = EventSchemas[name].safeParse(payload);
  // The schema of `name` parsed it, so `data` is `EventPayload<typeof name>`: the one place that pairs them.
  if (result.success) return { ok: true, event: { name, payload: result.data } as ParsedEvent };
  return { ok: false, problems: result.error.issues.map((issue) => `${issue.path.join('.') || 'payload'}: ${issue.message}`).join('; ') };
}

/** Why a payload is not what its event version says, or null when it is. */
export function eventPayloadError(name: EventName, payload: unknown): string | null {
  const check = parseEvent(name, payload);
  return check.ok ? null : check.problems;
}
