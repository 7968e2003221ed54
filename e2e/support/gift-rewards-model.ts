import { DonationRules, PointsRules } from '@hdiya/contracts';

export interface ConfirmedGift {
  ownerId: string;
  reserverId: string;
  confirmedAt: Date;
}

export interface GiftRewardsReplay {
  /** Reward points the donors should have been paid, all gifts together. */
  paid: number;
  /** Gifts that paid their full reward, part of it (daily cap), nothing (pair rule or daily cap). */
  full: number;
  partial: number;
  none: number;
}

const HOUR_MS = 60 * 60 * 1000;

/**
 * The rules of decision 0019 written again from the decision, not from the points service: replays
 * the gifts in confirmation order. A gift pays 5 for publishing and 5 for giving; nothing when the
 * two members already completed `giftPairLimit` gifts (either way) in the window; never beyond
 * the donor's daily cap over the last 24 hours. Used to check that the points in the system follow
 * the rules (summing the ledger instead would only check the ledger against itself).
 */
export function replayGiftRewards(gifts: ConfirmedGift[], dailyCap: number = PointsRules.giftDailyCap): GiftRewardsReplay {
  const full = DonationRules.publishReward + DonationRules.receptionReward;
  const done: (ConfirmedGift & { paid: number })[] = [];
  const replay: GiftRewardsReplay = { paid: 0, full: 0, partial: 0, none: 0 };
  for (const gift of gifts) {
    const at = gift.confirmedAt.getTime();
    const samePair = done.filter(
      (d) =>
        ((d.ownerId === gift.ownerId && d.reserverId === gift.reserverId) || (d.ownerId === gift.reserverId && d.reserverId === gift.ownerId)) &&
        d.confirmedAt.getTime() > at - PointsRules.giftPairWindowDays * 24 * HOUR_MS,
    ).length;
    const earnedToday = done.filter((d) => d.ownerId === gift.ownerId && d.confirmedAt.getTime() > at - 24 * HOUR_MS).reduce((sum, d) => sum + d.paid, 0);
    const paid = samePair >= PointsRules.giftPairLimit ? 0 : Math.min(full, Math.max(0, dailyCap - earnedToday));
    done.push({ ...gift, paid });
    replay.paid += paid;
    if (paid === full) replay.full += 1;
    else if (paid > 0) replay.partial += 1;
    else replay.none += 1;
  }
  return replay;
}
