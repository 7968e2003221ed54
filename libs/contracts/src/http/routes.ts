import type { City } from '../cities.js';
import type { CategoryView, DismissedReportsView, DonationView, ImpactView, MapConfigView, ModerationDonationView, UploadedImageView } from '../donations.js';
import type { DeadLettersView } from '../dead-letters.js';
import type { HealthReport, ReadyReport } from '../health.js';
import type { FailedMailsView } from '../mail.js';
import type { ConversationView, MessageMemberView, MessageView, NotificationView, UnreadCounts } from '../messaging.js';
import type { HandoverView, SavedSearchView, WaitlistView } from '../neighbourhood.js';
import { UpdateNotificationPreferencesSchema, UnsubscribeSchema, type NotificationPreferenceView, type UnsubscribeResult } from '../notification-delivery.js';
import type { GiftPairView } from '../points.js';
import type { ModerationRatingView, RatingModerationResult, RatingView } from '../trust.js';
import { PushSubscriptionSchema, PushUnsubscribeSchema, type PushConfigView } from '../push.js';
import type { PointsHistoryEntry, ReservedDonationView, TransferReceipt } from '../reservations.js';
import { ContactSchema, ForgotPasswordSchema, LoginSchema, ResetPasswordSchema, SignupSchema, UpdateProfileSchema, VerifyEmailSchema } from '../schemas/auth.js';
import {
  CreateDonationSchema,
  DonationStatusSchema,
  FavoriteSchema,
  ModerationQuerySchema,
  PageQuerySchema,
  PositionQuerySchema,
  ReportDonationSchema,
  SearchDonationsQuerySchema,
  UpdateDonationSchema,
} from '../schemas/donations.js';
import { ConversationQuerySchema, ConversationReadSchema, NotificationsQuerySchema, SendMessageSchema } from '../schemas/messaging.js';
import { HandoverCodeSchema, SavedSearchSchema } from '../schemas/neighbourhood.js';
import { RateDonationSchema, ReportRatingSchema } from '../schemas/trust.js';
import { PointsHistoryQuerySchema, TransferPointsSchema } from '../schemas/points.js';
import type { CurrentAccountView, MemberProfileView } from '../users.js';
import type { DismissedMemberReportView, MemberModerationResult, MemberModerationView } from '../member-reports.js';
import { ReportMemberSchema, SuspendMemberSchema } from '../schemas/member-reports.js';
import { answer, type RouteSpec } from './route.js';
import type { MemberLimitsView } from '../limits.js';
import type { DonationRequestsView } from '../request-window.js';
import { AskDonationSchema } from '../schemas/request-window.js';
import type { AskPage, AskView, DonationAskMatchesView } from '../asks.js';
import type { ModerationLogEntryView } from '../moderation-log.js';
import { ForceDeleteSchema, ModerationLogQuerySchema } from '../schemas/moderation-log.js';
import type { ContactMessageView } from '../support-inbox.js';
import { ContactReplySchema } from '../schemas/support-inbox.js';
import { DeleteAccountSchema, type AccountDeletedView } from '../account-deletion.js';
import { AnswerAskSchema, AskListQuerySchema, PostAskSchema } from '../schemas/asks.js';

const donation = { id: 'donationId' } as const;
const member = { userId: 'memberId' } as const;
const rating = { id: 'ratingId' } as const;
const DONATION = 'The donation as this viewer may see it (reserver fields only for the owner, the reserver and moderators).';
const PAGE = 'A plain array; the next page’s cursor is in the `X-Next-Cursor` header.';

/**
 * Every `/api` route of the gateway, keyed `'METHOD /path/{param}'`: who may call it, the zod
 * schemas the gateway validates its input with, and the type it answers. The gateway's route
 * test fails on a controller route missing here and on an entry no controller serves; the
 * OpenAPI document at `/api/docs` and the typed clients of the web app and the e2e tests come
 * from it.
 */
