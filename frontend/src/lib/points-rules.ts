import { DonationRules, PointsRules, WELCOME_POINTS } from '@hdiya/contracts';

/**
 * The figures of the points rules in force (decisions 0012 and 0019), from the contracts that the
 * points and donations services apply. Every text quotes them through these variables
 * ("{{publishReward}} points…"), set as i18next's default variables, so no text can promise a
 * figure the services do not pay.
 */
export const POINTS_FIGURES = {
  welcomePoints: WELCOME_POINTS,
  /** Paid to the donor when the item is given, not when it is published. */
  publishReward: DonationRules.publishReward,
  /** Paid to the donor when the reserver confirms reception. */
  receptionReward: DonationRules.receptionReward,
  /** Both rewards: what one completed gift brings its donor. */
  giftReward: DonationRules.publishReward + DonationRules.receptionReward,
  reservationCost: DonationRules.reservationCost,
  collectionDays: DonationRules.collectionDays,
  giftDailyCap: PointsRules.giftDailyCap,
  transferDailyCap: PointsRules.transferDailyCap,
  giftPairLimit: PointsRules.giftPairLimit,
  giftPairWindowDays: PointsRules.giftPairWindowDays,
  maxImageMegabytes: DonationRules.maxImageBytes / (1024 * 1024),
} as const;
