import type { MailLanguage } from './mail.js';

// The support inbox (issue 45): what the contact form stores, its state, and moderators' replies.

/** A contact message waits (`new`) until a moderator's first reply (`answered`). */
export const CONTACT_MESSAGE_STATES = ['new', 'answered'] as const;
export type ContactMessageState = (typeof CONTACT_MESSAGE_STATES)[number];

/** One reply, mailed to the sender. */
export interface ContactReplyView {
  id: string;
  /** The moderator who wrote it, and their display name. */
  authorId: string;
  authorName: string;
  message: string;
  createdAt: string;
}

/** A contact message as moderators see it, with every reply, oldest first. */
export interface ContactMessageView {
  id: string;
  status: ContactMessageState;
  /** The signed-in member who wrote, when there was one. */
  userId: string | null;
  name: string;
  email: string;
  subject: string;
  message: string;
  /** The language the sender wrote in: replies are mailed in it. */
  language: MailLanguage;
  createdAt: string;
  replies: ContactReplyView[];
}

export const SupportInboxMessages = {
  notFound: 'Ce message de contact n’existe pas.',
  reply: 'La réponse doit contenir entre 1 et 5000 caractères.',
  cursor: 'Curseur de page invalide : repartez de la première page.',
} as const;

export const SupportInboxRules = { maxReply: 5000, pageSize: 20, maxPageSize: 50 } as const;
