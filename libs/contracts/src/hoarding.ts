// Limits against hoarding items (decision 0020): open reservations and waiting-list places per
// member, a cooldown before reserving the same item again, a reliability penalty for a late
// cancel, and the French messages that say when each limit frees up.

export const HoardingRules = {
  /** Defaults of the donations service's settings of the same names. */
  defaults: {
    RESERVATIONS_OPEN_MAX: 3,
    WAITLIST_PLACES_MAX: 5,
    RESERVE_AGAIN_COOLDOWN_HOURS: 72,
  },
  /** A cancel by the reserver this close to the reservation's end is late… */
  lateCancelHours: 24,
  /** …and lowers their reliability score by this much (an expiry costs 10). */
  lateCancelReliabilityPenalty: 5,
} as const;

/** True when a reserver's cancel at `cancelledAt` falls in the last hours before `expiresAt`. */
export function isLateCancel(cancelledAt: Date, expiresAt: Date): boolean {
  return expiresAt.getTime() - cancelledAt.getTime() <= HoardingRules.lateCancelHours * 60 * 60 * 1000;
}

/**
 * Morocco's time, for the French server messages (the web app formats `retryAt` in the member's
 * own). Made when needed: the web app imports this module too and never formats with it.
 */
const inMoroccanTime = (at: Date) =>
  new Intl.DateTimeFormat('fr-FR', { timeZone: 'Africa/Casablanca', dateStyle: 'long', timeStyle: 'short' }).format(at);

export const HoardingMessages = {
  reservationsLimit: (max: number) =>
    `Vous avez déjà ${max} réservation${max > 1 ? 's' : ''} en cours : confirmez la réception ou annulez une réservation pour en faire une nouvelle.`,
  waitlistPlacesLimit: (max: number) =>
    `Vous attendez déjà ${max} objet${max > 1 ? 's' : ''} : quittez une file d’attente pour en rejoindre une autre (une place se libère aussi quand un objet attendu vous est proposé ou donné).`,
  reserveAgain: (at: Date) =>
    `Vous avez annulé ou laissé expirer une réservation de cet objet : vous pourrez le réserver de nouveau à partir du ${inMoroccanTime(at)}.`,
  skipOnlyOwner: 'Seul le donateur peut passer cet objet au suivant de la file.',
  noOffer: 'Cet objet n’est proposé à personne de la file d’attente en ce moment.',
  acceptInFlight: 'Le membre est en train d’accepter cet objet. Réessayez dans un instant.',
} as const;
