import { z } from 'zod';
import { DonationRules, REPORT_REASONS } from '../donations.js';
import { DonationMessages, Messages } from '../messages.js';
import { AllocationSchema } from './request-window.js';
import { decimal, fromText, integer, MAX_INT_ID, optionalText, requiredText, string } from '../validation/fields.js';

const title = requiredText('title', DonationRules.titleMaxLength, Messages.required);
const description = requiredText('description', DonationRules.descriptionMaxLength, Messages.required);
const city = requiredText('city', 80, Messages.required);
const categoryId = fromText(integer(DonationMessages.category, 1, MAX_INT_ID, Messages.required));
/** A data URL (spec client) or the URL of an image uploaded through `/api/uploads/images`. */
const imageUrl = z.string({ error: DonationMessages.imageRequired }).min(1, DonationMessages.imageRequired);
/** 1 to 5 such URLs, in order, the first the cover (decision 0044). */
const photos = z
  .array(imageUrl, { error: DonationMessages.imageRequired })
  .min(1, DonationMessages.imageRequired)
  .max(DonationRules.maxPhotos, DonationMessages.tooManyPhotos)
  .refine((urls) => new Set(urls).size === urls.length, DonationMessages.photoTwice);

/**
 * A donation needs a photo: `photos`, or the older single `imageUrl` (`photos` wins when both
 * come). Neither is refused naming `imageUrl`, as older clients were always told.
 */
function needsAPhoto(fields: { imageUrl?: string; photos?: string[] }, context: z.RefinementCtx): void {
  if (fields.imageUrl === undefined && fields.photos === undefined) {
    context.addIssue({ code: 'custom', message: DonationMessages.imageRequired, path: ['imageUrl'] });
  }
}
const latitude = fromText(decimal(DonationMessages.latitude, -90, 90));
const longitude = fromText(decimal(DonationMessages.longitude, -180, 180));
const distance = fromText(decimal(DonationMessages.distance, DonationRules.minDistanceKm, DonationRules.maxDistanceKm));

/** A new donation's fields, before the photo requirement (forms pick their typed fields from it). */
export const CreateDonationFieldsSchema = z.object({
  title,
  description,
  categoryId,
  city,
  imageUrl: imageUrl.optional(),
  photos: photos.optional(),
  latitude: latitude.nullish(),
  longitude: longitude.nullish(),
  /** First come when left out (docs/product.md#request-window). */
  allocation: AllocationSchema.optional(),
});

export const CreateDonationSchema = CreateDonationFieldsSchema.superRefine(needsAPhoto);
export type CreateDonationInput = z.output<typeof CreateDonationSchema>;

/**
 * The owner's edit: every field optional. `photos` is the whole new list (reordered, added to,
 * removed from); the older `imageUrl` alone replaces the cover and keeps the other photos.
 */
export const UpdateDonationSchema = z.object({
  title: title.optional(),
  description: description.optional(),
  categoryId: fromText(integer(DonationMessages.category, 1, MAX_INT_ID).optional()),
  city: city.optional(),
  imageUrl: imageUrl.optional(),
  photos: photos.optional(),
});
export type UpdateDonationInput = z.output<typeof UpdateDonationSchema>;

/** Where to look from: both coordinates or neither (then Casablanca). */
export const PositionQuerySchema = z.object({
  lat: latitude.optional(),
  lng: longitude.optional(),
  distance: distance.optional(),
});
export type PositionQuery = z.output<typeof PositionQuerySchema>;

const limit = fromText(integer(DonationMessages.limit, 1, DonationRules.maxPageSize).optional());
const cursor = z.string({ error: DonationMessages.cursor }).max(200, DonationMessages.cursor).optional();

export const PageQuerySchema = z.object({ limit, cursor });
export type PageQuery = z.output<typeof PageQuerySchema>;

/** The moderation list: a page, optionally of donations with open reports only (`reported=true`). */
export const ModerationQuerySchema = PageQuerySchema.extend({
  // Text in a query string, a boolean once the gateway has read it (services validate again).
  reported: z
    .union([z.boolean(), z.enum(['true', 'false'])], { error: DonationMessages.reportedFilter })
    .optional()
    .transform((value) => value === true || value === 'true'),
});
export type ModerationQuery = z.output<typeof ModerationQuerySchema>;

// Text search stays cheap: one-letter words match half the catalogue as prefixes.
export const SEARCH_WORDS = /^\s*(?:\S{2,}(?:\s+\S{2,}){0,5})?\s*$/u;

export const SearchDonationsQuerySchema = PositionQuerySchema.extend({
  query: string('query')
    .max(100, Messages.tooLong('query', 100))
    .regex(SEARCH_WORDS, DonationMessages.queryWords)
    // "777" or "!!!" (Arabizi digits alone, symbols) names nothing: said, rather than every item.
    .refine((query) => query.trim() === '' || /\p{L}/u.test(query), DonationMessages.queryLetters)
    .optional(),
  /** A category id, or `all`. */
  category: z.string({ error: DonationMessages.categoryUnknown }).regex(/^(all|\d{1,6})$/, DonationMessages.categoryUnknown).optional(),
  /** A status (any of the accepted words) or `all`. */
  status: z.string({ error: DonationMessages.status }).max(20, DonationMessages.status).optional(),
  limit,
  cursor,
});
export type SearchDonationsQuery = z.output<typeof SearchDonationsQuerySchema>;

export const FavoriteSchema = z.object({
  donationId: fromText(integer(DonationMessages.donationId, 1, MAX_INT_ID)),
});
export type FavoriteInput = z.output<typeof FavoriteSchema>;

export const ReportDonationSchema = z.object({
  reason: z.enum(REPORT_REASONS, { error: DonationMessages.reportReason }),
  details: optionalText('details', DonationRules.reportDetailsMaxLength),
});
export type ReportDonationInput = z.output<typeof ReportDonationSchema>;

/** `PATCH /api/donations/{id}/status`, as the older client sends it (docs/api.md#the-older-client) (`reservedById` is ignored). */
export const DonationStatusSchema = z.object({
  status: z.string({ error: DonationMessages.status }).min(1, DonationMessages.status).max(20, DonationMessages.status),
});
export type DonationStatusInput = z.output<typeof DonationStatusSchema>;
