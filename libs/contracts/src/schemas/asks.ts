import { z } from 'zod';
import { AskMessages, AskRules, ASK_VISIBILITIES } from '../asks.js';
import { DonationMessages, Messages } from '../messages.js';
import { decimal, fromText, integer, MARKUP, MAX_INT_ID, requiredText } from '../validation/fields.js';

const distance = fromText(integer(AskMessages.distance, AskRules.minDistanceKm, AskRules.maxDistanceKm, AskMessages.distance));

/**
 * `POST /api/asks`: what the member looks for, in words a search would find it by (they become
 * the ask's search), a category or any, and a radius around a city (or their position).
 */
export const PostAskSchema = z.object({
  title: requiredText('title', AskRules.titleMaxLength, AskMessages.title)
    .refine((text) => !MARKUP.test(text), AskMessages.title)
    // What the ask is matched by is checked by the donations service (its key words).
    .refine((text) => /\p{L}\p{L}/u.test(text), AskMessages.titleWords),
  categoryId: fromText(integer(DonationMessages.category, 1, MAX_INT_ID)).nullish(),
  city: requiredText('city', 80, Messages.required),
  lat: fromText(decimal(DonationMessages.latitude, -90, 90)).nullish(),
  lng: fromText(decimal(DonationMessages.longitude, -180, 180)).nullish(),
  distance,
  visibility: z.enum(ASK_VISIBILITIES, { error: AskMessages.visibility }),
});
export type PostAskInput = z.output<typeof PostAskSchema>;

/** `GET /api/asks`: public open asks near a place (both coordinates or neither: the city's centre, else Casablanca). */
export const AskListQuerySchema = z.object({
  lat: fromText(decimal(DonationMessages.latitude, -90, 90)).optional(),
  lng: fromText(decimal(DonationMessages.longitude, -180, 180)).optional(),
  distance: distance.optional(),
  categoryId: fromText(integer(DonationMessages.category, 1, MAX_INT_ID).optional()),
  cursor: z.string({ error: AskMessages.cursor }).max(200, AskMessages.cursor).optional(),
});
export type AskListQuery = z.output<typeof AskListQuerySchema>;

/** `POST /api/asks/{id}/answers`: the owner's available donation, offered to a public ask. */
export const AnswerAskSchema = z.object({
  donationId: fromText(integer(DonationMessages.donationId, 1, MAX_INT_ID, DonationMessages.donationId)),
});
export type AnswerAskInput = z.output<typeof AnswerAskSchema>;
