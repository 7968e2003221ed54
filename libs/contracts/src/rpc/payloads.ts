import { z } from 'zod';
import { DonationRules } from '../donations.js';
import { DonationMessages, Messages, MessagingMessages, PointsMessages } from '../messages.js';
import { ContactSchema, UpdateProfileSchema } from '../schemas/auth.js';
import { CreateDonationSchema, ModerationQuerySchema, PageQuerySchema, ReportDonationSchema, UpdateDonationSchema } from '../schemas/donations.js';
import { ConversationQuerySchema, ConversationReadSchema, NotificationsQuerySchema, SendMessageSchema, SendPhotoMessageSchema } from '../schemas/messaging.js';
import { CHAT_PHOTO_KEY, CHAT_PHOTO_THUMBNAIL_KEY } from '../messaging.js';
import { IDEMPOTENCY_KEY } from '../schemas/points.js';
import { HandoverCodeSchema, SavedSearchSchema } from '../schemas/neighbourhood.js';
import { AskDonationSchema } from '../schemas/request-window.js';
import { AnswerAskSchema, AskListQuerySchema, PostAskSchema } from '../schemas/asks.js';
import { AskMessages } from '../asks.js';
import { RequestMessages } from '../request-window.js';
import { RateDonationSchema, ReportRatingSchema } from '../schemas/trust.js';
import { ReportMemberSchema, SuspendMemberSchema } from '../schemas/member-reports.js';
import { MemberReportMessages } from '../member-reports.js';
import { RatingMessages } from '../trust.js';
import { MAIL_LANGUAGES } from '../mail.js';
import { ModerationLogFiltersSchema, ForceDeleteSchema } from '../schemas/moderation-log.js';
import { ContactReplySchema } from '../schemas/support-inbox.js';
import { DeleteAccountSchema } from '../account-deletion.js';
import { SupportInboxMessages } from '../support-inbox.js';
import { UnsubscribeSchema, UpdateNotificationPreferencesSchema } from '../notification-delivery.js';
import { SavedSearchMessages } from '../neighbourhood.js';
import { integer, MAX_INT_ID, uuid } from '../validation/fields.js';

// RPC payloads: the gateway wraps the member's validated input with who asks (the session member,
// never a body field) and, for photos, the keys its upload pipeline stored. Each service validates
// all of it again with the same schema: a service trusts no caller.

/** What callers inside the system get wrong: not a member's input, so one plain message serves. */
const invalid = { error: Messages.invalidRequest };

export const NoPayloadSchema = z.object({});

/** Who asks: the gateway passes the session member; services never take an identity from a body. */
export const ActorSchema = z.object({ id: uuid(), role: z.enum(['member', 'admin'], invalid) }, invalid);
export type Actor = z.output<typeof ActorSchema>;

/** The stored image of a donation: keys in the object store, written by the gateway's upload pipeline. */
export const StoredImageSchema = z.object(
  {
  imageKey: z.string({ error: DonationMessages.imageRequired }).regex(/^donations\/[0-9a-f-]{36}\.webp$/, DonationMessages.imageRequired),
  thumbnailKey: z.string({ error: DonationMessages.imageRequired }).regex(/^donations\/[0-9a-f-]{36}-thumb\.webp$/, DonationMessages.imageRequired),
  },
  { error: DonationMessages.imageRequired },
);
export type StoredImage = z.output<typeof StoredImageSchema>;
/** A donation's photos in order, the cover first (decision 0044). */
const StoredImagesSchema = z
  .array(StoredImageSchema, { error: DonationMessages.imageRequired })
  .min(1, DonationMessages.imageRequired)
  .max(DonationRules.maxPhotos, DonationMessages.tooManyPhotos);

const donationId = integer(DonationMessages.donationId, 1, MAX_INT_ID);

// users

