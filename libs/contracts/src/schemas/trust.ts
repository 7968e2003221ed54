import { z } from 'zod';
import { DonationRules } from '../donations.js';
import { RATING_REASONS, RATING_REPORT_REASONS, RATING_VALUES, RatingMessages, RatingRules } from '../trust.js';
import { MARKUP, optionalText } from '../validation/fields.js';

/** `POST /api/donations/{id}/ratings`: a reason is required for a down rating. */
export const RateDonationSchema = z
  .object({
    value: z.enum(RATING_VALUES, { error: RatingMessages.value }),
    reason: z.enum(RATING_REASONS, { error: RatingMessages.reason }).nullish(),
    comment: optionalText('comment', RatingRules.commentMaxLength).refine((text) => !text || !MARKUP.test(text), RatingMessages.markup),
  })
  .superRefine((rating, context) => {
    if (rating.value === 'down' && !rating.reason) context.addIssue({ code: 'custom', path: ['reason'], message: RatingMessages.reasonRequired });
  });
export type RateDonationInput = z.output<typeof RateDonationSchema>;

/** `POST /api/ratings/{id}/reports`: why the comment should go. */
export const ReportRatingSchema = z.object({
  reason: z.enum(RATING_REPORT_REASONS, { error: RatingMessages.reportReason }),
  details: optionalText('details', DonationRules.reportDetailsMaxLength),
});
export type ReportRatingInput = z.output<typeof ReportRatingSchema>;
