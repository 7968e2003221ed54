import { z } from 'zod';
import { MessagingMessages } from '../messages.js';
import { MessagingRules } from '../messaging.js';
import { fromText, integer, MAX_INT_ID, string, uuid } from '../validation/fields.js';

const donationId = integer(MessagingMessages.donationId, 1, MAX_INT_ID);

export const SendMessageSchema = z.object({
  // Blank text is refused, not ignored: the sender must learn it was not sent.
  content: string('content', MessagingMessages.contentRequired)
    .trim()
    .min(1, MessagingMessages.contentRequired)
    .max(MessagingRules.contentMaxLength, MessagingMessages.contentTooLong),
  receiverId: uuid(MessagingMessages.receiverRequired),
  donationId: fromText(donationId).nullish(),
  /** The sender's retry key: sending twice with it stores one message. */
  clientId: uuid(MessagingMessages.clientId).nullish(),
});
export type SendMessageInput = z.output<typeof SendMessageSchema>;

/**
 * `POST /api/messages/photo`'s text fields (the photo is the multipart field `image`): those of a
 * message, whose content is an optional caption.
 */
export const SendPhotoMessageSchema = SendMessageSchema.extend({
  content: string('content', MessagingMessages.contentRequired).trim().max(MessagingRules.contentMaxLength, MessagingMessages.contentTooLong).default(''),
});
export type SendPhotoMessageInput = z.output<typeof SendPhotoMessageSchema>;

export const ConversationQuerySchema = z.object({
  /** One donation's conversation, `none` for the one about no donation, absent for all of them. */
  donationId: z.union([z.literal('none'), fromText(donationId)], { error: MessagingMessages.donationId }).optional(),
  /** Older messages than this one (the thread's "load earlier"). */
  before: uuid(MessagingMessages.cursor).optional(),
  limit: fromText(integer(MessagingMessages.limit, 1, MessagingRules.conversationMaxPageSize)).optional(),
});
export type ConversationQuery = z.output<typeof ConversationQuerySchema>;

/** `POST …/conversation/{userId}/read`: which of the conversations with that member was shown (as the GET's donationId). */
export const ConversationReadSchema = ConversationQuerySchema.pick({ donationId: true });
export type ConversationRead = z.output<typeof ConversationReadSchema>;

export const NotificationsQuerySchema = z.object({
  before: uuid(MessagingMessages.cursor).optional(),
});
export type NotificationsQuery = z.output<typeof NotificationsQuerySchema>;
