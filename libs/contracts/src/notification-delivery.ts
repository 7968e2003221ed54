import { z } from 'zod';

// Reaching members who are away (decision 0027): which notifications leave by e-mail or push,
// the member's choices per kind and channel, and the one-click unsubscribe of a mail.

/** The notifications that may reach a member who is away; the others wait on screen. */
export const DISPATCHED_KINDS = [
  'reservation_made',
  'reservation_cancelled',
  'reception_confirmed',
  'reservation_expiring',
  'waitlist_offer',
  'request_decided',
  'request_received',
  'request_window_closed',
  'saved_search_match',
  'ask_match',
  'ask_offer',
  'message_received',
  'reply_reminder',
] as const;

export type DispatchedKind = (typeof DISPATCHED_KINDS)[number];

export const NOTIFICATION_CHANNELS = ['email', 'push'] as const;
export type NotificationChannel = (typeof NOTIFICATION_CHANNELS)[number];

/** Whether one kind reaches the member by e-mail and by push (both on unless they said otherwise). */
export interface NotificationPreferenceView {
  kind: DispatchedKind;
  email: boolean;
  push: boolean;
}

/** What a one-click unsubscribe turned off. */
export interface UnsubscribeResult {
  kinds: DispatchedKind[];
  channel: NotificationChannel;
}

export const NotificationDeliveryMessages = {
  kind: 'Type de notification inconnu.',
  channelValue: 'Chaque canal se règle par vrai ou faux.',
  preferencesRequired: 'Indiquez au moins un réglage.',
  unsubscribeInvalid: 'Ce lien de désinscription est invalide ou a été modifié : ouvrez vos réglages de notifications pour choisir ce que vous recevez.',
} as const;

const channelValue = z.boolean({ error: NotificationDeliveryMessages.channelValue }).optional();

/** `PUT /api/notification-preferences`: the kinds to change; a channel left out keeps its value. */
export const UpdateNotificationPreferencesSchema = z.object({
  preferences: z
    .array(z.object({ kind: z.enum(DISPATCHED_KINDS, { error: NotificationDeliveryMessages.kind }), email: channelValue, push: channelValue }), {
      error: NotificationDeliveryMessages.preferencesRequired,
    })
    .min(1, NotificationDeliveryMessages.preferencesRequired)
    .max(DISPATCHED_KINDS.length * 2, NotificationDeliveryMessages.preferencesRequired),
});
export type UpdateNotificationPreferencesInput = z.output<typeof UpdateNotificationPreferencesSchema>;

/** `POST /api/unsubscribe?token=…`: the signed token of the mail's link. */
export const UnsubscribeSchema = z.object({
  token: z.string({ error: NotificationDeliveryMessages.unsubscribeInvalid }).min(1, NotificationDeliveryMessages.unsubscribeInvalid).max(2000, NotificationDeliveryMessages.unsubscribeInvalid),
});
