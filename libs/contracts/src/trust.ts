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
  // Moderation of rating comments
  notFound: "Cette évaluation n'existe pas.",
  noComment: "Cette évaluation n'a pas (ou plus) de commentaire.",
  reportOwn: 'Vous ne pouvez pas signaler votre propre commentaire.',
  reportAgain: 'Vous avez déjà signalé ce commentaire. Merci, les modérateurs vont l’examiner.',
  reportReason: 'Motif de signalement inconnu.',
  ratingId: "Cette évaluation n'existe pas.",
} as const;

/** What the viewer of a given donation needs to rate it: only for its donor and receiver. */
export interface MyRatingView {
  value: RatingValue;
  createdAt: string;
}

/** A party's rating of a gift so far, and until when they may rate (null before the handover). */
export interface RatingStateView {
  myRating: MyRatingView | null;
  ratingOpenUntil: string | null;
  /**
   * For the donor of a gift the receiver confirmed alone: until when they may say it never
   * happened (decision 0056); null otherwise.
   */
  disputableUntil: string | null;
}

/** The end of the rating window of a gift handed over at `givenAt`. */
export function ratingOpenUntil(givenAt: Date): Date {
  return new Date(givenAt.getTime() + RatingRules.windowDays * 24 * 60 * 60 * 1000);
}

/** A rating comment on a member's public profile (not who wrote it). */
export interface RatingCommentView {
  id: number;
  value: RatingValue;
  reason: RatingReason | null;
  comment: string;
  verified: boolean;
  createdAt: string;
}

/** How many recent comments a public profile shows. */
export const RECENT_COMMENTS_LIMIT = 10;

/** Why a member reports a rating comment. */
export const RATING_REPORT_REASONS = ['insulting', 'personal_data', 'false', 'other'] as const;
export type RatingReportReason = (typeof RATING_REPORT_REASONS)[number];

/** A report of a rating comment a moderator has not decided on yet. */
export interface OpenRatingReportView {
  id: number;
  reason: RatingReportReason;
  details: string | null;
  createdAt: string;
}

/** A rating whose comment is reported, as moderators see it. */
export interface ModerationRatingView {
  id: number;
  donationId: number;
  donationTitle: string;
  raterId: string;
  ratedId: string;
  value: RatingValue;
  reason: RatingReason | null;
  comment: string;
  createdAt: string;
  /** Open reports, newest first. */
  reports: OpenRatingReportView[];
}

/** A moderator's decision on a reported comment: how many open reports it closed. */
export interface RatingModerationResult {
  ratingId: number;
  /** True when the comment was removed (the rating stays). */
  commentRemoved: boolean;
  closedReports: number;
}

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

/** A member's ratings, counted once they have `RatingRules.shownFrom` of them. */
export interface RatingsSummary {
  up: number;
  down: number;
  /** How many of them were made on gifts confirmed with the handover code. */
  verified: number;
}

/** What the donations service knows of a member's record (docs/product.md#public-record). */
export interface TrustRecordView {
  /** Their donations handed over with the handover code (decision 0056). */
  given: number;
  /** The gifts they received with the handover code. */
  received: number;
  /** Gifts either way the receiver confirmed alone: shown apart, never in the level. */
  declared: number;
  /** Their ratings that count (decision 0056); null under `RatingRules.shownFrom` of them. */
  ratings: RatingsSummary | null;
  /** Their reservations that expired uncollected in the last 90 days. */
  noShows90d: number;
  /** When they signed up; null for a member who joined before the service kept it. */
  memberSince: string | null;
  level: MemberLevel;
}

export const MEMBER_LEVELS = ['new', 'reliable', 'very_reliable'] as const;
export type MemberLevel = (typeof MEMBER_LEVELS)[number];

/** What each level asks (decisions 0041 and 0056); a member who meets neither is 'new'. */
export const LevelRules = {
  reliable: { gifts: 3, maxNoShows90d: 1, minUpShare: 0.8, minMemberDays: 14 },
  veryReliable: { gifts: 10, maxNoShows90d: 0, minUpShare: 0.95, minRatings: 5, minMemberDays: 60 },
  /** A counterparty counts once in this many days… */
  counterpartyOncePerDays: 30,
} as const;

/** What a level is earned from (decision 0056). */
export interface LevelFacts {
  /**
   * Gifts given or received with the handover code, each counterparty once per 30 days, none with
   * a member the gift-pair rule flags.
   */
  gifts: number;
  ratings: RatingsSummary | null;
  noShows90d: number;
  /** Days since they signed up; null when unknown (they joined before it was kept). */
  memberDays: number | null;
}

/** The level the facts earn: enough gifts, a few weeks of membership, few no-shows, mostly good ratings once shown. */
export function memberLevel(facts: LevelFacts): MemberLevel {
  const rated = facts.ratings ? facts.ratings.up + facts.ratings.down : 0;
  const upShare = facts.ratings && rated > 0 ? facts.ratings.up / rated : null;
  const oldEnough = (days: number) => facts.memberDays === null || facts.memberDays >= days;
  const { reliable, veryReliable } = LevelRules;
  if (
    facts.gifts >= veryReliable.gifts &&
    oldEnough(veryReliable.minMemberDays) &&
    facts.noShows90d <= veryReliable.maxNoShows90d &&
    rated >= veryReliable.minRatings &&
    upShare! >= veryReliable.minUpShare
  ) {
    return 'very_reliable';
  }
  if (facts.gifts >= reliable.gifts && oldEnough(reliable.minMemberDays) && facts.noShows90d <= reliable.maxNoShows90d && (upShare === null || upShare >= reliable.minUpShare)) {
    return 'reliable';
  }
  return 'new';
}
