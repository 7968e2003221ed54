// Messages between members and the notifications that tell them what happened: the shapes the
// messaging service answers, the gateway pushes over socket.io and the web app renders.

export const MessagingRules = {
  contentMaxLength: 2000,
  /** Messages per page of a conversation (the newest page first, each page oldest first). */
  conversationPageSize: 50,
  conversationMaxPageSize: 100,
  /** The member's latest messages (`GET /api/messages`). */
  inboxSize: 200,
  notificationsPageSize: 20,
  /** Badges show the count up to this, then `9+`. */
  badgeCap: 9,
  /** A chat photo stored but never sent (its sender's request died half-way) is deleted after this. */
  photoUnsentTtlMs: 60 * 60 * 1000,
} as const;

/** A photo sent in a conversation (decision 0045): only its two members may fetch either size. */
export interface MessagePhotoView {
  url: string;
  thumbnailUrl: string;
}

/** Chat photos live under their own private prefix, never served by the public donation route. */
export const CHAT_PHOTO_KEY = /^chats\/[0-9a-f-]{36}\.webp$/;
export const CHAT_PHOTO_THUMBNAIL_KEY = /^chats\/[0-9a-f-]{36}-thumb\.webp$/;

/** `chats/<uuid>.webp` → `/api/messages/photos/<uuid>.webp` (signed in, the conversation's two members only). */
export function chatPhotoUrlOf(key: string): string {
  return `/api/messages/photos/${key.slice('chats/'.length)}`;
}

/** A member as a message shows them (docs/product.md#how-members-are-shown: first name and last-name initial, else username). */
export interface MessageMemberView {
  id: string;
  displayName: string;
  firstName: string | null;
  /** The last name's initial only ("B."). */
  lastName: string | null;
  profileImageUrl: string | null;
  /** They deleted their account (decision 0074): `id` is their tombstone, shown as "Membre supprimé", never linked nor written to. Every read sets it; the events that carry this view may (events written before it did not). */
  deleted?: boolean;
}

export interface MessageView {
  id: string;
  content: string;
  senderId: string;
  receiverId: string;
  donationId: number | null;
  read: boolean;
  createdAt: string;
  /** The sender's own retry key, so an optimistic copy is matched with what the server stored. */
  clientId: string | null;
  sender: MessageMemberView;
  receiver: MessageMemberView;
  donation: { id: number; title: string } | null;
  /** The photo a message carries (its `content` is then an optional caption, maybe empty); null for text. */
  photo: MessagePhotoView | null;
}

/** One conversation: the other member and the donation it is about (or none). */
export interface ConversationView {
  otherUser: MessageMemberView;
  donation: { id: number; title: string } | null;
  lastMessage: MessageView;
  unreadCount: number;
  /**
   * When the other member's unanswered messages began, if the last word is theirs and neither
   * blocked the other (the member owes a reply); null otherwise.
   */
  awaitingReplySince: string | null;
}

export interface UnreadCounts {
  messages: number;
  notifications: number;
}

/** "9+" above the cap, the number otherwise, nothing at zero. */
export function badgeText(count: number): string {
  if (count <= 0) return '';
  return count > MessagingRules.badgeCap ? `${MessagingRules.badgeCap}+` : String(count);
}

/**
 * What a notification is about. The web app renders each kind from its parameters in the
 * member's language; no sentence is stored.
 */
