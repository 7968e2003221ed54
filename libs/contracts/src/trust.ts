// Trust between strangers (docs/product.md#ratings): ratings after a gift, said once for the
// services, the gateway and the web app.

export const RATING_VALUES = ['up', 'down'] as const;
export type RatingValue = (typeof RATING_VALUES)[number];

/** Why a rating is down: required for 'down', optional for 'up' (where it is not asked). */
export const RATING_REASONS = ['no_show', 'late', 'not_as_described', 'rude', 'other'] as const;
export type RatingReason = (typeof RATING_REASONS)[number];

export const RatingRules = {
  /** Donor and receiver may rate each other once, within this many days of the handover. */
  windowDays: 14,
  commentMaxLength: 300,
  /** A member's ratings are shown once they have this many. */
  shownFrom: 3,
} as const;

export const RatingMessages = {
  value: 'Choisissez une évaluation positive (up) ou négative (down).',
  reason: "Motif d'évaluation inconnu.",
  reasonRequired: "Indiquez ce qui s'est mal passé (motif) pour une évaluation négative.",
  markup: 'Le commentaire ne peut pas contenir de balises HTML.',
  notGiven: "Ce don n'a pas encore été remis : vous pourrez l'évaluer après la remise.",
  onlyParties: 'Seuls le donateur et le membre qui a reçu ce don peuvent l’évaluer.',
  already: 'Vous avez déjà évalué ce don.',
  windowClosed: `Un don s'évalue dans les ${RatingRules.windowDays} jours qui suivent sa remise.`,
} as const;

/** A rating as its author gets it back. */
export interface RatingView {
  id: number;
  donationId: number;
  /** The member rated: the other party of the gift. */
  ratedId: string;
  value: RatingValue;
  reason: RatingReason | null;
  comment: string | null;
  /** The gift was confirmed with the handover code: both were there. */
  verified: boolean;
  createdAt: string;
}
