import { z } from 'zod';

/** Payload of `donations.DonationCreated.v1`. */
export const DonationCreatedV1Schema = z.object({
  donationId: z.number(),
  ownerId: z.string(),
  title: z.string(),
  categoryId: z.number(),
  city: z.string(),
  createdAt: z.string(),
});
export type DonationCreatedV1 = z.output<typeof DonationCreatedV1Schema>;

/** Payload of `donations.DonationUpdated.v1`. */
export const DonationUpdatedV1Schema = z.object({
  donationId: z.number(),
  ownerId: z.string(),
  title: z.string(),
  categoryId: z.number(),
  city: z.string(),
});
export type DonationUpdatedV1 = z.output<typeof DonationUpdatedV1Schema>;

const deletedBy = z.enum(['owner', 'moderator']);

/**
 * Payload of `donations.DonationDeleted.v1`. No longer emitted: `reservationId` was added to it in
 * place after it had been published, so older events lack it; v2 carries it always.
 */
export const DonationDeletedV1Schema = z.object({
  donationId: z.number(),
  ownerId: z.string(),
  title: z.string(),
  /** Status when it was deleted: a completed donation keeps its publishing reward. */
  status: z.string(),
  deletedBy,
  /** The member holding a reservation on it, whose hold must be released. */
  reservedById: z.string().nullable(),
  /** That reservation, when the events of the time carried it. */
  reservationId: z.string().nullable().optional(),
  imageKeys: z.array(z.string()),
});
export type DonationDeletedV1 = z.output<typeof DonationDeletedV1Schema>;

/** Payload of `donations.DonationDeleted.v2`: v1 with the open reservation always named. */
export const DonationDeletedV2Schema = DonationDeletedV1Schema.extend({
  /** The reservation held on it, or null when nobody held one. */
  reservationId: z.string().nullable(),
});
export type DonationDeletedV2 = z.output<typeof DonationDeletedV2Schema>;

/** Payload of `donations.DonationReported.v1`. */
export const DonationReportedV1Schema = z.object({
  donationId: z.number(),
  reporterId: z.string(),
  reason: z.string(),
});
export type DonationReportedV1 = z.output<typeof DonationReportedV1Schema>;
