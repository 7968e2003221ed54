import { z } from 'zod';
import { DonationRules } from '../donations.js';
import { DonationMessages, Messages } from '../messages.js';
import { HandoverMessages } from '../neighbourhood.js';
import { decimal, fromText, integer, MAX_INT_ID, requiredText, string } from '../validation/fields.js';
import { SEARCH_WORDS } from './donations.js';

/** `POST /api/donations/{id}/handover`: the 4 digits the reserver shows. */
export const HandoverCodeSchema = z.object({
  code: z.string({ error: HandoverMessages.codeFormat }).regex(/^\d{4}$/, HandoverMessages.codeFormat),
});
export type HandoverCodeInput = z.output<typeof HandoverCodeSchema>;

/**
 * A saved search, as the browse screen has it: words, a category (or all), a radius around a
 * place. The place is a city of the list; lat/lng, when given, refine it (the member's position).
 */
export const SavedSearchSchema = z.object({
  query: string('query').max(100, Messages.tooLong('query', 100)).regex(SEARCH_WORDS, DonationMessages.queryWords).default(''),
  categoryId: fromText(integer(DonationMessages.category, 1, MAX_INT_ID)).nullish(),
  city: requiredText('city', 80, Messages.required),
  lat: fromText(decimal(DonationMessages.latitude, -90, 90)).nullish(),
  lng: fromText(decimal(DonationMessages.longitude, -180, 180)).nullish(),
  distance: fromText(integer(DonationMessages.distance, DonationRules.minDistanceKm, DonationRules.maxDistanceKm)),
});
export type SavedSearchInput = z.output<typeof SavedSearchSchema>;
