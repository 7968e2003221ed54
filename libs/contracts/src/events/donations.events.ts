/** Payload of `donations.DonationCreated.v1`. */
export interface DonationCreatedV1 {
  donationId: number;
  ownerId: string;
  title: string;
  categoryId: number;
  city: string;
  createdAt: string;
}

/** Payload of `donations.DonationUpdated.v1`. */
export interface DonationUpdatedV1 {
  donationId: number;
  ownerId: string;
  title: string;
  categoryId: number;
  city: string;
}

/**
 * Payload of `donations.DonationDeleted.v1`. No longer emitted: `reservationId` was added to it in
 * place after it had been published, so older events lack it; v2 carries it always.
 */
export interface DonationDeletedV1 {
  donationId: number;
  ownerId: string;
  title: string;
  /** Status when it was deleted: a completed donation keeps its publishing reward. */
  status: string;
  deletedBy: 'owner' | 'moderator';
  /** The member holding a reservation on it, whose hold must be released. */
  reservedById: string | null;
  /** That reservation, when the events of the time carried it. */
  reservationId?: string | null;
  imageKeys: string[];
}

/** Payload of `donations.DonationDeleted.v2`: v1 with the open reservation always named. */
export interface DonationDeletedV2 {
  donationId: number;
  ownerId: string;
  title: string;
  /** Status when it was deleted: a completed donation keeps its publishing reward. */
  status: string;
  deletedBy: 'owner' | 'moderator';
  /** The member holding a reservation on it, whose hold must be released. */
  reservedById: string | null;
  /** That reservation, or null when nobody held one. */
  reservationId: string | null;
  imageKeys: string[];
}

/** Payload of `donations.DonationReported.v1`. */
export interface DonationReportedV1 {
  donationId: number;
  reporterId: string;
  reason: string;
}
