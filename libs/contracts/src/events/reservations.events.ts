/** Payload of `donations.ReservationMade.v1`: the hold is taken, the item is the reserver's. */
export interface ReservationMadeV1 {
  reservationId: string;
  donationId: number;
  title: string;
  reserverId: string;
  ownerId: string;
  reservedAt: string;
  expiresAt: string;
}

/** Payload of `donations.ReservationCancelled.v1`: the hold goes back to the reserver. */
export interface ReservationCancelledV1 {
  reservationId: string;
  donationId: number;
  title: string;
  reserverId: string;
  ownerId: string;
  cancelledBy: 'reserver' | 'owner';
}

/**
 * Payload of `donations.ReservationCancelled.v2`: v1 with when it was cancelled and when the
 * reservation would have ended, so the points service can tell a late cancel (decision 0020).
 */
export interface ReservationCancelledV2 extends ReservationCancelledV1 {
  cancelledAt: string;
  expiresAt: string;
}

/** Payload of `donations.ReceptionConfirmed.v1`: the hold is captured, the donor earns +5. */
export interface ReceptionConfirmedV1 {
  reservationId: string;
  donationId: number;
  title: string;
  reserverId: string;
  ownerId: string;
  confirmedAt: string;
}

/** Payload of `donations.ReservationExpired.v1`: 10 days passed; the hold is forfeited. */
export interface ReservationExpiredV1 {
  reservationId: string;
  donationId: number;
  title: string;
  reserverId: string;
  ownerId: string;
  expiredAt: string;
}

/** Payload of `points.PointsChanged.v1`: a member's balance after any change. */
export interface PointsChangedV1 {
  userId: string;
  points: number;
  blockedPoints: number;
  reliabilityScore: number;
  reason: string;
}

/** Payload of `points.PointsTransferred.v1`. */
export interface PointsTransferredV1 {
  transferId: string;
  senderId: string;
  receiverId: string;
  points: number;
  message: string | null;
}
