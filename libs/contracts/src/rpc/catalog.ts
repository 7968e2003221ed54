import type { z } from 'zod';
import type { City } from '../cities.js';
import type { CategoryView, DismissedReportsView, DonationPage, DonationView, ImpactView, ModerationDonationView } from '../donations.js';
import type { HealthReport } from '../health.js';
import type { FailedMailView, MailRecipient } from '../mail.js';
import type { ConversationView, MessageMemberView, MessageView, NotificationView, ReplyTimeView, UnreadCounts } from '../messaging.js';
import type { NotificationPreferenceView, UnsubscribeResult } from '../notification-delivery.js';
import type { HandoverView, SavedSearchView, WaitlistView } from '../neighbourhood.js';
import type { BalanceView, GiftPair } from '../points.js';
import type { ModerationRatingView, RatingCommentView, RatingModerationResult, RatingStateView, RatingView, TrustRecordView } from '../trust.js';
import { PushSubscribePayloadSchema, PushUnsubscribePayloadSchema, type PushConfigView } from '../push.js';
import type { DonationLimitsView, PointsLimitsView } from '../limits.js';
import type { DonationRequestsView } from '../request-window.js';
import type { AskPage, AskView, DonationAskMatchesView } from '../asks.js';
import type { PointsHistoryEntry, ReservedDonationView, TransferResult } from '../reservations.js';
import { ForgotPasswordSchema, LoginSchema, ResetPasswordSchema, SignupSchema, VerifyEmailSchema } from '../schemas/auth.js';
import { PositionQuerySchema, SearchDonationsQuerySchema } from '../schemas/donations.js';
import type { AccountView, PublicProfileView } from '../users.js';
import type { GiftInProgressView } from '../account-deletion.js';
import type { DismissedMemberReportView, MemberModerationResult, StoredMemberModerationView } from '../member-reports.js';
import type { ModerationLogEntry } from '../moderation-log.js';
import type { ContactMessageView } from '../support-inbox.js';
import type { MemberExportPage } from '../member-export.js';
import * as P from './payloads.js';

// WARNING: these subjects are a published contract between processes. Never rename or reuse one;
// add a new subject instead.

