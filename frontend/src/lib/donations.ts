// Donations as the gateway answers them. They are read by several features (donations, admin,
// home, profile), so they live here rather than in one feature. Shapes, lists and rules are the
// API contract's own (libs/contracts, browser-safe): nothing is copied here.

export {
  DONATION_STATUSES,
  DonationRules,
  detailActions,
  REPORT_REASONS,
  RESERVATION_STATES,
  type DetailActions,
  type DonationStatus,
  type DonationView as Donation,
  type ModerationDonationView as ModerationDonation,
  type OwnerView as DonationOwner,
  type ReportReason,
  type ReservationState,
  type ReservedDonationView as ReservedDonation,
} from '@hdiya/contracts';

/** How much of a description the page's meta description shows. */
export const META_DESCRIPTION_LENGTH = 160;

/** The browse screen searching these words (all donations when there are none). */
export function searchHref(query: string): string {
  const words = query.trim();
  return words ? `/donations?query=${encodeURIComponent(words)}` : '/donations';
}

export function donationHref(id: number): string {
  return `/donations/${id}`;
}
