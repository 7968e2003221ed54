import type { EventName, ServiceName } from './catalog.js';

/** Who acts on events: the four services, and the gateway (sockets, sessions). */
export type EventReader = ServiceName | 'gateway';

/** An event nothing acts on today, published so that the stream keeps the fact (moderation's history). */
export const KEPT_FOR_AUDIT = 'kept for audit';

/**
 * Who reads each event version: every version of the catalog has readers or is kept for audit (a
 * version missing here does not compile). Each reader's own tests compare this with the handlers
 * it registers, so an event that loses its last consumer, or a consumer not written down, fails.
 */
export const EventReaders: { readonly [N in EventName]: readonly EventReader[] | typeof KEPT_FOR_AUDIT } = {
  'users.UserRegistered.v1': ['points', 'donations', 'messaging'],
  'users.UserUpdated.v1': ['points', 'donations', 'messaging'],
  'users.MemberSuspended.v1': ['donations', 'messaging', 'gateway'],
  'users.MemberReinstated.v1': ['donations', 'messaging'],
  'users.MemberDeleted.v1': ['points', 'donations', 'messaging', 'gateway'],
  'users.EmailVerified.v1': ['donations'],
  'donations.DonationCreated.v1': ['points', 'donations', 'messaging'],
  'donations.DonationUpdated.v1': ['points', 'messaging'],
  'donations.DonationDeleted.v1': ['points', 'messaging'],
  'donations.DonationDeleted.v2': ['points', 'messaging'],
  // Reports are kept and decided in the donations service's own tables; the event records them on the stream.
  'donations.DonationReported.v1': KEPT_FOR_AUDIT,
  'donations.ReservationMade.v1': ['messaging', 'gateway'],
  'donations.ReservationCancelled.v1': ['points', 'messaging', 'gateway'],
  'donations.ReservationCancelled.v2': ['points', 'messaging', 'gateway'],
  'donations.ReceptionConfirmed.v1': ['points', 'messaging', 'gateway'],
  'donations.ReceptionDisputed.v1': ['points', 'messaging'],
  'donations.ReservationExpired.v1': ['points', 'messaging', 'gateway'],
  'donations.ReservationExpiring.v1': ['messaging'],
  'donations.WaitlistOffered.v1': ['messaging'],
  'donations.WaitlistOfferLapsed.v1': ['messaging'],
  'donations.WaitlistOfferLapsed.v2': ['messaging'],
  'donations.WaitlistClosed.v1': ['messaging'],
  'donations.SavedSearchMatched.v1': ['messaging'],
  'donations.RequestsDecided.v1': ['messaging'],
  'donations.RequestMade.v1': ['messaging'],
  'donations.RequestWindowClosed.v1': ['messaging'],
  'donations.AskMatched.v1': ['messaging'],
  'donations.AskOffered.v1': ['messaging'],
  'points.PointsChanged.v1': ['gateway'],
  'points.PointsTransferred.v1': ['messaging'],
  'messaging.MessageSent.v1': ['gateway'],
  'messaging.MessageSent.v2': ['gateway'],
  'messaging.MessagesRead.v1': ['gateway'],
  'messaging.NotificationCreated.v1': ['gateway'],
};

/** The event versions `reader` must act on, in catalog order. */
export function eventsReadBy(reader: EventReader): EventName[] {
  return (Object.keys(EventReaders) as EventName[]).filter((name) => {
    const readers = EventReaders[name];
    return readers !== KEPT_FOR_AUDIT && readers.includes(reader);
  });
}
