import type { MessagesReadReceipt, MessageView, NotificationView } from '../messaging.js';

/** Payload of `messaging.MessageSent.v1`: the stored message as both participants see it. */
export interface MessageSentV1 {
  message: MessageView;
}

/** Payload of `messaging.MessagesRead.v1`: `receipt.readerId` read what `senderId` sent them. */
export interface MessagesReadV1 {
  senderId: string;
  receipt: MessagesReadReceipt;
}

/** Payload of `messaging.NotificationCreated.v1`: a notification for `userId`. */
export interface NotificationCreatedV1 {
  userId: string;
  notification: NotificationView;
}