export const ApiRoutes = {
  // Accounts and sessions
  'POST /api/signup': { summary: 'Create an account and sign in', access: 'public', body: SignupSchema, answer: answer<CurrentAccountView>('The new account, signed in'), status: [201, 409] },
  'POST /api/login': { summary: 'Sign in (username or e-mail, and password)', access: 'public', body: LoginSchema, answer: answer<CurrentAccountView>('The signed-in account'), status: [200] },
  'GET /api/logout': { summary: 'Sign out and go to the home page', access: 'public', answer: answer<void>('A redirect to the web app'), status: [302], contentType: 'text/html' },
  'GET /api/auth/user': { summary: 'The signed-in account', access: 'member', answer: answer<CurrentAccountView>('The account with its balance'), status: [200] },
  'GET /api/auth/user/export': {
    summary: 'Download all one’s data, a few times a day',
    access: 'member',
    answer: answer<unknown>('A ZIP (`Content-Disposition: attachment`): one JSON file per kind, and the donations’ photos'),
    status: [200, 429],
    contentType: 'application/zip',
  },
  'PATCH /api/auth/user': { summary: 'Edit one’s profile', access: 'member', body: UpdateProfileSchema, answer: answer<CurrentAccountView>('The account as changed'), status: [200, 409] },
  'DELETE /api/auth/user': { summary: 'Delete one’s account', access: 'member', body: DeleteAccountSchema, answer: answer<AccountDeletedView>('Deleted (409: gifts in progress)'), status: [200, 403, 409] },
  'POST /api/forgot-password': { summary: 'Mail a password reset link', access: 'public', body: ForgotPasswordSchema, answer: answer<{ message: string }>('The same answer whether or not the address is a member’s'), status: [200] },
  'POST /api/reset-password': { summary: 'Set a new password with a mailed token', access: 'public', body: ResetPasswordSchema, answer: answer<{ message: string }>('Done; every session of the member ended'), status: [200] },
  'POST /api/verify-email': { summary: 'Verify one’s e-mail address with a mailed token', access: 'public', body: VerifyEmailSchema, answer: answer<{ message: string; emailVerified: true }>('Verified'), status: [200] },
  'POST /api/verify-email/resend': { summary: 'Mail a new verification link', access: 'member', answer: answer<{ sent: boolean; message: string }>('`sent: false` when already verified'), status: [200] },
  'GET /api/users/{id}': { summary: 'A member’s public profile', access: 'public', params: { id: 'memberId' }, answer: answer<MemberProfileView>('Display name, city, figures; never e-mail or phone'), status: [200, 404] },
  'POST /api/users/{id}/reports': { summary: 'Report a member (once a day), perhaps attaching one’s conversation with them', access: 'member', params: { id: 'memberId' }, body: ReportMemberSchema, answer: answer<{ reported: true; reportId: string }>('Reported'), status: [201, 403, 404, 409] },
  'POST /api/contact': { summary: 'Write to the team', access: 'public', body: ContactSchema, answer: answer<{ id: string; message: string }>('Stored'), status: [201] },
  'GET /api/ready': { summary: 'Whether this gateway takes requests (its readiness probe)', access: 'public', answer: answer<ReadyReport>('Ready, or what is missing'), status: [200, 503] },
  'GET /api/health': { summary: 'Whether every dependency answers', access: 'public', answer: answer<HealthReport>('Each part up or down'), status: [200, 503] },

  // The catalogue
  'GET /api/map-config': { summary: 'Where the map takes its tiles', access: 'public', answer: answer<MapConfigView>('Tile URL and attribution'), status: [200] },
  'GET /api/categories': { summary: 'The categories', access: 'public', answer: answer<CategoryView[]>('Every category'), status: [200] },
  'GET /api/categories/{id}': { summary: 'One category', access: 'public', params: { id: 'string' }, answer: answer<CategoryView>('The category'), status: [200, 404] },
  'GET /api/cities': { summary: 'The Moroccan cities with coordinates', access: 'public', answer: answer<readonly City[]>('Casablanca first'), status: [200] },
  'GET /api/stats/impact': { summary: 'The home page’s figures', access: 'public', answer: answer<ImpactView>('Counted from the donations'), status: [200] },

  // Donations
  'GET /api/donations': { summary: 'Search donations', access: 'public', query: SearchDonationsQuerySchema, answer: answer<DonationView[]>(`${PAGE} The first page answers \`X-Total-Count\`, and \`X-Search-Suggestion\` (URI-encoded words) when it found nothing but similar words would.`), status: [200] },
  'GET /api/donations/nearby': { summary: 'Up to 8 available donations, nearest first', access: 'public', query: PositionQuerySchema, answer: answer<DonationView[]>(DONATION), status: [200] },
  'GET /api/donations/recent': { summary: 'Up to 8 available donations, newest first', access: 'public', answer: answer<DonationView[]>(DONATION), status: [200] },
  'GET /api/donations/{id}': { summary: 'One donation', access: 'public', params: donation, answer: answer<DonationView>(DONATION), status: [200, 404] },
  'POST /api/donations': { summary: 'Publish a donation', access: 'member', body: CreateDonationSchema, answer: answer<DonationView>(DONATION), status: [201] },
  'PATCH /api/donations/{id}': { summary: 'The owner edits a donation', access: 'member', params: donation, body: UpdateDonationSchema, answer: answer<DonationView>(DONATION), status: [200, 404, 409] },
  'DELETE /api/donations/{id}': { summary: 'The owner withdraws a donation', access: 'member', params: donation, answer: answer<{ id: number; deleted: true }>('Withdrawn'), status: [200, 404, 409] },
  'POST /api/donations/{id}/reports': { summary: 'Report a donation', access: 'member', params: donation, body: ReportDonationSchema, answer: answer<{ reported: true }>('Reported (once per member)'), status: [201, 404, 409] },
  'POST /api/donations/{id}/ratings': { summary: 'Rate the other party of a given donation', access: 'member', params: donation, body: RateDonationSchema, answer: answer<RatingView>('The rating (once per member and gift, within 14 days of the handover)'), status: [201, 400, 403, 404, 409] },
  'POST /api/ratings/{id}/reports': { summary: 'Report a rating’s comment', access: 'member', params: rating, body: ReportRatingSchema, answer: answer<{ reported: true }>('Reported (once per member)'), status: [201, 403, 404, 409] },
  'POST /api/uploads/images': { summary: 'Upload a donation photo (multipart field `image`)', access: 'member', body: 'multipart', answer: answer<UploadedImageView>('The photo’s URLs'), status: [201, 413] },
  'GET /api/images/donations/{file}': { summary: 'A stored photo', access: 'public', params: { file: 'string' }, answer: answer<unknown>('The WebP image'), status: [200, 404], contentType: 'image/webp' },

  // Reservations, the waiting list and the handover
  'PATCH /api/donations/{id}/status': { summary: 'The older client’s reserve / confirm / cancel', access: 'member', params: donation, body: DonationStatusSchema, answer: answer<DonationView>(DONATION), status: [200, 404, 409] },
  'POST /api/donations/{id}/reserve': { summary: 'Reserve a donation (2 points held)', access: 'member', params: donation, answer: answer<DonationView>(DONATION), status: [200, 404, 409] },
  'POST /api/donations/{id}/confirm': { summary: 'The reserver confirms reception', access: 'member', params: donation, answer: answer<DonationView>(DONATION), status: [200, 404, 409] },
  'POST /api/donations/{id}/cancel': { summary: 'The reserver or the owner cancels the reservation', access: 'member', params: donation, answer: answer<DonationView>(DONATION), status: [200, 404, 409] },
  'GET /api/user/reservations': { summary: 'What the member reserved', access: 'member', query: PageQuerySchema, answer: answer<ReservedDonationView[]>(PAGE), status: [200] },
  'GET /api/donations/{id}/waitlist': { summary: 'The waiting list of a reserved donation', access: 'member', params: donation, answer: answer<WaitlistView>('Its length and the member’s place'), status: [200, 404] },
  'POST /api/donations/{id}/waitlist': { summary: 'Join the waiting list', access: 'member', params: donation, answer: answer<WaitlistView>('The waiting list'), status: [200, 404, 409] },
  'DELETE /api/donations/{id}/waitlist': { summary: 'Leave the waiting list, or decline the offer', access: 'member', params: donation, answer: answer<WaitlistView>('The waiting list'), status: [200, 404] },
  'POST /api/donations/{id}/waitlist/skip-offer': { summary: 'The owner passes the offer to the next in line', access: 'member', params: donation, answer: answer<WaitlistView>('The waiting list'), status: [200, 404, 409] },
  'GET /api/donations/{id}/requests': { summary: 'A request window: every asker with their record (owner), one’s own request (others)', access: 'member', params: donation, answer: answer<DonationRequestsView>('The window and its requests'), status: [200, 404] },
  'POST /api/donations/{id}/requests': { summary: 'Ask for a donation during its request window (no points held)', access: 'member', params: donation, body: AskDonationSchema, answer: answer<DonationRequestsView>('The window with one’s request'), status: [201, 400, 403, 404, 409] },
  'DELETE /api/donations/{id}/requests': { summary: 'Withdraw one’s request', access: 'member', params: donation, answer: answer<DonationRequestsView>('The window'), status: [200, 404, 409] },
  'POST /api/donations/{id}/requests/{requestId}/choose': { summary: 'The owner chooses an asker, who gets the reservation (2 points held)', access: 'member', params: { ...donation, requestId: 'string' }, answer: answer<DonationRequestsView>('The window, decided'), status: [200, 403, 404, 409] },
  'GET /api/donations/{id}/handover': { summary: 'The handover code (reserver) or its state (owner)', access: 'member', params: donation, answer: answer<HandoverView>('By role'), status: [200, 404] },
  'POST /api/donations/{id}/handover': { summary: 'The owner enters the reserver’s code', access: 'member', params: donation, body: HandoverCodeSchema, answer: answer<DonationView>(DONATION), status: [200, 404, 409] },
  'POST /api/donations/{id}/dispute': { summary: 'The owner says a reception confirmed without the code never happened (48 hours)', access: 'member', params: donation, answer: answer<DonationView>(DONATION), status: [200, 403, 404, 409] },

  // The member's lists
  'POST /api/favorites': { summary: 'Add a favourite', access: 'member', body: FavoriteSchema, answer: answer<{ donationId: number; favorite: true }>('Added (twice keeps one)'), status: [201, 404] },
  'DELETE /api/favorites/{donationId}': { summary: 'Remove a favourite', access: 'member', params: { donationId: 'donationId' }, answer: answer<{ donationId: number; favorite: false }>('Removed'), status: [200] },
  'GET /api/user/favorites': { summary: 'The member’s favourites', access: 'member', query: PageQuerySchema, answer: answer<DonationView[]>(PAGE), status: [200] },
  'GET /api/user/limits': { summary: 'Where the member stands against the limits, and when each frees up', access: 'member', answer: answer<MemberLimitsView>('Reservations, waiting-list places, cooldowns, reward points and points sent'), status: [200] },
  'GET /api/user/donations': { summary: 'The member’s own donations, every status', access: 'member', query: PageQuerySchema, answer: answer<DonationView[]>(PAGE), status: [200] },
  'GET /api/saved-searches': { summary: 'The member’s saved searches', access: 'member', answer: answer<SavedSearchView[]>('Newest first'), status: [200] },
  'POST /api/saved-searches': { summary: 'Save a search', access: 'member', body: SavedSearchSchema, answer: answer<SavedSearchView>('Saved'), status: [201, 409] },
  'PATCH /api/saved-searches/{id}': { summary: 'Change a saved search', access: 'member', params: { id: 'string' }, body: SavedSearchSchema, answer: answer<SavedSearchView>('Changed'), status: [200, 404] },
  'DELETE /api/saved-searches/{id}': { summary: 'Delete a saved search', access: 'member', params: { id: 'string' }, answer: answer<{ deleted: true }>('Deleted'), status: [200, 404] },

  // Asks, "Je cherche" (docs/product.md#asks)
  'GET /api/asks': { summary: 'Open public asks near a place, newest first', access: 'public', query: AskListQuerySchema, answer: answer<AskPage>('A page and the next page’s cursor'), status: [200] },
  'GET /api/asks/mine': { summary: 'The member’s own asks, public and discreet, every state', access: 'member', answer: answer<AskView[]>('Newest first'), status: [200] },
  'POST /api/asks': { summary: 'Ask for something, publicly or discreetly (30 days, renewable)', access: 'member', body: PostAskSchema, answer: answer<AskView>('Published'), status: [201, 409] },
  'GET /api/asks/{id}': { summary: 'A public ask, or one’s own', access: 'public', params: { id: 'string' }, answer: answer<AskView>('The ask'), status: [200, 404] },
  'POST /api/asks/{id}/renew': { summary: 'Renew one’s ask for 30 days from now', access: 'member', params: { id: 'string' }, answer: answer<AskView>('Open again'), status: [200, 404, 409] },
  'DELETE /api/asks/{id}': { summary: 'End one’s ask', access: 'member', params: { id: 'string' }, answer: answer<AskView>('Closed'), status: [200, 404] },
  'POST /api/asks/{id}/answers': { summary: 'Offer one of one’s available donations to a public ask', access: 'member', params: { id: 'string' }, body: AnswerAskSchema, answer: answer<AskView>('The ask (its asker is told)'), status: [201, 403, 404, 409] },
  'GET /api/donations/{id}/ask-matches': { summary: 'The owner: people nearby whose asks the donation matches, unnamed', access: 'member', params: donation, answer: answer<DonationAskMatchesView>('One entry per person'), status: [200, 403, 404] },
  'POST /api/donations/{id}/ask-matches/{matchId}/offer': { summary: 'The owner offers the donation to someone who asked for it (they are told)', access: 'member', params: { ...donation, matchId: 'string' }, answer: answer<DonationAskMatchesView>('The matches, this one offered'), status: [200, 403, 404, 409] },

  // Points
  'POST /api/transfer-points': { summary: 'Give points to a member named by phone (`Idempotency-Key` header)', access: 'member', body: TransferPointsSchema, answer: answer<TransferReceipt>('The new balance and the transfer'), status: [201, 404, 422] },
  'GET /api/points-history': { summary: 'The member’s points history', access: 'member', query: PointsHistoryQuerySchema, answer: answer<PointsHistoryEntry[]>('Newest first'), status: [200] },

  // Messages and notifications
  'POST /api/messages': { summary: 'Send a message', access: 'member', body: SendMessageSchema, answer: answer<MessageView>('Stored (a retried `clientId` answers the stored one)'), status: [201, 404] },
  'POST /api/messages/photo': { summary: 'Send a photo (multipart: `image`, then a message’s fields; `content` is an optional caption)', access: 'member', body: 'multipart', answer: answer<MessageView>('Stored, with `photo` (a retried `clientId` answers the stored one)'), status: [201, 403, 413] },
  'GET /api/messages/photos/{file}': { summary: 'A chat photo, for the conversation’s two members only', access: 'member', params: { file: 'string' }, answer: answer<unknown>('The WebP image (`Cache-Control: private`)'), status: [200, 404], contentType: 'image/webp' },
  'GET /api/messages': { summary: 'The member’s latest 200 messages', access: 'member', answer: answer<MessageView[]>('Newest first'), status: [200] },
  'GET /api/messages/conversation/{userId}': { summary: 'One conversation, a page at a time', access: 'member', params: member, query: ConversationQuerySchema, answer: answer<MessageView[]>('Oldest first'), status: [200] },
  'POST /api/messages/conversation/{userId}/read': { summary: 'Mark a conversation read', access: 'member', params: member, body: ConversationReadSchema, answer: answer<{ updated: number }>('How many messages'), status: [200] },
  'GET /api/conversations': { summary: 'The member’s conversations', access: 'member', answer: answer<ConversationView[]>('Newest first'), status: [200] },
  'GET /api/blocks': { summary: 'The members one blocked', access: 'member', answer: answer<MessageMemberView[]>('Blocked members'), status: [200] },
  'PUT /api/blocks/{userId}': { summary: 'Block a member', access: 'member', params: member, answer: answer<{ blocked: true }>('Blocked'), status: [200, 404] },
  'DELETE /api/blocks/{userId}': { summary: 'Unblock a member', access: 'member', params: member, answer: answer<{ blocked: false }>('Unblocked'), status: [200] },
  'GET /api/notifications': { summary: 'The member’s notifications, 20 a page', access: 'member', query: NotificationsQuerySchema, answer: answer<NotificationView[]>('Newest first'), status: [200] },
  'GET /api/notifications/unread-counts': { summary: 'The header’s badges', access: 'member', answer: answer<UnreadCounts>('Unread messages and notifications'), status: [200] },
  'POST /api/notifications/read-all': { summary: 'Mark every notification read', access: 'member', answer: answer<{ updated: number }>('How many'), status: [200] },
  'POST /api/notifications/{id}/read': { summary: 'Mark a notification read', access: 'member', params: { id: 'string' }, answer: answer<NotificationView>('The notification'), status: [200, 404] },
  'GET /api/notification-preferences': { summary: 'Which notifications reach the member by mail and push', access: 'member', answer: answer<NotificationPreferenceView[]>('The whole grid'), status: [200] },
  'PUT /api/notification-preferences': { summary: 'Change the notification channels', access: 'member', body: UpdateNotificationPreferencesSchema, answer: answer<NotificationPreferenceView[]>('The whole grid'), status: [200] },
  'POST /api/unsubscribe': { summary: 'A mail’s one-click unsubscribe (`?token=` or `{token}`)', access: 'public', query: UnsubscribeSchema, body: UnsubscribeSchema, answer: answer<UnsubscribeResult>('The kinds that stop'), status: [200] },
  'GET /api/unsubscribe': { summary: 'The unsubscribe link followed: a redirect to the page that asks to confirm', access: 'public', query: UnsubscribeSchema, answer: answer<void>('A 303 to the web app'), status: [303], contentType: 'text/html' },
  'GET /api/push/config': { summary: 'The VAPID key browsers subscribe with', access: 'public', answer: answer<PushConfigView>('`publicKey`, null when push is off'), status: [200] },
  'POST /api/push/subscriptions': { summary: 'Subscribe this device to push', access: 'member', body: PushSubscriptionSchema, answer: answer<{ subscribed: true }>('Subscribed'), status: [200] },
  'DELETE /api/push/subscriptions': { summary: 'Unsubscribe this device', access: 'member', body: PushUnsubscribeSchema, answer: answer<{ removed: number }>('0 for a device that is not the member’s'), status: [200] },

  // Moderation
  'GET /api/admin/donations': { summary: 'Every donation, reported ones first', access: 'admin', query: ModerationQuerySchema, answer: answer<ModerationDonationView[]>(PAGE), status: [200] },
  'POST /api/admin/donations/{id}/reports/dismiss': { summary: 'Dismiss a donation’s open reports', access: 'admin', params: donation, answer: answer<DismissedReportsView>('How many were dismissed'), status: [200, 404] },
  'GET /api/admin/ratings': { summary: 'Ratings whose comment is reported', access: 'admin', answer: answer<ModerationRatingView[]>('The most recently reported first, 100 at most'), status: [200] },
  'POST /api/admin/ratings/{id}/reports/dismiss': { summary: 'Keep a reported comment: its open reports are dismissed', access: 'admin', params: rating, answer: answer<RatingModerationResult>('How many were dismissed'), status: [200, 404] },
  'POST /api/admin/ratings/{id}/comment/remove': { summary: 'Remove a rating’s comment (the rating stays)', access: 'admin', params: rating, answer: answer<RatingModerationResult>('Removed, with the reports it closed'), status: [200, 404, 409] },
  'GET /api/admin/member-reports': { summary: 'Reported and suspended members, open reports first, with their record and suspensions', access: 'admin', answer: answer<MemberModerationView[]>('100 members at most; an attached conversation’s newest 50 messages'), status: [200] },
  'POST /api/admin/members/{id}/suspend': { summary: 'Suspend a member until a date, or ban them (no `until`)', access: 'admin', params: { id: 'memberId' }, body: SuspendMemberSchema, answer: answer<MemberModerationResult>('Suspended: sessions end, the member is mailed, the services let go of what they hold'), status: [200, 403, 404, 409] },
  'POST /api/admin/members/{id}/reinstate': { summary: 'End a member’s suspension', access: 'admin', params: { id: 'memberId' }, answer: answer<MemberModerationResult>('Reinstated; the member is mailed'), status: [200, 404, 409] },
  'POST /api/admin/member-reports/{id}/dismiss': { summary: 'Dismiss one member report', access: 'admin', params: { id: 'string' }, answer: answer<DismissedMemberReportView>('`dismissed: false` when it was already closed'), status: [200, 404] },
  'POST /api/admin/force-delete/{id}': { summary: 'Remove any donation (an optional `{reason}` goes to the moderation log)', access: 'admin', params: donation, body: ForceDeleteSchema, answer: answer<{ id: number; deleted: true }>('Removed'), status: [200, 404] },
  'GET /api/admin/gift-pairs': { summary: 'Members who gave to each other too often', access: 'admin', answer: answer<GiftPairView[]>('The most active first'), status: [200] },
  'GET /api/admin/mails/failed': { summary: 'Mails the senders gave up on', access: 'admin', answer: answer<FailedMailsView>('Newest first'), status: [200] },
  'GET /api/admin/audit-log': { summary: 'The moderation log: every moderator action, who, when, what and why', access: 'admin', query: ModerationLogQuerySchema, answer: answer<ModerationLogEntryView[]>(`Newest first. ${PAGE} (pass it as \`?before=\`)`), status: [200, 503] },
  'GET /api/admin/contact-messages': { summary: 'The support inbox: contact messages, unanswered first, then newest', access: 'admin', query: PageQuerySchema, answer: answer<ContactMessageView[]>(`Each with its replies. ${PAGE}`), status: [200] },
  'POST /api/admin/contact-messages/{id}/reply': { summary: 'Reply to a contact message: mailed to its sender in their language', access: 'admin', params: { id: 'string' }, body: ContactReplySchema, answer: answer<ContactMessageView>('The message, answered, with its replies'), status: [200, 404] },
  'GET /api/admin/dead-letters': { summary: 'Events a service set aside', access: 'admin', answer: answer<DeadLettersView>('The newest 100'), status: [200] },

  // This document
  'GET /api/docs/openapi.json': { summary: 'This API as an OpenAPI 3.1 document', access: 'public', answer: answer<Record<string, unknown>>('The OpenAPI document'), status: [200] },
  'GET /api/docs': { summary: 'This API as a page to read', access: 'public', answer: answer<string>('An HTML page'), status: [200], contentType: 'text/html' },
} as const satisfies Record<string, RouteSpec>;

export type ApiRouteKey = keyof typeof ApiRoutes;