export const UserIdPayloadSchema = z.object({ userId: uuid(Messages.userNotFound) });
export const UpdateProfilePayloadSchema = UserIdPayloadSchema.extend({ changes: UpdateProfileSchema });
/** The session's member and the password they typed to delete their account (issue 47). */
export const AccountPasswordPayloadSchema = UserIdPayloadSchema.extend({ currentPassword: DeleteAccountSchema.shape.currentPassword });
/** A moderator asking for the e-mails of several members (the moderation list). */
export const ContactsPayloadSchema = z.object({ actorId: uuid(), userIds: z.array(uuid(), invalid).max(200, invalid) });
export const PhonePayloadSchema = z.object({ phone: z.string(invalid).max(30, invalid) });
/** What a member typed to sign in: a username or an e-mail address. */
export const LoginIdentifierPayloadSchema = z.object({ identifier: z.string(invalid).max(254, invalid) });
// Member reports and suspensions (decision 0057): who asks, and the member or report it is about.
const memberId = uuid(Messages.userNotFound);
export const ReportMemberPayloadSchema = z.object({ actor: ActorSchema, memberId, report: ReportMemberSchema });
export const ActorMemberPayloadSchema = z.object({ actor: ActorSchema, memberId });
export const SuspendMemberPayloadSchema = ActorMemberPayloadSchema.extend({ suspension: SuspendMemberSchema });
export const ActorMemberReportPayloadSchema = z.object({ actor: ActorSchema, reportId: uuid(MemberReportMessages.reportNotFound) });
/** `language`: the sender's (the gateway reads the page's language cookie, else Accept-Language); a signed-in member's own wins. */
export const ContactPayloadSchema = ContactSchema.extend({ userId: uuid().nullish(), language: z.enum(MAIL_LANGUAGES, invalid).optional() });
/** Moderators' support inbox: a page of contact messages, unanswered first. */
export const ContactMessagesPayloadSchema = z.object({ actor: ActorSchema, page: PageQuerySchema });
/** A moderator's reply to a contact message, mailed to its sender. */
export const ContactReplyPayloadSchema = z.object({ actor: ActorSchema, contactMessageId: uuid(SupportInboxMessages.notFound), reply: ContactReplySchema });
/** A page of a service's moderation log, for moderators (decision 0058). */
export const ModerationLogPayloadSchema = z.object({ actor: ActorSchema, filters: ModerationLogFiltersSchema });
/** Administrators' list of mails given up on: the newest `limit`. */
export const FailedMailsPayloadSchema = z.object({ limit: z.number(invalid).int(invalid).min(1, invalid).max(500, invalid).optional() });

// points

export const MemberPayloadSchema = z.object({ userId: uuid(Messages.memberId) });
/** A page of the member's export: `cursor` is the previous page's `next`, absent for the first. */
export const MemberExportPayloadSchema = MemberPayloadSchema.extend({ cursor: z.string(invalid).max(200, invalid).optional() });
export const HistoryPayloadSchema = MemberPayloadSchema.extend({
  limit: z.number(invalid).int(invalid).min(1, invalid).max(200, invalid).optional(),
  before: z.string(invalid).regex(/^\d{1,19}$/, invalid).optional(),
});
/** The reservation a hold belongs to, named the way the ledger's entries describe it. */
export const ReservationRefSchema = z.object({ reservationId: uuid(), donationId, title: z.string(invalid).max(200, invalid) });
export type ReservationRef = z.output<typeof ReservationRefSchema>;
export const HoldPayloadSchema = ReservationRefSchema.extend({ reserverId: uuid(), ownerId: uuid() });
export type HoldRequest = z.output<typeof HoldPayloadSchema>;
export const TransferPayloadSchema = z.object({
  senderId: uuid(),
  /** Null when the phone names no member: the points service answers as it would for a member (no oracle). */
  receiverId: uuid().nullable(),
  points: z.number({ error: PointsMessages.positive }).int(PointsMessages.positive).min(1, PointsMessages.positive),
  message: z.string(invalid).max(500, invalid).nullish(),
  idempotencyKey: z.string(invalid).regex(IDEMPOTENCY_KEY, PointsMessages.idempotencyKey).nullish(),
});

// donations

export const DonationIdPayloadSchema = z.object({ donationId });
export const ActorDonationPayloadSchema = z.object({ actor: ActorSchema, donationId });
/** A moderator removes a donation, saying why or not (the moderation log keeps it). */
export const ForceDeletePayloadSchema = ActorDonationPayloadSchema.extend(ForceDeleteSchema.shape);
/** `images` (every photo) or, as callers before decision 0044 send it, `image` (the only one). */
export const CreateDonationPayloadSchema = z
  .object({
    actor: ActorSchema,
    fields: CreateDonationSchema,
    image: StoredImageSchema.optional(),
    images: StoredImagesSchema.optional(),
  })
  .refine((payload) => payload.image !== undefined || payload.images !== undefined, { error: DonationMessages.imageRequired, path: ['images'] });
