// Where a member stands against the limits (docs/product.md#where-you-stand): the hoarding caps of
// decision 0020 and the points caps of decision 0019, each with when it frees up.

/** How much of a limit is used, and when the oldest use ends (null when nothing is used or nothing ends by itself). */
export interface UsageView {
  used: number;
  max: number;
  freesAt: string | null;
}

/** An item the member cancelled or let expire: they may reserve it or join its line again from `until`. */
export interface CooldownView {
  donationId: number;
  title: string;
  until: string;
}

/** The donations service's part: open reservations (a place frees at the earliest end), waiting-list places, cooldowns. */
export interface DonationLimitsView {
  reservations: UsageView;
  waitlistPlaces: UsageView;
  cooldowns: CooldownView[];
}

/** The points service's part, over the last 24 hours: reward points earned by gifts, points sent. */
export interface PointsLimitsView {
  giftPoints: UsageView;
  transferPoints: UsageView;
}

/** `GET /api/user/limits`. */
export type MemberLimitsView = DonationLimitsView & PointsLimitsView;
