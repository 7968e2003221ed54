export interface BalanceView {
  userId: string;
  points: number;
  blockedPoints: number;
  reliabilityScore: number;
  /** False until the points service has opened the account (the welcome credit is applied). */
  opened: boolean;
}

export const WELCOME_POINTS = 10;
export const INITIAL_RELIABILITY = 100;

// Points economy against pairs of accounts (docs/decisions/0019-points-economy-against-pairs.md).
/** Defaults of the caps (the points service reads `GIFT_POINTS_DAILY_CAP` and `TRANSFER_POINTS_DAILY_CAP`). */
export const PointsRules = {
  /** Points a donor may earn from gifts (publishing + giving rewards) per rolling 24 hours. */
  giftDailyCap: 30,
  /** Points a member may send by transfers per rolling 24 hours. */
  transferDailyCap: 30,
  /** Gifts between the same two members (either way) that still earn rewards within the window. */
  giftPairLimit: 3,
  giftPairWindowDays: 30,
} as const;

export interface GiftPairMember {
  id: string;
  firstName: string | null;
  lastName: string | null;
}

/** Two members who gave to each other more than `giftPairLimit` times in the window (moderators). */
export interface GiftPair {
  members: GiftPairMember[];
  gifts: number;
  /** Reward points the pair's gifts did not earn (pair limit or daily cap). */
  withheldPoints: number;
  lastGiftAt: string;
}

/** A gift pair as moderators see it: with the members' e-mails. */
export interface GiftPairView extends GiftPair {
  members: (GiftPairMember & { email: string | null })[];
}
