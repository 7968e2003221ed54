// Events of the waiting list, the handover reminder and saved-search alerts (donations service).

/** Payload of `donations.WaitlistOffered.v1`: the next in line may take the item until `offerExpiresAt`. */
export interface WaitlistOfferedV1 {
  entryId: string;
  donationId: number;
  title: string;
  memberId: string;
  ownerId: string;
  offerExpiresAt: string;
}

/** Payload of `donations.WaitlistOfferLapsed.v1`: an offer ended unaccepted (it passes to the next). */
export interface WaitlistOfferLapsedV1 {
  entryId: string;
  donationId: number;
  title: string;
  memberId: string;
  reason: 'expired' | 'declined';
}

/**
 * Payload of `donations.WaitlistOfferLapsed.v2`: v1 with a third way for an offer to end, the
 * owner passing it to the next in line (`skipped`, decision 0020).
 */
export interface WaitlistOfferLapsedV2 {
  entryId: string;
  donationId: number;
  title: string;
  memberId: string;
  reason: 'expired' | 'declined' | 'skipped';
}

/** Payload of `donations.WaitlistClosed.v1`: the line ended because the item was given or withdrawn. */
export interface WaitlistClosedV1 {
  donationId: number;
  title: string;
  memberIds: string[];
  reason: 'given' | 'deleted';
}

/** Payload of `donations.ReservationExpiring.v1`: a day is left to hand the item over. */
export interface ReservationExpiringV1 {
  reservationId: string;
  donationId: number;
  title: string;
  reserverId: string;
  ownerId: string;
  expiresAt: string;
}

/**
 * Payload of `donations.SavedSearchMatched.v1`: a new donation matches saved searches, one per
 * member (a popular donation matches hundreds: they travel together, up to 500 per event).
 */
export interface SavedSearchMatchedV1 {
  donationId: number;
  title: string;
  city: string;
  publishedAt: string;
  matches: { memberId: string; savedSearchId: string }[];
}