/** Request-reply subjects (`<service>.<verb>`), answered by one replica of the named service. */
export const Rpc = {
  users: {
    health: 'users.health',
    signup: 'users.signup',
    verifyCredentials: 'users.verify-credentials',
    /** The account a login identifier (username or e-mail) names, or null: login limits count per account. */
    resolveLogin: 'users.resolve-login',
    get: 'users.get',
    getPublic: 'users.get-public',
    updateProfile: 'users.update-profile',
    forgotPassword: 'users.forgot-password',
    contact: 'users.contact',
    /** E-mail addresses of several members at once, for moderators only. */
    contacts: 'users.contacts',
    /** The member with this phone number (points transfers name the receiver by phone). */
    findByPhone: 'users.find-by-phone',
    // Mail (issue 20)
    /** Where and in which language to write to a member, or null for an unknown one. */
    mailRecipient: 'users.mail-recipient',
    /** Sets a new password with a mailed token (once, within the hour) and names the member whose sessions end. */
    resetPassword: 'users.reset-password',
    /** Marks the address a mailed verification token names as verified. */
    verifyEmail: 'users.verify-email',
    /** Mails the member a new verification link for their current address. */
    resendVerification: 'users.resend-verification',
    /** Mails this service's sender gave up on (administrators). */
    failedMails: 'users.mails.failed',
    // Member reports and suspensions (decision 0057)
    /** A member reports another, once a day, perhaps attaching their conversation. */
    reportMember: 'users.members.report',
    /** Moderators: reported and suspended members, open reports first, with their suspensions. */
    memberReports: 'users.members.reports',
    /** Moderators: suspends (until a date) or bans a member; their open reports are actioned. */
    suspendMember: 'users.members.suspend',
    /** Moderators: ends a member's suspension. */
    reinstateMember: 'users.members.reinstate',
    /** Moderators: closes one report as dismissed. */
    dismissMemberReport: 'users.members.reports.dismiss',
    // Moderation (issue 45)
    /** Moderators: a page of this service's moderation log (decision 0058). */
    moderationLog: 'users.moderation-log',
    /** Moderators: the support inbox, unanswered messages first, each with its replies. */
    contactMessages: 'users.contact-messages.list',
    /** Moderators: a reply stored, mailed to the sender and logged, in one transaction. */
    replyToContact: 'users.contact-messages.reply',
    /** The member's own data this service holds, as pieces of their export, a page per call (issue 47). */
    exportMember: 'users.member-export',
    // Deleting one's account (issue 47, decision 0074)
    /** Refuses a wrong password (403) before anything is asked of other services. */
    checkPassword: 'users.check-password',
    /** Erases the account at once, with its event and the last mail, in one transaction. */
    deleteAccount: 'users.delete-account',
  },
  points: {
    health: 'points.health',
    balance: 'points.balance',
    /** Reward points earned and points sent over the last 24 hours, against their caps. */
    limits: 'points.limits',
    /** Holds the reservation cost; idempotent per reservation id. */
    hold: 'points.hold',
    /** Voids a reservation's hold (refunding it if it was taken); idempotent, and a later hold is refused. */
    release: 'points.release',
    history: 'points.history',
    transfer: 'points.transfer',
    /** Pairs of members who gave to each other more than the pair limit in the window (moderators). */
    giftPairs: 'points.gift-pairs',
    /** The member's own data this service holds, as pieces of their export, a page per call (issue 47). */
    exportMember: 'points.member-export',
  },
  donations: {
    health: 'donations.health',
    /** The member's own data this service holds, as pieces of their export, a page per call (issue 47). */
    exportMember: 'donations.member-export',
    categories: 'donations.categories',
    category: 'donations.category',
    cities: 'donations.cities',
    search: 'donations.search',
    nearby: 'donations.nearby',
    recent: 'donations.recent',
    get: 'donations.get',
    create: 'donations.create',
    update: 'donations.update',
    delete: 'donations.delete',
    forceDelete: 'donations.force-delete',
    byOwner: 'donations.by-owner',
    moderationList: 'donations.moderation-list',
    addFavorite: 'donations.favorites.add',
    removeFavorite: 'donations.favorites.remove',
    favorites: 'donations.favorites.list',
    report: 'donations.report',
    /** A moderator closes a donation's open reports; the donation stays as it is. */
    dismissReports: 'donations.reports.dismiss',
    /** Donor or receiver rates the other once, within 14 days of the handover. */
    rate: 'donations.rate',
    /** A member's gifts, ratings and no-shows, for their public profile. */
    trustRecord: 'donations.trust-record',
    /** The session member's rating of a given donation and until when they may rate (null for non-parties). */
    ratingState: 'donations.ratings.state',
    /** A member's newest rating comments, none under 3 ratings (public profile). */
    ratingComments: 'donations.ratings.comments',
    /** A member reports a rating's comment, once. */
    reportRating: 'donations.ratings.report',
    /** Moderators: ratings whose comment has open reports. */
    reportedRatings: 'donations.ratings.reported',
    /** Moderators: the comment is fine, its open reports are closed. */
    dismissRatingReports: 'donations.ratings.reports.dismiss',
    /** Moderators: the comment goes (who and when kept), the rating stays. */
    removeRatingComment: 'donations.ratings.comment.remove',
    reserve: 'donations.reserve',
    confirm: 'donations.confirm',
    cancel: 'donations.cancel',
    reservations: 'donations.reservations',
    /** Items the member reserved or that are reserved from them: what deleting the account would cancel (issue 47). */
    giftsInProgress: 'donations.gifts-in-progress',
    /** Records a member's fresh upload (before its bytes are stored). */
    registerImage: 'donations.images.register',
    /** The home page's impact figures, from the donations themselves. */
    impact: 'donations.impact',
    /** Forgets uploads never attached for a day and answers their object keys, for deletion. */
    sweepImages: 'donations.images.sweep',
    /** The waiting list of a reserved donation, as the session member sees it. */
    waitlist: 'donations.waitlist.get',
    joinWaitlist: 'donations.waitlist.join',
    /** Leave the line; for the member an item is offered to, decline it (it passes to the next). */
    leaveWaitlist: 'donations.waitlist.leave',
    /** The owner passes the item offered from the line to the next in line (decision 0020). */
    skipWaitlistOffer: 'donations.waitlist.skip-offer',
    /** A member's open reservations, waiting-list places and cooldowns, against their caps. */
    limits: 'donations.limits',
    /** A request window as the session member sees it: the owner every asker, others their own request. */
    requests: 'donations.requests.get',
    ask: 'donations.requests.ask',
    withdrawRequest: 'donations.requests.withdraw',
    /** The owner chooses an asker, who gets the reservation (docs/product.md#request-window). */
    chooseRequest: 'donations.requests.choose',
    /** The handover code (reserver) or the tries left (owner). */
    handover: 'donations.handover.get',
    /** The owner enters the reserver's code: reception confirmed, as when the reserver confirms. */
    confirmHandover: 'donations.handover.confirm',
    disputeReception: 'donations.reception.dispute',
    savedSearches: 'donations.saved-searches.list',
    createSavedSearch: 'donations.saved-searches.create',
    updateSavedSearch: 'donations.saved-searches.update',
    deleteSavedSearch: 'donations.saved-searches.delete',
    /** Public open asks near a place (docs/product.md#asks). */
    asks: 'donations.asks.list',
    myAsks: 'donations.asks.mine',
    getAsk: 'donations.asks.get',
    postAsk: 'donations.asks.create',
    renewAsk: 'donations.asks.renew',
    closeAsk: 'donations.asks.close',
    /** The owner offers one of their available donations to a public ask. */
    answerAsk: 'donations.asks.answer',
    /** The owner: the people nearby whose asks a donation matches, without who they are. */
    askMatches: 'donations.ask-matches.list',
    offerToAsk: 'donations.ask-matches.offer',
    /** Moderators: a page of this service's moderation log (decision 0058). */
    moderationLog: 'donations.moderation-log',
  },
  messaging: {
    health: 'messaging.health',
    send: 'messaging.send',
    /** The member's latest messages, sent and received. */
    inbox: 'messaging.inbox',
    /** One conversation's page; reading changes nothing. */
    conversation: 'messaging.conversation',
    /** Marks what the member received in a conversation read and tells the sender. */
    readConversation: 'messaging.conversation.read',
    conversations: 'messaging.conversations',
    block: 'messaging.block',
    unblock: 'messaging.unblock',
    blocked: 'messaging.blocked',
    /** Whether the first member's typing hint may reach the other (neither blocked the other). */
    mayType: 'messaging.may-type',
    // Photos in chat (decision 0045)
    /** Checked as a send would be (member, donation, block), the keys recorded before the bytes are stored; or the message a retried clientId already stored. */
    registerPhoto: 'messaging.photos.register',
    /** Sends a registered photo: the record becomes the message, in one transaction. */
    sendPhoto: 'messaging.photos.send',
    /** Whether the member is the sender or receiver of the message holding that key. */
    photoAccess: 'messaging.photos.access',
    /** Forgets photos registered but never sent for a while; answers their keys for the gateway to delete. */
    sweepPhotos: 'messaging.photos.sweep',
    /** A deleted member's chat photos (decision 0074), for the gateway to delete from storage; `applied` false until this service has followed the deletion. */
    deletedMemberPhotos: 'messaging.photos.of-deleted-member',
    /** Forgets those photos once the gateway has deleted their objects. */
    forgetDeletedMemberPhotos: 'messaging.photos.forget-of-deleted-member',
    notifications: 'messaging.notifications.list',
    readNotification: 'messaging.notifications.read',
    readAllNotifications: 'messaging.notifications.read-all',
    unreadCounts: 'messaging.unread-counts',
    /** A member's usual reply time over the last 90 days (public profile). */
    replyTime: 'messaging.reply-time',
    // Web Push (decision 0025)
    /** The VAPID public key browsers subscribe with (null: push is not configured). */
    pushConfig: 'messaging.push.config',
    /** Registers one device of a member (an endpoint moves to the member who subscribes it last). */
    pushSubscribe: 'messaging.push.subscribe',
    pushUnsubscribe: 'messaging.push.unsubscribe',
    /** Mails this service's sender gave up on (administrators). */
    failedMails: 'messaging.mails.failed',
    // Reaching members who are away (decision 0027)
    /** The gateway relayed to a member's open page: their notifications so far count as seen (no mail, no push). */
    notificationsSeen: 'messaging.notifications.seen',
    notificationPreferences: 'messaging.notification-preferences.get',
    updateNotificationPreferences: 'messaging.notification-preferences.update',
    /** A mail's one-click unsubscribe: the signed token alone, no session. */
    unsubscribe: 'messaging.unsubscribe',
    /** The member's own data this service holds, as pieces of their export, a page per call (issue 47). */
    exportMember: 'messaging.member-export',
  },
} as const;

