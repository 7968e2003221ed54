// Mail (issue 20): what administrators see of mails given up on, and the member's mail recipient.

/** The languages a mail is written in: the web app's two. */
export const MAIL_LANGUAGES = ['fr', 'ar'] as const;
export type MailLanguage = (typeof MAIL_LANGUAGES)[number];

/** Where and how to write to a member (`users.mail-recipient`); addresses never travel on the event stream. */
export interface MailRecipient {
  email: string;
  emailVerified: boolean;
  language: MailLanguage;
}

/** A mail the sender gave up on after its last attempt (administrators' list). */
export interface FailedMailView {
  id: string;
  /** The service whose outbox holds it. */
  service: string;
  kind: string;
  to: string;
  subject: string;
  attempts: number;
  lastError: string | null;
  createdAt: string;
  failedAt: string;
}

/** The gateway's `GET /api/admin/mails/failed`: every mail-sending service's list, newest first. */
export interface FailedMailsView {
  mails: FailedMailView[];
  /** Services that did not answer (their mails are not in the list). */
  unavailable: string[];
}