/** `images`: the whole new list; `image`: a new cover, the other photos kept; neither: photos unchanged. */
export const UpdateDonationPayloadSchema = ActorDonationPayloadSchema.extend({
  changes: UpdateDonationSchema,
  image: StoredImageSchema.nullish(),
  images: StoredImagesSchema.nullish(),
});
export const ReportPayloadSchema = ActorDonationPayloadSchema.extend({ report: ReportDonationSchema });
export const RatePayloadSchema = ActorDonationPayloadSchema.extend({ rating: RateDonationSchema });
export const AskPayloadSchema = ActorDonationPayloadSchema.extend({ request: AskDonationSchema });
export const ChooseRequestPayloadSchema = ActorDonationPayloadSchema.extend({ requestId: uuid(RequestMessages.notFound) });
const ratingId = integer(RatingMessages.ratingId, 1, MAX_INT_ID);
/** A member or a moderator acting on one rating (its comment). */
export const ActorRatingPayloadSchema = z.object({ actor: ActorSchema, ratingId });
export const ReportRatingPayloadSchema = ActorRatingPayloadSchema.extend({ report: ReportRatingSchema });
export const ActorPagePayloadSchema = z.object({ actor: ActorSchema, page: PageQuerySchema });
export const ModerationListPayloadSchema = z.object({ actor: ActorSchema, page: ModerationQuerySchema });
export const OwnerPagePayloadSchema = z.object({ ownerId: uuid(), page: PageQuerySchema });
export const CategoryPayloadSchema = z.object({ id: integer(DonationMessages.categoryUnknown, 1, MAX_INT_ID) });
export const RegisterImagePayloadSchema = z.object({ actor: ActorSchema, image: StoredImageSchema });
export const ActorPayloadSchema = z.object({ actor: ActorSchema });
export const HandoverPayloadSchema = ActorDonationPayloadSchema.extend({ handover: HandoverCodeSchema });
const savedSearchId = uuid(SavedSearchMessages.notFound);
export const SavedSearchIdPayloadSchema = z.object({ actor: ActorSchema, savedSearchId });
export const CreateSavedSearchPayloadSchema = z.object({ actor: ActorSchema, search: SavedSearchSchema });
export const UpdateSavedSearchPayloadSchema = SavedSearchIdPayloadSchema.extend({ search: SavedSearchSchema });
// Asks (docs/product.md#asks): a visitor may read public asks (no actor).
const askId = uuid(AskMessages.notFound);
export const AskListPayloadSchema = z.object({ actor: ActorSchema.nullable(), query: AskListQuerySchema });
export const AskPayloadIdSchema = z.object({ actor: ActorSchema.nullable(), askId });
export const ActorAskPayloadSchema = z.object({ actor: ActorSchema, askId });
export const PostAskPayloadSchema = z.object({ actor: ActorSchema, ask: PostAskSchema });
export const AnswerAskPayloadSchema = ActorAskPayloadSchema.extend({ answer: AnswerAskSchema });
export const OfferToAskPayloadSchema = ActorDonationPayloadSchema.extend({ matchId: uuid(AskMessages.matchNotFound) });
export const SweepImagesPayloadSchema = z.object({ limit: z.number(invalid).int(invalid).min(1, invalid).max(500, invalid) });
/** A deleted member's chat photos, found by the tombstone of their deletion (decision 0074). */
export const DeletedMemberPhotosPayloadSchema = SweepImagesPayloadSchema.extend({ tombstoneId: uuid() });
export const ForgetDeletedMemberPhotosPayloadSchema = z.object({ tombstoneId: uuid(), imageKeys: z.array(z.string(invalid).max(200, invalid), invalid).max(500, invalid) });

// messaging

export const SendMessagePayloadSchema = z.object({ senderId: uuid(), message: SendMessageSchema });
/** A chat photo's keys in the object store, written by the gateway's upload pipeline (decision 0045). */
export const ChatPhotoKeysSchema = z.object({ imageKey: z.string(invalid).regex(CHAT_PHOTO_KEY, invalid), thumbnailKey: z.string(invalid).regex(CHAT_PHOTO_THUMBNAIL_KEY, invalid) }, invalid);
export type ChatPhotoKeys = z.output<typeof ChatPhotoKeysSchema>;
/** Registering a photo before its bytes are stored, and sending it once they are: the same message both times. */
export const SendPhotoPayloadSchema = z.object({ senderId: uuid(), message: SendPhotoMessageSchema, photo: ChatPhotoKeysSchema });
/** May this member fetch this stored key (either size)? */
export const ChatPhotoAccessPayloadSchema = z.object({
  userId: uuid(),
  key: z.string(invalid).refine((key) => CHAT_PHOTO_KEY.test(key) || CHAT_PHOTO_THUMBNAIL_KEY.test(key), invalid),
});
export const ConversationPayloadSchema = z.object({ userId: uuid(), otherId: uuid(Messages.userNotFound), query: ConversationQuerySchema });
export const ConversationReadPayloadSchema = z.object({ userId: uuid(), otherId: uuid(Messages.userNotFound), read: ConversationReadSchema });
/** A member acting on another member (block, unblock). */
export const MemberPairPayloadSchema = z.object({ userId: uuid(), otherId: uuid(Messages.userNotFound) });
/** A typing hint: allowed inside a conversation the two already have (about `donationId`; null: about no donation; absent: any). */
export const TypingPairPayloadSchema = MemberPairPayloadSchema.extend({ donationId: donationId.nullable().optional() });
export const NotificationsPayloadSchema = z.object({ userId: uuid(), query: NotificationsQuerySchema });
export const NotificationPayloadSchema = z.object({ userId: uuid(), notificationId: uuid(MessagingMessages.notificationNotFound) });
// Reaching members who are away (decision 0027)
/** The gateway saw the member with an open page: what they were shown so far is seen. */
/** The gateway relays many messages a second: the members it saw with an open page travel together, every few hundred ms. */
export const NotificationsSeenPayloadSchema = z.object({ memberIds: z.array(uuid(), invalid).min(1, Messages.invalidRequest).max(500, Messages.invalidRequest) });
export const UpdateNotificationPreferencesPayloadSchema = z.object({ userId: uuid(), preferences: UpdateNotificationPreferencesSchema.shape.preferences });
export const UnsubscribePayloadSchema = UnsubscribeSchema;
