import type { DonationCreatedV1, DonationDeletedV1, DonationDeletedV2, DonationReportedV1, DonationUpdatedV1 } from './donations.events.js';
import type {
  PointsChangedV1,
  PointsTransferredV1,
  ReceptionConfirmedV1,
  ReservationCancelledV1,
  ReservationCancelledV2,
  ReservationExpiredV1,
  ReservationMadeV1,
} from './reservations.events.js';
import type {
  ReservationExpiringV1,
  SavedSearchMatchedV1,
  WaitlistClosedV1,
  WaitlistOfferedV1,
  WaitlistOfferLapsedV1,
  WaitlistOfferLapsedV2,
} from './neighbourhood.events.js';
import type { MessageSentV1, MessagesReadV1, NotificationCreatedV1 } from './messaging.events.js';
import type {
  ContactMessageReceivedV1,
  PasswordResetRequestedV1,
  PasswordResetRequestedV2,
  UserRegisteredV1,
  UserUpdatedV1,
} from './users.events.js';

// Versioning rule: a published event never changes. A new field, a field that becomes required or
// a meaning that shifts is a new version (`DonationDeleted.v2`) with its own payload type; the
// producer switches to it and consumers keep handling the older versions still in the stream.

/** Every event version ever published (`<service>.<Type>.v<N>`) and its payload. */
export interface EventCatalog {
  'users.UserRegistered.v1': UserRegisteredV1;
  'users.UserUpdated.v1': UserUpdatedV1;
  'users.PasswordResetRequested.v1': PasswordResetRequestedV1;
  'users.PasswordResetRequested.v2': PasswordResetRequestedV2;
  'users.ContactMessageReceived.v1': ContactMessageReceivedV1;
  'donations.DonationCreated.v1': DonationCreatedV1;
  'donations.DonationUpdated.v1': DonationUpdatedV1;
  'donations.DonationDeleted.v1': DonationDeletedV1;
  'donations.DonationDeleted.v2': DonationDeletedV2;
  'donations.DonationReported.v1': DonationReportedV1;
  'donations.ReservationMade.v1': ReservationMadeV1;
  'donations.ReservationCancelled.v1': ReservationCancelledV1;
  'donations.ReservationCancelled.v2': ReservationCancelledV2;
  'donations.ReceptionConfirmed.v1': ReceptionConfirmedV1;
  'donations.ReservationExpired.v1': ReservationExpiredV1;
  'donations.ReservationExpiring.v1': ReservationExpiringV1;
  'donations.WaitlistOffered.v1': WaitlistOfferedV1;
  'donations.WaitlistOfferLapsed.v1': WaitlistOfferLapsedV1;
  'donations.WaitlistOfferLapsed.v2': WaitlistOfferLapsedV2;
  'donations.WaitlistClosed.v1': WaitlistClosedV1;
  'donations.SavedSearchMatched.v1': SavedSearchMatchedV1;
  'points.PointsChanged.v1': PointsChangedV1;
  'points.PointsTransferred.v1': PointsTransferredV1;
  'messaging.MessageSent.v1': MessageSentV1;
  'messaging.MessagesRead.v1': MessagesReadV1;
  'messaging.NotificationCreated.v1': NotificationCreatedV1;
}

export type EventName = keyof EventCatalog;
export type EventPayload<N extends EventName> = EventCatalog[N];

export type ServiceName = 'users' | 'points' | 'donations' | 'messaging';

/** The version each service emits today. */
export const Events = {
  users: {
    UserRegistered: 'users.UserRegistered.v1',
    UserUpdated: 'users.UserUpdated.v1',
    PasswordResetRequested: 'users.PasswordResetRequested.v2',
    ContactMessageReceived: 'users.ContactMessageReceived.v1',
  },
  donations: {
    DonationCreated: 'donations.DonationCreated.v1',
    DonationUpdated: 'donations.DonationUpdated.v1',
    DonationDeleted: 'donations.DonationDeleted.v2',
    DonationReported: 'donations.DonationReported.v1',
    ReservationMade: 'donations.ReservationMade.v1',
    ReservationCancelled: 'donations.ReservationCancelled.v2',
    ReceptionConfirmed: 'donations.ReceptionConfirmed.v1',
    ReservationExpired: 'donations.ReservationExpired.v1',
    ReservationExpiring: 'donations.ReservationExpiring.v1',
    WaitlistOffered: 'donations.WaitlistOffered.v1',
    WaitlistOfferLapsed: 'donations.WaitlistOfferLapsed.v2',
    WaitlistClosed: 'donations.WaitlistClosed.v1',
    SavedSearchMatched: 'donations.SavedSearchMatched.v1',
  },
  points: {
    PointsChanged: 'points.PointsChanged.v1',
    PointsTransferred: 'points.PointsTransferred.v1',
  },
  messaging: {
    MessageSent: 'messaging.MessageSent.v1',
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

/** Every name of the catalog, at run time (checked against the catalog both ways). */
export const EVENT_NAMES = [
  'users.UserRegistered.v1',
  'users.UserUpdated.v1',
  'users.PasswordResetRequested.v1',
  'users.PasswordResetRequested.v2',
  'users.ContactMessageReceived.v1',
  'donations.DonationCreated.v1',
  'donations.DonationUpdated.v1',
  'donations.DonationDeleted.v1',
  'donations.DonationDeleted.v2',
  'donations.DonationReported.v1',
  'donations.ReservationMade.v1',
  'donations.ReservationCancelled.v1',
  'donations.ReservationCancelled.v2',
  'donations.ReceptionConfirmed.v1',
  'donations.ReservationExpired.v1',
  'donations.ReservationExpiring.v1',
  'donations.WaitlistOffered.v1',
  'donations.WaitlistOfferLapsed.v1',
  'donations.WaitlistOfferLapsed.v2',
  'donations.WaitlistClosed.v1',
  'donations.SavedSearchMatched.v1',
  'points.PointsChanged.v1',
  'points.PointsTransferred.v1',
  'messaging.MessageSent.v1',
  'messaging.MessagesRead.v1',
  'messaging.NotificationCreated.v1',
] as const satisfies readonly EventName[];

type Exactly<A, B> = [A] extends [B] ? ([B] extends [A] ? true : never) : never;
const everyEventNamed: Exactly<(typeof EVENT_NAMES)[number], EventName> = true;
void everyEventNamed;

const KNOWN_EVENTS = new Set<string>(EVENT_NAMES);
