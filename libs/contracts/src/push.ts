import { z } from 'zod';
import { Messages } from './messages.js';
import { string, uuid } from './validation/fields.js';

// Web Push: a member's devices subscribe through the web app; the messaging service keeps the
// subscriptions and sends them notifications (decision 0025).

export const PushRules = {
  /** Devices one member may register; a new one beyond this replaces their oldest. */
  subscriptionsPerMember: 20,
  endpointMaxLength: 2048,
} as const;

export const PushMessages = {
  endpoint: "L'adresse d'abonnement aux notifications est invalide.",
  keys: "Les clés d'abonnement aux notifications sont invalides.",
  language: 'La langue doit être fr ou ar.',
} as const;

// Base64url as browsers give it (unpadded; padding tolerated). An uncompressed P-256 point is
// 65 bytes starting with 0x04 (87 characters, the first "B" and the second A–P); a secret, 16 bytes.
const P256DH = /^B[A-P][A-Za-z0-9_-]{85}=?$/;
const AUTH = /^[A-Za-z0-9_-]{22}(==)?$/;

/** What the browser's `PushSubscription.toJSON()` gives, with the language its notifications use. */
export const PushSubscriptionSchema = z.object({
  endpoint: string('endpoint', PushMessages.endpoint)
    .max(PushRules.endpointMaxLength, PushMessages.endpoint)
    .regex(/^https?:\/\/[^\s/?#]+[^\s]*$/, PushMessages.endpoint),
  expirationTime: z.number({ error: Messages.invalidRequest }).nullish(),
  keys: z.object(
    {
      /** The device's ECDH P-256 public key, uncompressed (65 bytes, 0x04 first). */
      p256dh: string('keys', PushMessages.keys).regex(P256DH, PushMessages.keys),
      /** The 16-byte authentication secret. */
      auth: string('keys', PushMessages.keys).regex(AUTH, PushMessages.keys),
    },
    { error: PushMessages.keys },
  ),
  language: z.enum(['fr', 'ar'], { error: PushMessages.language }).default('fr'),
});
export type PushSubscriptionInput = z.output<typeof PushSubscriptionSchema>;

export const PushUnsubscribeSchema = z.object({
  endpoint: string('endpoint', PushMessages.endpoint).min(1, PushMessages.endpoint).max(PushRules.endpointMaxLength, PushMessages.endpoint),
});

export const PushSubscribePayloadSchema = z.object({ userId: uuid(), subscription: PushSubscriptionSchema });
export const PushUnsubscribePayloadSchema = z.object({ userId: uuid(), endpoint: PushUnsubscribeSchema.shape.endpoint });

/** `GET /api/push/config`: the VAPID public key the browser subscribes with; null when push is off. */
export interface PushConfigView {
  publicKey: string | null;
}