export interface NotificationParamsByKind {
  /** Your item was reserved (to the owner). */
  reservation_made: { donationId: number; title: string; reserverName: string; expiresAt: string };
  /** A reservation was cancelled (to the other side). */
  reservation_cancelled: { donationId: number; title: string; cancelledBy: 'reserver' | 'owner'; byName: string };
  /** The reserver confirmed reception: the donor earns the reward (to the owner). */
  reception_confirmed: { donationId: number; title: string; reserverName: string; points: number };
  /** The donor said the reception the receiver confirmed alone never happened (to the receiver, decision 0056). */
  reception_disputed: { donationId: number; title: string; ownerName: string };
  /** The 10 days passed (to both sides). */
  reservation_expired: { donationId: number; title: string; role: 'owner' | 'reserver' };
  /** A day is left to hand the item over (to both sides). */
  reservation_expiring: { donationId: number; title: string; role: 'owner' | 'reserver'; expiresAt: string };
  /** Your turn in the waiting list: the item is yours if you accept before `expiresAt`. */
  waitlist_offer: { donationId: number; title: string; expiresAt: string };
  /** Your offer ran out unanswered and passed to the next in line. */
  waitlist_offer_expired: { donationId: number; title: string };
  /** The owner passed your offer to the next in line (decision 0020). */
  waitlist_offer_skipped: { donationId: number; title: string };
  /** The item you waited for was given to someone else, or withdrawn. */
  waitlist_closed: { donationId: number; title: string; reason: 'given' | 'deleted' };
  /** Your request in a request window ended: chosen (the item is reserved for you), not chosen, or skipped (no 2 points). */
  request_decided: { donationId: number; title: string; outcome: 'chosen' | 'not_chosen' | 'skipped'; by: 'owner' | 'draw' | 'removed' };
  /** Members asked for your item in its request window: one unread notice per item, renewed with each request (issue 46). */
  request_received: { donationId: number; title: string; askerName: string; count: number };
  /** Your item's request window closed with requests open: choose before Hdiya draws at `drawAt`. */
  request_window_closed: { donationId: number; title: string; count: number; drawAt: string };
  /** A new donation matches one of your saved searches. */
  saved_search_match: { donationId: number; title: string; city: string; savedSearchId: string };
  /** A new donation matches what you asked for (docs/product.md#asks). */
  ask_match: { donationId: number; title: string; city: string; askId: string };
  /** A donor offers you their donation for your ask. */
  ask_offer: { donationId: number; title: string; askId: string; askTitle: string };
  /** Points transferred to you. */
  points_received: { points: number; senderName: string; message: string | null };
  /** A new message (one unread notice per conversation). */
  message_received: { senderId: string; senderName: string; donationId: number | null; title: string | null };
  /** The other member has waited a day for your reply (once per unanswered streak). */
  reply_reminder: { otherId: string; otherName: string; donationId: number | null; title: string | null; since: string };
}

export type NotificationKind = keyof NotificationParamsByKind;

export type NotificationView = {
  [K in NotificationKind]: { id: string; kind: K; params: NotificationParamsByKind[K]; read: boolean; createdAt: string };
}[NotificationKind];

// Who owes a reply (issue 20): how long members usually take to answer.
export const ReplyRules = {
  /** Replies counted for the usual reply time: those sent in the last `windowDays`. */
  windowDays: 90,
  /** Fewer replies than this in the window: no figure yet. */
  minReplies: 3,
} as const;

/** A member's usual reply time: the median delay of their replies over the window, or null. */
export interface ReplyTimeView {
  medianMs: number | null;
  replies: number;
}

/** Socket.io events the gateway pushes to a member's sockets (the socket is a hint; the API is the record). */
export interface ServerToClientEvents {
  'message:new': (message: MessageView) => void;
  'messages:read': (receipt: MessagesReadReceipt) => void;
  'notification:new': (notification: NotificationView) => void;
  'points:changed': (balance: { points: number; blockedPoints: number; reliabilityScore: number }) => void;
  'donation:status': (change: { donationId: number; status: 'available' | 'reserved' | 'completed' | 'cancelled' }) => void;
  typing: (signal: { from: string; donationId: number | null }) => void;
}

/** What a member's socket may send: only hints for the other participant. */
export interface ClientToServerEvents {
  typing: (signal: { to: string; donationId: number | null }) => void;
}

/** The reader has read the sender's messages in one conversation, up to `readAt`. */
export interface MessagesReadReceipt {
  readerId: string;
  donationId: number | null;
  readAt: string;
}
