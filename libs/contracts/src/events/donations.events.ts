/** Payload of `events.donations.DonationCreated` (v1). */
export interface DonationCreatedV1 {
  donationId: number;
  ownerId: string;
  title: string;
  categoryId: number;
  city: string;
  createdAt: string;
}

/** Payload of `events.donations.DonationUpdated` (v1). */
export interface DonationUpdatedV1 {
  donationId: number;
  ownerId: string;
  title: string;
  categoryId: number;
  city: string;
}

/** Payload of `events.donations.DonationDeleted` (v1). */
export interface DonationDeletedV1 {
  donationId: number;
  ownerId: string;
  title: string;
  /** Status when it was deleted: a completed donation keeps its publishing reward. */
  status: string;
  deletedBy: 'owner' | 'moderator';
  /** The member holding a reservation on it, whose hold must be released. */
  reservedById: string | null;
  /** That reservation (added to v1 as an optional field: older events lack it). */
  reservationId?: string | null;
  imageKeys: string[];
}

/** Payload of `events.donations.DonationReported` (v1). */
export interface DonationReportedV1 {
  donationId: number;
  reporterId: string;
  reason: string;
}
