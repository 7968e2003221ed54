// Donations as the gateway answers them. They are read by several features (donations, admin,
// home, profile), so they live here rather than in one feature.

// The shapes are the API contract's own (libs/contracts), imported as types only so that no
// server code reaches the bundle; the few runtime lists the screens iterate stay here.
import type { DonationStatus, ReportReason, ReservationState } from '@hdiya/contracts';

export type {
  DonationStatus,
  DonationView as Donation,
  ModerationDonationView as ModerationDonation,
  OwnerView as DonationOwner,
  ReportReason,
  ReservationState,
  ReservedDonationView as ReservedDonation,
} from '@hdiya/contracts';

export const DONATION_STATUSES = ['available', 'reserved', 'completed', 'cancelled'] as const satisfies readonly DonationStatus[];

/** States of a reservation; failed ones never reach the list. */
export const RESERVATION_STATES = ['pending', 'active', 'completed', 'cancelled', 'expired', 'failed'] as const satisfies readonly ReservationState[];

export const REPORT_REASONS = ['commercial', 'inappropriate', 'dangerous', 'spam', 'other'] as const satisfies readonly ReportReason[];

/** Business constants of spec §9 that the screens show or enforce. */
export const DonationRules = {
  publishReward: 5,
  reservationCost: 2,
  /** days a reserver has to collect the item (spec §1, §9) */
  collectionDays: 10,
  maxImageBytes: 5 * 1024 * 1024,
  minDistanceKm: 1,
  maxDistanceKm: 50,
  defaultDistanceKm: 10,
  nearbyLimit: 8,
  pageSize: 24,
  titleMaxLength: 100,
  descriptionMaxLength: 2000,
  reportDetailsMaxLength: 1000,
  metaDescriptionLength: 160,
} as const;

export function donationHref(id: number): string {
  return `/donations/${id}`;
}