type Subjects<T> = { [K in keyof T]: T[K] extends string ? T[K] : Subjects<T[K]> }[keyof T];
export type RpcSubject = Subjects<typeof Rpc>;

/** What each subject's responder validates its request with (and so what a caller must send). */
export const RpcRequests = {
  'users.health': P.NoPayloadSchema,
  'users.signup': SignupSchema,
  'users.verify-credentials': LoginSchema,
  'users.resolve-login': P.LoginIdentifierPayloadSchema,
  'users.get': P.UserIdPayloadSchema,
  'users.get-public': P.UserIdPayloadSchema,
  'users.update-profile': P.UpdateProfilePayloadSchema,
  'users.check-password': P.AccountPasswordPayloadSchema,
  'users.delete-account': P.AccountPasswordPayloadSchema,
  'users.forgot-password': ForgotPasswordSchema,
  'users.contact': P.ContactPayloadSchema,
  'users.contacts': P.ContactsPayloadSchema,
  'users.find-by-phone': P.PhonePayloadSchema,
  'users.mail-recipient': P.UserIdPayloadSchema,
  'users.reset-password': ResetPasswordSchema,
  'users.verify-email': VerifyEmailSchema,
  'users.resend-verification': P.UserIdPayloadSchema,
  'users.mails.failed': P.FailedMailsPayloadSchema,
  'users.members.report': P.ReportMemberPayloadSchema,
  'users.members.reports': P.ActorPayloadSchema,
  'users.members.suspend': P.SuspendMemberPayloadSchema,
  'users.members.reinstate': P.ActorMemberPayloadSchema,
  'users.members.reports.dismiss': P.ActorMemberReportPayloadSchema,
  'users.moderation-log': P.ModerationLogPayloadSchema,
  'users.contact-messages.list': P.ContactMessagesPayloadSchema,
  'users.contact-messages.reply': P.ContactReplyPayloadSchema,
  'users.member-export': P.MemberExportPayloadSchema,
  'points.health': P.NoPayloadSchema,
  'points.balance': P.MemberPayloadSchema,
  'points.limits': P.MemberPayloadSchema,
  'points.hold': P.HoldPayloadSchema,
  'points.release': P.ReservationRefSchema,
  'points.history': P.HistoryPayloadSchema,
  'points.transfer': P.TransferPayloadSchema,
  'points.gift-pairs': P.ActorPayloadSchema,
  'points.member-export': P.MemberExportPayloadSchema,
  'donations.health': P.NoPayloadSchema,
  'donations.member-export': P.MemberExportPayloadSchema,
  'donations.categories': P.NoPayloadSchema,
  'donations.category': P.CategoryPayloadSchema,
  'donations.cities': P.NoPayloadSchema,
  'donations.search': SearchDonationsQuerySchema,
  'donations.nearby': PositionQuerySchema,
  'donations.recent': P.NoPayloadSchema,
  'donations.get': P.DonationIdPayloadSchema,
  'donations.create': P.CreateDonationPayloadSchema,
  'donations.update': P.UpdateDonationPayloadSchema,
  'donations.delete': P.ActorDonationPayloadSchema,
  'donations.force-delete': P.ForceDeletePayloadSchema,
  'donations.by-owner': P.OwnerPagePayloadSchema,
  'donations.moderation-list': P.ModerationListPayloadSchema,
  'donations.favorites.add': P.ActorDonationPayloadSchema,
  'donations.favorites.remove': P.ActorDonationPayloadSchema,
  'donations.favorites.list': P.ActorPagePayloadSchema,
  'donations.report': P.ReportPayloadSchema,
  'donations.reports.dismiss': P.ActorDonationPayloadSchema,
  'donations.rate': P.RatePayloadSchema,
  'donations.trust-record': P.MemberPayloadSchema,
  'donations.ratings.state': P.ActorDonationPayloadSchema,
  'donations.ratings.comments': P.MemberPayloadSchema,
  'donations.ratings.report': P.ReportRatingPayloadSchema,
  'donations.ratings.reported': P.ActorPayloadSchema,
  'donations.ratings.reports.dismiss': P.ActorRatingPayloadSchema,
  'donations.ratings.comment.remove': P.ActorRatingPayloadSchema,
  'donations.reserve': P.ActorDonationPayloadSchema,
  'donations.confirm': P.ActorDonationPayloadSchema,
  'donations.cancel': P.ActorDonationPayloadSchema,
  'donations.reservations': P.ActorPagePayloadSchema,
  'donations.gifts-in-progress': P.UserIdPayloadSchema,
  'donations.images.register': P.RegisterImagePayloadSchema,
  'donations.images.sweep': P.SweepImagesPayloadSchema,
  'donations.impact': P.NoPayloadSchema,
  'donations.waitlist.get': P.ActorDonationPayloadSchema,
  'donations.waitlist.join': P.ActorDonationPayloadSchema,
  'donations.waitlist.leave': P.ActorDonationPayloadSchema,
  'donations.waitlist.skip-offer': P.ActorDonationPayloadSchema,
  'donations.limits': P.MemberPayloadSchema,
  'donations.requests.get': P.ActorDonationPayloadSchema,
  'donations.requests.ask': P.AskPayloadSchema,
  'donations.requests.withdraw': P.ActorDonationPayloadSchema,
  'donations.requests.choose': P.ChooseRequestPayloadSchema,
  'donations.handover.get': P.ActorDonationPayloadSchema,
  'donations.handover.confirm': P.HandoverPayloadSchema,
  'donations.reception.dispute': P.ActorDonationPayloadSchema,
  'donations.saved-searches.list': P.ActorPayloadSchema,
  'donations.saved-searches.create': P.CreateSavedSearchPayloadSchema,
  'donations.saved-searches.update': P.UpdateSavedSearchPayloadSchema,
  'donations.saved-searches.delete': P.SavedSearchIdPayloadSchema,
  'donations.asks.list': P.AskListPayloadSchema,
  'donations.asks.mine': P.ActorPayloadSchema,
  'donations.asks.get': P.AskPayloadIdSchema,
  'donations.asks.create': P.PostAskPayloadSchema,
  'donations.asks.renew': P.ActorAskPayloadSchema,
  'donations.asks.close': P.ActorAskPayloadSchema,
  'donations.asks.answer': P.AnswerAskPayloadSchema,
  'donations.ask-matches.list': P.ActorDonationPayloadSchema,
  'donations.ask-matches.offer': P.OfferToAskPayloadSchema,
  'donations.moderation-log': P.ModerationLogPayloadSchema,
  'messaging.health': P.NoPayloadSchema,
  'messaging.send': P.SendMessagePayloadSchema,
  'messaging.inbox': P.MemberPayloadSchema,
  'messaging.conversation': P.ConversationPayloadSchema,
  'messaging.conversation.read': P.ConversationReadPayloadSchema,
  'messaging.conversations': P.MemberPayloadSchema,
  'messaging.block': P.MemberPairPayloadSchema,
  'messaging.unblock': P.MemberPairPayloadSchema,
  'messaging.blocked': P.MemberPayloadSchema,
  'messaging.may-type': P.TypingPairPayloadSchema,
  'messaging.photos.register': P.SendPhotoPayloadSchema,
  'messaging.photos.send': P.SendPhotoPayloadSchema,
  'messaging.photos.access': P.ChatPhotoAccessPayloadSchema,
  'messaging.photos.sweep': P.SweepImagesPayloadSchema,
  'messaging.photos.of-deleted-member': P.DeletedMemberPhotosPayloadSchema,
  'messaging.photos.forget-of-deleted-member': P.ForgetDeletedMemberPhotosPayloadSchema,
  'messaging.notifications.list': P.NotificationsPayloadSchema,
  'messaging.notifications.read': P.NotificationPayloadSchema,
  'messaging.notifications.read-all': P.MemberPayloadSchema,
  'messaging.unread-counts': P.MemberPayloadSchema,
  'messaging.reply-time': P.MemberPayloadSchema,
  'messaging.push.config': P.NoPayloadSchema,
  'messaging.push.subscribe': PushSubscribePayloadSchema,
  'messaging.push.unsubscribe': PushUnsubscribePayloadSchema,
  'messaging.mails.failed': P.FailedMailsPayloadSchema,
  'messaging.notifications.seen': P.NotificationsSeenPayloadSchema,
  'messaging.notification-preferences.get': P.MemberPayloadSchema,
  'messaging.notification-preferences.update': P.UpdateNotificationPreferencesPayloadSchema,
  'messaging.unsubscribe': P.UnsubscribePayloadSchema,
  'messaging.member-export': P.MemberExportPayloadSchema,
} as const satisfies Record<RpcSubject, z.ZodType>;

