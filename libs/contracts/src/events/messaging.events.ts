import { z } from 'zod';
import type { MessagesReadReceipt, MessageView, NotificationKind, NotificationParamsByKind, NotificationView } from '../messaging.js';

// The messaging views travel inside its events: their schemas are checked against the view types
// (messaging.ts, which the web app imports) at compile time, so neither can drift from the other.

const member = z.object({
  id: z.string(),
  displayName: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  profileImageUrl: z.string().nullable(),
  // Optional: MessageSent.v1 and early v2 events went without it, and a reader must keep it, or a
  // pushed message differs from the same message read over HTTP.
  deleted: z.boolean().optional(),
});
const donationRef = z.object({ id: z.number(), title: z.string() }).nullable();

/** The message as `MessageSent.v1` carried it, before photos in chat. */
const MessageViewV1Schema = z.object({
  id: z.string(),
  content: z.string(),
  senderId: z.string(),
  receiverId: z.string(),
  donationId: z.number().nullable(),
  read: z.boolean(),
  createdAt: z.string(),
  clientId: z.string().nullable(),
  sender: member,
  receiver: member,
  donation: donationRef,
});
const MessageViewSchema = MessageViewV1Schema.extend({
  photo: z.object({ url: z.string(), thumbnailUrl: z.string() }).nullable(),
});

const MessagesReadReceiptSchema = z.object({
  readerId: z.string(),
  donationId: z.number().nullable(),
  readAt: z.string(),
});

const role = z.enum(['owner', 'reserver']);
const NotificationParamsSchemas = {
  reservation_made: z.object({ donationId: z.number(), title: z.string(), reserverName: z.string(), expiresAt: z.string() }),
  reservation_cancelled: z.object({ donationId: z.number(), title: z.string(), cancelledBy: z.enum(['reserver', 'owner']), byName: z.string() }),
  reception_confirmed: z.object({ donationId: z.number(), title: z.string(), reserverName: z.string(), points: z.number() }),
  reception_disputed: z.object({ donationId: z.number(), title: z.string(), ownerName: z.string() }),
  reservation_expired: z.object({ donationId: z.number(), title: z.string(), role }),
  reservation_expiring: z.object({ donationId: z.number(), title: z.string(), role, expiresAt: z.string() }),
  waitlist_offer: z.object({ donationId: z.number(), title: z.string(), expiresAt: z.string() }),
  waitlist_offer_expired: z.object({ donationId: z.number(), title: z.string() }),
  waitlist_offer_skipped: z.object({ donationId: z.number(), title: z.string() }),
  waitlist_closed: z.object({ donationId: z.number(), title: z.string(), reason: z.enum(['given', 'deleted']) }),
  request_decided: z.object({
    donationId: z.number(),
    title: z.string(),
    outcome: z.enum(['chosen', 'not_chosen', 'skipped']),
    by: z.enum(['owner', 'draw', 'removed']),
  }),
  request_received: z.object({ donationId: z.number(), title: z.string(), askerName: z.string(), count: z.number() }),
  request_window_closed: z.object({ donationId: z.number(), title: z.string(), count: z.number(), drawAt: z.string() }),
  saved_search_match: z.object({ donationId: z.number(), title: z.string(), city: z.string(), savedSearchId: z.string() }),
  ask_match: z.object({ donationId: z.number(), title: z.string(), city: z.string(), askId: z.string() }),
  ask_offer: z.object({ donationId: z.number(), title: z.string(), askId: z.string(), askTitle: z.string() }),
  points_received: z.object({ points: z.number(), senderName: z.string(), message: z.string().nullable() }),
  message_received: z.object({ senderId: z.string(), senderName: z.string(), donationId: z.number().nullable(), title: z.string().nullable() }),
  reply_reminder: z.object({
    otherId: z.string(),
    otherName: z.string(),
    donationId: z.number().nullable(),
    title: z.string().nullable(),
    since: z.string(),
  }),
} satisfies { [K in NotificationKind]: z.ZodType<NotificationParamsByKind[K]> };

function notificationOf<K extends NotificationKind>(kind: K) {
  return z.object({ id: z.string(), kind: z.literal(kind), params: NotificationParamsSchemas[kind], read: z.boolean(), createdAt: z.string() });
}
const NotificationViewSchema = z.discriminatedUnion('kind', [
  notificationOf('reservation_made'),
  notificationOf('reservation_cancelled'),
  notificationOf('reception_confirmed'),
  notificationOf('reception_disputed'),
  notificationOf('reservation_expired'),
  notificationOf('reservation_expiring'),
  notificationOf('waitlist_offer'),
  notificationOf('waitlist_offer_expired'),
  notificationOf('waitlist_offer_skipped'),
  notificationOf('waitlist_closed'),
  notificationOf('request_decided'),
  notificationOf('request_received'),
  notificationOf('request_window_closed'),
  notificationOf('saved_search_match'),
  notificationOf('ask_match'),
  notificationOf('ask_offer'),
  notificationOf('points_received'),
  notificationOf('message_received'),
  notificationOf('reply_reminder'),
]);

type Exactly<A, B> = [A] extends [B] ? ([B] extends [A] ? true : never) : never;
const viewsAgree: [
  Exactly<z.output<typeof MessageViewV1Schema>, Omit<MessageView, 'photo'>>,
  Exactly<z.output<typeof MessageViewSchema>, MessageView>,
  Exactly<z.output<typeof MessagesReadReceiptSchema>, MessagesReadReceipt>,
  Exactly<z.output<typeof NotificationViewSchema>, NotificationView>,
] = [true, true, true, true];
void viewsAgree;

/** Payload of `messaging.MessageSent.v1`: the stored message as both participants saw it before photos in chat. */
export const MessageSentV1Schema = z.object({ message: MessageViewV1Schema });
export type MessageSentV1 = z.output<typeof MessageSentV1Schema>;
/** Payload of `messaging.MessageSent.v2`: the stored message as both participants see it, with its photo or null (decision 0045). */
export const MessageSentV2Schema = z.object({ message: MessageViewSchema });
export type MessageSentV2 = z.output<typeof MessageSentV2Schema>;

/** Payload of `messaging.MessagesRead.v1`: `receipt.readerId` read what `senderId` sent them. */
export const MessagesReadV1Schema = z.object({ senderId: z.string(), receipt: MessagesReadReceiptSchema });
export type MessagesReadV1 = z.output<typeof MessagesReadV1Schema>;

/** Payload of `messaging.NotificationCreated.v1`: a notification for `userId`. */
export const NotificationCreatedV1Schema = z.object({ userId: z.string(), notification: NotificationViewSchema });
export type NotificationCreatedV1 = z.output<typeof NotificationCreatedV1Schema>;
