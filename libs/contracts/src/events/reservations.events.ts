import { z } from 'zod';

/** Payload of `donations.ReservationMade.v1`: the hold is taken, the item is the reserver's. */
export const ReservationMadeV1Schema = z.object({
  reservationId: z.string(),
  donationId: z.number(),
  title: z.string(),
  reserverId: z.string(),
  ownerId: z.string(),
  reservedAt: z.string(),
  expiresAt: z.string(),
});
export type ReservationMadeV1 = z.output<typeof ReservationMadeV1Schema>;

/** Payload of `donations.ReservationCancelled.v1`: the hold goes back to the reserver. */
export const ReservationCancelledV1Schema = z.object({
  reservationId: z.string(),
  donationId: z.number(),
  title: z.string(),
  reserverId: z.string(),
  ownerId: z.string(),
  cancelledBy: z.enum(['reserver', 'owner']),
});
export type ReservationCancelledV1 = z.output<typeof ReservationCancelledV1Schema>;

/**
 * Payload of `donations.ReservationCancelled.v2`: v1 with when it was cancelled and when the
 * reservation would have ended, so the points service can tell a late cancel (decision 0020).
 */
export const ReservationCancelledV2Schema = ReservationCancelledV1Schema.extend({
  cancelledAt: z.string(),
  expiresAt: z.string(),
});
export type ReservationCancelledV2 = z.output<typeof ReservationCancelledV2Schema>;

/** Payload of `donations.ReceptionConfirmed.v1`: the hold is captured, the donor earns +5. */
export const ReceptionConfirmedV1Schema = z.object({
  reservationId: z.string(),
  donationId: z.number(),
  title: z.string(),
  reserverId: z.string(),
  ownerId: z.string(),
  confirmedAt: z.string(),
});
export type ReceptionConfirmedV1 = z.output<typeof ReceptionConfirmedV1Schema>;

/**
 * Payload of `donations.ReceptionDisputed.v1`: the donor said a reception the receiver confirmed
 * alone never happened (decision 0056). The item is available again; the points service takes
 * the reception reward back and gives the receiver their 2 points.
 */
export const ReceptionDisputedV1Schema = z.object({
  reservationId: z.string(),
  donationId: z.number(),
  title: z.string(),
  reserverId: z.string(),
  ownerId: z.string(),
  disputedAt: z.string(),
});
export type ReceptionDisputedV1 = z.output<typeof ReceptionDisputedV1Schema>;

/** Payload of `donations.ReservationExpired.v1`: 10 days passed; the hold is forfeited. */
export const ReservationExpiredV1Schema = z.object({
  reservationId: z.string(),
  donationId: z.number(),
  title: z.string(),
  reserverId: z.string(),
  ownerId: z.string(),
  expiredAt: z.string(),
});
export type ReservationExpiredV1 = z.output<typeof ReservationExpiredV1Schema>;

/** Payload of `points.PointsChanged.v1`: a member's balance after any change. */
export const PointsChangedV1Schema = z.object({
  userId: z.string(),
  points: z.number(),
  blockedPoints: z.number(),
  reliabilityScore: z.number(),
  reason: z.string(),
});
export type PointsChangedV1 = z.output<typeof PointsChangedV1Schema>;

/** Payload of `points.PointsTransferred.v1`. */
export const PointsTransferredV1Schema = z.object({
  transferId: z.string(),
  senderId: z.string(),
  receiverId: z.string(),
  points: z.number(),
  message: z.string().nullable(),
});
export type PointsTransferredV1 = z.output<typeof PointsTransferredV1Schema>;