/** A donation deleted by its owner or a moderator, with the photo keys nothing references any more. */
export interface DeletedDonation {
  id: number;
  imageKeys: string[];
}

/** What each subject answers. */
export interface RpcResponses {
  'users.health': HealthReport;
  'users.signup': AccountView;
  'users.verify-credentials': AccountView;
  'users.resolve-login': { accountId: string | null };
  'users.get': AccountView;
  'users.get-public': PublicProfileView;
  'users.update-profile': AccountView;
  'users.check-password': { ok: true };
  'users.delete-account': { deleted: true };
  'users.forgot-password': { message: string };
  'users.contact': { id: string };
  'users.contacts': { id: string; email: string }[];
  'users.find-by-phone': PublicProfileView;
  'users.mail-recipient': MailRecipient | null;
  'users.reset-password': { userId: string; message: string };
  'users.verify-email': { userId: string; message: string };
  'users.resend-verification': { sent: boolean; message: string };
  'users.mails.failed': FailedMailView[];
  'users.members.report': { reported: true; reportId: string };
  'users.members.reports': StoredMemberModerationView[];
  'users.members.suspend': MemberModerationResult;
  'users.members.reinstate': MemberModerationResult;
  'users.members.reports.dismiss': DismissedMemberReportView;
  'users.moderation-log': ModerationLogEntry[];
  'users.contact-messages.list': DonationPage<ContactMessageView>;
  'users.contact-messages.reply': ContactMessageView;
  'users.member-export': MemberExportPage;
  'points.health': HealthReport;
  'points.balance': BalanceView;
  'points.limits': PointsLimitsView;
  'points.hold': { held: true };
  'points.release': { released: boolean };
  'points.history': PointsHistoryEntry[];
  'points.transfer': TransferResult;
  'points.gift-pairs': GiftPair[];
  'points.member-export': MemberExportPage;
  'donations.health': HealthReport;
  'donations.member-export': MemberExportPage;
  'donations.categories': CategoryView[];
  'donations.category': CategoryView;
  'donations.cities': readonly City[];
  'donations.search': DonationPage;
  'donations.nearby': DonationView[];
  'donations.recent': DonationView[];
  'donations.get': DonationView;
  'donations.create': DonationView;
  'donations.update': { donation: DonationView; replacedImageKeys: string[] };
  'donations.delete': DeletedDonation;
  'donations.force-delete': DeletedDonation;
  'donations.by-owner': DonationPage;
  'donations.moderation-list': DonationPage<Omit<ModerationDonationView, 'ownerEmail'>>;
  'donations.favorites.add': { donationId: number; favorite: true };
  'donations.favorites.remove': { donationId: number; favorite: false };
  'donations.favorites.list': DonationPage;
  'donations.report': { reported: true };
  'donations.reports.dismiss': DismissedReportsView;
  'donations.rate': RatingView;
  'donations.trust-record': TrustRecordView;
  'donations.ratings.state': RatingStateView | null;
  'donations.ratings.comments': RatingCommentView[];
  'donations.ratings.report': { reported: true };
  'donations.ratings.reported': ModerationRatingView[];
  'donations.ratings.reports.dismiss': RatingModerationResult;
  'donations.ratings.comment.remove': RatingModerationResult;
  'donations.reserve': DonationView;
  'donations.confirm': DonationView;
  'donations.cancel': DonationView;
  'donations.reservations': DonationPage<ReservedDonationView>;
  'donations.gifts-in-progress': GiftInProgressView[];
  'donations.images.register': { registered: true };
  'donations.images.sweep': { keys: string[] };
  'donations.impact': ImpactView;
  'donations.waitlist.get': WaitlistView;
  'donations.waitlist.join': WaitlistView;
  'donations.waitlist.leave': WaitlistView;
  'donations.waitlist.skip-offer': WaitlistView;
  'donations.limits': DonationLimitsView;
  'donations.requests.get': DonationRequestsView;
  'donations.requests.ask': DonationRequestsView;
  'donations.requests.withdraw': DonationRequestsView;
  'donations.requests.choose': DonationRequestsView;
  'donations.handover.get': HandoverView;
  'donations.handover.confirm': DonationView;
  'donations.reception.dispute': DonationView;
  'donations.saved-searches.list': SavedSearchView[];
  'donations.saved-searches.create': SavedSearchView;
  'donations.saved-searches.update': SavedSearchView;
  'donations.saved-searches.delete': { deleted: true };
  'donations.asks.list': AskPage;
  'donations.asks.mine': AskView[];
  'donations.asks.get': AskView;
  'donations.asks.create': AskView;
  'donations.asks.renew': AskView;
  'donations.asks.close': AskView;
  'donations.asks.answer': AskView;
  'donations.ask-matches.list': DonationAskMatchesView;
  'donations.ask-matches.offer': DonationAskMatchesView;
  'donations.moderation-log': ModerationLogEntry[];
  'messaging.health': HealthReport;
  'messaging.send': MessageView;
  'messaging.inbox': MessageView[];
  'messaging.conversation': MessageView[];
  'messaging.conversation.read': { updated: number };
  'messaging.conversations': ConversationView[];
  'messaging.block': { blocked: true };
  'messaging.unblock': { blocked: false };
  'messaging.blocked': MessageMemberView[];
  'messaging.may-type': { allowed: boolean };
  'messaging.photos.register': { replay: MessageView | null };
  'messaging.photos.send': MessageView;
  'messaging.photos.access': { allowed: boolean };
  'messaging.photos.sweep': { keys: string[] };
  /** Image and thumbnail keys of up to `limit` photos; `imageKeys` what to forget once deleted. */
  'messaging.photos.of-deleted-member': { applied: boolean; keys: string[]; imageKeys: string[] };
  'messaging.photos.forget-of-deleted-member': { forgotten: number };
  'messaging.notifications.list': NotificationView[];
  'messaging.notifications.read': NotificationView;
  'messaging.notifications.read-all': { updated: number };
  'messaging.unread-counts': UnreadCounts;
  'messaging.reply-time': ReplyTimeView;
  'messaging.push.config': PushConfigView;
  'messaging.push.subscribe': { subscribed: true };
  'messaging.push.unsubscribe': { removed: number };
  'messaging.mails.failed': FailedMailView[];
  'messaging.notifications.seen': { seen: number };
  'messaging.notification-preferences.get': NotificationPreferenceView[];
  'messaging.notification-preferences.update': NotificationPreferenceView[];
  'messaging.unsubscribe': UnsubscribeResult;
  'messaging.member-export': MemberExportPage;
}

// Every subject has a response type and no response type names an unknown subject.
type Exactly<A, B> = [A] extends [B] ? ([B] extends [A] ? true : never) : never;
const everySubjectAnswers: Exactly<keyof RpcResponses, RpcSubject> = true;
void everySubjectAnswers;

/** What a caller sends on `S`: the validated form of its schema (callers hold validated data). */
export type RpcRequest<S extends RpcSubject> = z.output<(typeof RpcRequests)[S]>;
export type RpcResponse<S extends RpcSubject> = RpcResponses[S];
