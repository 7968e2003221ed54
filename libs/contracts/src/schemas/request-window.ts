import { z } from 'zod';
import { RequestMessages, RequestWindowRules } from '../request-window.js';
import { MARKUP, requiredText } from '../validation/fields.js';

/**
 * `allocation` of `POST /api/donations`: first come, or a window until `closesAt` (an ISO time
 * with its offset). How far ahead it may be is the donations service's check, on its own clock.
 */
export const AllocationSchema = z.discriminatedUnion(
  'mode',
  [
    z.object({ mode: z.literal('first') }),
    z.object({ mode: z.literal('choose'), closesAt: z.iso.datetime({ offset: true, error: RequestMessages.closesAt }) }),
  ],
  { error: RequestMessages.mode },
);

/** `POST /api/donations/{id}/requests`: a few words to the donor, plain text. */
export const AskDonationSchema = z.object({
  message: requiredText('message', RequestWindowRules.messageMaxLength, RequestMessages.message).refine((text) => !MARKUP.test(text), RequestMessages.message),
});
export type AskDonationInput = z.output<typeof AskDonationSchema>;
