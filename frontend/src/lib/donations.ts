// Donations as the gateway answers them (libs/contracts DonationView). They are read by several
// features (donations, admin, home, profile), so the shapes live here rather than in one feature.

export const DONATION_STATUSES = ['available', 'reserved', 'completed', 'cancelled'] as const;
export type DonationStatus = (typeof DONATION_STATUSES)[number];

export interface DonationOwner {
  id: string;
  /** first name and last-name initial, else username; never an e-mail (design.md §6) */
  displayName: string;
  profileImageUrl: string | null;
}

export interface Donation {
  id: number;
  title: string;
  description: string;
  imageUrl: string;
  thumbnailUrl: string;
  status: DonationStatus;
  categoryId: number;
  userId: string;
  owner: DonationOwner;
  city: string;
  /** rounded to about 1 km */
  latitude: number;
  longitude: number;
  pointsValue: number;
  guaranteePoints: number;
  reservationPoints: number;
  reservedById: string | null;
  reservedAt: string | null;
  confirmedAt: string | null;
  autoExpireAt: string | null;
  createdAt: string;
  updatedAt: string;
  /** km from the searcher's position, 1 decimal; only when a position was sent */
  distance?: number;
}

/** States of a reservation (libs/contracts ReservationState); failed ones never reach the list. */
export const RESERVATION_STATES = ['pending', 'active', 'completed', 'cancelled', 'expired', 'failed'] as const;
export type ReservationState = (typeof RESERVATION_STATES)[number];

/** A donation in "my reservations" (GET /api/user/reservations): the reservation rides along. */
export interface ReservedDonation extends Donation {
  reservation: {
    id: string;
    state: ReservationState;
    reservedAt: string;
    expiresAt: string;
    /** milliseconds left to collect while active, else 0 (measured by the server) */
    timeLeftMs: number;
  };
}

export const REPORT_REASONS = ['commercial', 'inappropriate', 'dangerous', 'spam', 'other'] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];

/** A moderator's view of a donation: the owner's e-mail and the reports against it. */
export interface ModerationDonation extends Donation {
  ownerEmail: string | null;
  reportCount: number;
  reportReasons: ReportReason[];
}

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
