// Reports about members and their suspension (docs/product.md#member-reports, decision 0057): said
// once for the users service, the gateway and the web app.
import type { MessageView } from './messaging.js';
import type { TrustRecordView } from './trust.js';

/** Why a member reports another. */
export const MEMBER_REPORT_REASONS = ['harassment', 'scam', 'no_show', 'inappropriate', 'other'] as const;
export type MemberReportReason = (typeof MEMBER_REPORT_REASONS)[number];

export const MEMBER_REPORT_STATUSES = ['open', 'dismissed', 'actioned'] as const;
export type MemberReportStatus = (typeof MEMBER_REPORT_STATUSES)[number];

export const MemberReportRules = {
  commentMaxLength: 1000,
  /** A reporter reports a given member at most once in this many hours. */
  oncePerHours: 24,
  suspensionReasonMinLength: 3,
  suspensionReasonMaxLength: 500,
  /** The messages of an attached conversation a moderator sees: its newest. */
  attachedMessages: 50,
  /** Members the moderators' list shows at once, those with open reports first. */
  listedMembers: 100,
  /** Past suspensions shown with each member. */
  pastSuspensions: 10,
} as const;

/**
 * Morocco's time, for the French server messages (the web app formats dates in the member's own).
 * Made when needed: the web app imports this module too and never formats with it.
 */
const inMoroccanTime = (at: Date) =>
  new Intl.DateTimeFormat('fr-FR', { timeZone: 'Africa/Casablanca', dateStyle: 'long', timeStyle: 'short' }).format(at);

export const MemberReportMessages = {
  reason: 'Motif de signalement inconnu : harcèlement, arnaque, absence au rendez-vous, contenu inapproprié ou autre.',
  reportSelf: 'Vous ne pouvez pas vous signaler vous-même.',
  reportAgain: 'Vous avez déjà signalé ce membre aujourd’hui. Merci, les modérateurs vont examiner votre signalement.',
  conversation: 'Cette conversation n’existe pas entre vous et ce membre.',
  conversationId: 'Conversation invalide : l’identifiant d’un don ou « none ».',
  reportNotFound: 'Ce signalement n’existe pas.',
  suspensionReason: `Indiquez le motif de la suspension (de ${MemberReportRules.suspensionReasonMinLength} à ${MemberReportRules.suspensionReasonMaxLength} caractères).`,
  until: 'La fin de la suspension doit être une date à venir (ISO 8601).',
  alreadySuspended: 'Ce membre est déjà suspendu : levez la suspension avant d’en décider une autre.',
  notSuspended: 'Ce membre n’est pas suspendu.',
  suspendAdmin: 'Un modérateur ne peut pas être suspendu.',
  suspendSelf: 'Vous ne pouvez pas vous suspendre vous-même.',
  /** Sign-in of a suspended member: why, and until when. */
  suspended: (reason: string, until: Date | null) =>
    until
      ? `Votre compte est suspendu jusqu’au ${inMoroccanTime(until)}. Motif : ${reason}. Pour contester, écrivez-nous depuis la page Contact.`
      : `Votre compte est suspendu définitivement. Motif : ${reason}. Pour contester, écrivez-nous depuis la page Contact.`,
} as const;

/** What a refused sign-in says of the suspension, for the web app to write in the member's language. */
export interface SuspensionNotice {
  reason: string;
  /** Null: permanently (a ban). */
  until: string | null;
}

/** A suspension as moderators see it. */
export interface MemberSuspensionView {
  id: string;
  reason: string;
  /** Null: a ban. */
  until: string | null;
  suspendedAt: string;
  suspendedBy: string;
  /** When it ended (a moderator reinstated the member, or its date passed); null while it lasts. */
  endedAt: string | null;
  /** The moderator who ended it; null when its date passed, or while it lasts. */
  endedBy: string | null;
}

/**
 * The conversation a report attaches: the one between the reporter and the member about a
 * donation (its id) or about none (`none`), as the conversation routes name it.
 */
export type ConversationRef = number | 'none';

/** A report as the users service keeps it (the gateway adds the attached conversation's messages). */
export interface StoredMemberReportView {
  id: string;
  reporterId: string;
  reporterName: string;
  reason: MemberReportReason;
  comment: string | null;
  /** The attached conversation; null when the reporter attached none. */
  conversationId: ConversationRef | null;
  status: MemberReportStatus;
  createdAt: string;
  resolvedAt: string | null;
}

/** A reported member as the users service answers moderators. */
export interface StoredMemberModerationView {
  memberId: string;
  username: string;
  displayName: string;
  role: 'member' | 'admin';
  signedUpAt: string;
  suspension: MemberSuspensionView | null;
  /** Ended suspensions, newest first. */
  pastSuspensions: MemberSuspensionView[];
  /** Open reports first, then the newest. */
  reports: StoredMemberReportView[];
  openReports: number;
}

/** A report with the attached conversation's newest messages (only when the reporter attached it). */
export interface MemberReportView extends StoredMemberReportView {
  conversation: { id: ConversationRef; messages: MessageView[] } | null;
}

/** `GET /api/admin/member-reports`: each reported member with their record, suspensions and reports. */
export interface MemberModerationView extends Omit<StoredMemberModerationView, 'reports'> {
  record: TrustRecordView;
  reports: MemberReportView[];
}

/** A moderator's decision on a member. */
export interface MemberModerationResult {
  memberId: string;
  suspension: MemberSuspensionView | null;
  /** Open reports the decision closed. */
  closedReports: number;
}

/** A dismissed report: `dismissed` false when it was no longer open (dismissing twice changes nothing). */
export interface DismissedMemberReportView {
  reportId: string;
  memberId: string;
  dismissed: boolean;
}
