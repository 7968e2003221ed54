import { z } from 'zod';
import { RATING_REASONS, RATING_VALUES, RatingMessages, RatingRules } from '../trust.js';
import { optionalText } from '../validation/fields.js';

/** Anything that reads as an HTML tag: member text is plain text everywhere it is shown. */
const MARKUP = /<\/?[a-z!][^>]*>/i;

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
