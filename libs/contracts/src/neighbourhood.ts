// Issue "beyond the other gift apps": the waiting list on a reserved donation, saved-search alerts
// and the handover code. Rules, views and French messages; the schemas are in schemas/neighbourhood.ts.

export const WaitlistRules = {
  /** How long the next member in line has to accept an item offered to them. */
  offerHours: 24,
  /** A queue longer than this would make the last places meaningless. */
  maxQueue: 20,
} as const;

export const SavedSearchRules = {
  /** Saved searches per member. */
  maxPerMember: 10,
} as const;

export const HandoverRules = {
  /** Digits of the code the reserver shows the donor. */
  digits: 4,
  /** Wrong codes per reservation before the code stops being accepted (1 in 2,000 to guess). */
  maxAttempts: 5,
  /** When the reminder goes out, before the 10-day limit. */
  reminderHoursBefore: 24,
  /** How long a donor may say a reception the receiver confirmed alone never happened (decision 0056). */
  disputeHours: 48,
} as const;

/** The waiting list of one donation, as the session member sees it. */
export interface WaitlistView {
  donationId: number;
  /** Members waiting in line (not counting one an item is offered to). */
  waiting: number;
  /** True while the item is offered to someone in line. */
  offerOut: boolean;
  /** The owner sees until when the current offer runs; others null. */
  offerExpiresAt: string | null;
  /** The owner sees who the item is offered to (their level beside the name); others null. */
  offeredTo: { id: string; displayName: string } | null;
  /** The session member's place: waiting (1 = next), offered (until), or not in line. */
  me: { state: 'waiting'; position: number } | { state: 'offered'; offerExpiresAt: string } | null;
}

/** The handover code: the reserver sees it; the donor sees how many tries are left. */
export type HandoverView =
  | { role: 'reserver'; code: string; expiresAt: string }
  | { role: 'owner'; attemptsLeft: number; expiresAt: string };

/** A saved search: what to watch for and where. */
export interface SavedSearchView {
  id: string;
  query: string;
  categoryId: number | null;
  city: string;
  lat: number;
  lng: number;
  distance: number;
  createdAt: string;
  updatedAt: string;
}

export const WaitlistMessages = {
  own: 'Vous ne pouvez pas rejoindre la file d’attente de votre propre don.',
  available: 'Ce don est disponible : réservez-le directement.',
  given: 'Ce don a déjà été donné.',
  yours: 'Vous avez déjà réservé cet objet.',
  offeredToYou: 'Cet objet vous est déjà proposé : acceptez-le ou refusez-le.',
  already: 'Vous êtes déjà dans la file d’attente de ce don.',
  full: 'La file d’attente de ce don est complète.',
  notInLine: 'Vous n’êtes pas dans la file d’attente de ce don.',
  offerExpired: 'Cette proposition a expiré.',
  acceptInFlight: 'Votre réservation est en cours. Réessayez dans un instant.',
} as const;

/** The end of the donor's 48 hours to dispute a reception the receiver confirmed alone at `confirmedAt`. */
export function disputableUntil(confirmedAt: Date): Date {
  return new Date(confirmedAt.getTime() + HandoverRules.disputeHours * 60 * 60 * 1000);
}

export const HandoverMessages = {
  codeFormat: 'Le code de remise contient 4 chiffres.',
  onlyParties: 'Seuls le donateur et le membre qui a réservé voient la remise de cet objet.',
  onlyOwner: 'Seul le donateur peut saisir le code de remise.',
  notReserved: "Ce don n'est pas réservé.",
  wrong: (left: number) =>
    left === 1 ? 'Code incorrect. Il vous reste 1 essai.' : `Code incorrect. Il vous reste ${left} essais.`,
  locked: 'Trop de codes incorrects : le membre peut encore confirmer la réception depuis son compte.',
  disputeOnlyOwner: 'Seul le donateur peut dire que cet objet n’a pas été remis.',
  disputeNotGiven: "Ce don n'est pas marqué comme remis.",
  disputeWithCode: 'Cette remise a été confirmée avec le code : elle ne peut pas être contestée.',
  disputeTooLate: `Le délai de ${HandoverRules.disputeHours} heures pour contester cette remise est passé.`,
} as const;

export const SavedSearchMessages = {
  notFound: 'Cette recherche enregistrée n’existe pas.',
  limit: `Vous pouvez enregistrer au plus ${SavedSearchRules.maxPerMember} recherches. Supprimez-en une pour en ajouter une autre.`,
  savedSearchId: 'Identifiant de recherche enregistrée invalide.',
} as const;
