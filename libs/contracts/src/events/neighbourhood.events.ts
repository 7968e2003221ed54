import { z } from 'zod';

// Events of the waiting list, the handover reminder and saved-search alerts (donations service).

/** Payload of `donations.WaitlistOffered.v1`: the next in line may take the item until `offerExpiresAt`. */
export const WaitlistOfferedV1Schema = z.object({
  entryId: z.string(),
  donationId: z.number(),
  title: z.string(),
  memberId: z.string(),
  ownerId: z.string(),
  offerExpiresAt: z.string(),
});
export type WaitlistOfferedV1 = z.output<typeof WaitlistOfferedV1Schema>;

/** Payload of `donations.WaitlistOfferLapsed.v1`: an offer ended unaccepted (it passes to the next). */
export const WaitlistOfferLapsedV1Schema = z.object({
  entryId: z.string(),
  donationId: z.number(),
  title: z.string(),
  memberId: z.string(),
  reason: z.enum(['expired', 'declined']),
});
export type WaitlistOfferLapsedV1 = z.output<typeof WaitlistOfferLapsedV1Schema>;

/**
 * Payload of `donations.WaitlistOfferLapsed.v2`: v1 with a third way for an offer to end, the
 * owner passing it to the next in line (`skipped`, decision 0020).
 */
export const WaitlistOfferLapsedV2Schema = WaitlistOfferLapsedV1Schema.extend({
  reason: z.enum(['expired', 'declined', 'skipped']),
});
export type WaitlistOfferLapsedV2 = z.output<typeof WaitlistOfferLapsedV2Schema>;

/** Payload of `donations.WaitlistClosed.v1`: the line ended because the item was given or withdrawn. */
export const WaitlistClosedV1Schema = z.object({
  donationId: z.number(),
  title: z.string(),
  memberIds: z.array(z.string()),
  reason: z.enum(['given', 'deleted']),
});
export type WaitlistClosedV1 = z.output<typeof WaitlistClosedV1Schema>;

/**
 * Payload of `donations.RequestsDecided.v1`: requests of a window ended (docs/product.md#request-window).
 * Each open request ends once, in the event of that moment: the chosen one and the others when
 * the donor chooses or Hdiya draws, a drawn member skipped (no points) alone, all of them when the
 * item is removed.
 */
export const RequestsDecidedV1Schema = z.object({
  donationId: z.number(),
  title: z.string(),
  by: z.enum(['owner', 'draw', 'removed']),
  outcomes: z.array(z.object({ requestId: z.string(), memberId: z.string(), outcome: z.enum(['chosen', 'not_chosen', 'skipped']) })),
});
export type RequestsDecidedV1 = z.output<typeof RequestsDecidedV1Schema>;

/**
 * Payload of `donations.RequestMade.v1`: a member asked for a donation in its request window (to
 * tell its owner, issue 46). `openRequests` counts the window's open requests with this one, so
 * the owner's notice says how many asked.
 */
export const RequestMadeV1Schema = z.object({
  requestId: z.string(),
  donationId: z.number(),
  title: z.string(),
  ownerId: z.string(),
  memberId: z.string(),
  openRequests: z.number(),
  closesAt: z.string(),
});
export type RequestMadeV1 = z.output<typeof RequestMadeV1Schema>;

/**
 * Payload of `donations.RequestWindowClosed.v1`: a window closed with requests open and no choice
 * yet (once per window): its owner is reminded to choose before Hdiya draws at `drawAt`.
 */
export const RequestWindowClosedV1Schema = z.object({
  donationId: z.number(),
  title: z.string(),
  ownerId: z.string(),
  openRequests: z.number(),
  drawAt: z.string(),
});
export type RequestWindowClosedV1 = z.output<typeof RequestWindowClosedV1Schema>;

/** Payload of `donations.ReservationExpiring.v1`: a day is left to hand the item over. */
export const ReservationExpiringV1Schema = z.object({
  reservationId: z.string(),
  donationId: z.number(),
  title: z.string(),
  reserverId: z.string(),
  ownerId: z.string(),
  expiresAt: z.string(),
});
export type ReservationExpiringV1 = z.output<typeof ReservationExpiringV1Schema>;

/**
 * Payload of `donations.SavedSearchMatched.v1`: a new donation matches saved searches, one per
 * member (a popular donation matches hundreds: they travel together, up to 500 per event).
 */
export const SavedSearchMatchedV1Schema = z.object({
  donationId: z.number(),
  title: z.string(),
  city: z.string(),
  publishedAt: z.string(),
  matches: z.array(z.object({ memberId: z.string(), savedSearchId: z.string() })),
});
export type SavedSearchMatchedV1 = z.output<typeof SavedSearchMatchedV1Schema>;

/**
 * Payload of `donations.AskMatched.v1`: a new donation matches open asks (docs/product.md#asks),
 * one per asker; each asker is told, and the donation's owner sees them unnamed.
 */
export const AskMatchedV1Schema = z.object({
  donationId: z.number(),
  title: z.string(),
  city: z.string(),
  matches: z.array(z.object({ memberId: z.string(), askId: z.string(), matchId: z.string() })),
});
export type AskMatchedV1 = z.output<typeof AskMatchedV1Schema>;

/** Payload of `donations.AskOffered.v1`: a donor offered a donation to one ask (from its matches, or answering a public ask). */
export const AskOfferedV1Schema = z.object({
  donationId: z.number(),
  title: z.string(),
  askId: z.string(),
  askTitle: z.string(),
  memberId: z.string(),
  how: z.enum(['matched', 'answered']),
});
export type AskOfferedV1 = z.output<typeof AskOfferedV1Schema>;
