// WARNING: these subjects are a published contract between processes. Never rename or reuse one;
// add a new subject (or a new event version) instead.

/** Request-reply subjects (`<service>.<verb>`), answered by one replica of the named service. */
export const Rpc = {
  users: {
    health: 'users.health',
    signup: 'users.signup',
    verifyCredentials: 'users.verify-credentials',
    /** The account a login identifier (username or e-mail) names, or null: login limits count per account. */
    resolveLogin: 'users.resolve-login',
    get: 'users.get',
    getPublic: 'users.get-public',
    updateProfile: 'users.update-profile',
    forgotPassword: 'users.forgot-password',
    contact: 'users.contact',
    /** E-mail addresses of several members at once, for moderators only. */
    contacts: 'users.contacts',
    /** The member with this phone number (points transfers name the receiver by phone). */
    findByPhone: 'users.find-by-phone',
  },
  points: {
    health: 'points.health',
    balance: 'points.balance',
    /** Holds the reservation cost; idempotent per reservation id. */
    hold: 'points.hold',
    /** Voids a reservation's hold (refunding it if it was taken); idempotent, and a later hold is refused. */
    release: 'points.release',
    history: 'points.history',
    transfer: 'points.transfer',
  },
  donations: {
    health: 'donations.health',
    categories: 'donations.categories',
    category: 'donations.category',
    cities: 'donations.cities',
    search: 'donations.search',
    nearby: 'donations.nearby',
    get: 'donations.get',
    create: 'donations.create',
    update: 'donations.update',
    delete: 'donations.delete',
    forceDelete: 'donations.force-delete',
    byOwner: 'donations.by-owner',
    moderationList: 'donations.moderation-list',
    addFavorite: 'donations.favorites.add',
    removeFavorite: 'donations.favorites.remove',
    favorites: 'donations.favorites.list',
    report: 'donations.report',
    reserve: 'donations.reserve',
    confirm: 'donations.confirm',
    cancel: 'donations.cancel',
    reservations: 'donations.reservations',
    /** Records a member's fresh upload (before its bytes are stored). */
    registerImage: 'donations.images.register',
    /** Forgets uploads never attached for a day and answers their object keys, for deletion. */
    sweepImages: 'donations.images.sweep',
  },
  messaging: {
    health: 'messaging.health',
  },
} as const;

/** The one JetStream stream holding every domain event. */
export const EVENTS_STREAM = 'EVENTS';
export const EVENTS_SUBJECTS = 'events.>';

/** Domain event types, grouped by the service that emits them. Subject: `events.<service>.<type>`. */
export const EventTypes = {
  users: {
    UserRegistered: 'UserRegistered',
    UserUpdated: 'UserUpdated',
    PasswordResetRequested: 'PasswordResetRequested',
    ContactMessageReceived: 'ContactMessageReceived',
  },
  donations: {
    DonationCreated: 'DonationCreated',
    DonationUpdated: 'DonationUpdated',
    DonationDeleted: 'DonationDeleted',
    DonationReported: 'DonationReported',
    ReservationMade: 'ReservationMade',
    ReservationCancelled: 'ReservationCancelled',
    ReceptionConfirmed: 'ReceptionConfirmed',
    ReservationExpired: 'ReservationExpired',
  },
  points: {
    PointsChanged: 'PointsChanged',
    PointsTransferred: 'PointsTransferred',
  },
} as const;

export type ServiceName = 'users' | 'points' | 'donations' | 'messaging';

export function eventSubject(service: ServiceName, type: string): string {
  return `events.${service}.${type}`;
}

/** Every event a service emits, for a consumer that follows them all in order. */
export function allEventsOf(service: ServiceName): string {
  return `events.${service}.>`;
}
