import { Inject, Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { MailLanguage } from '@hdiya/contracts';
import { enqueueMail, renderMail } from '@hdiya/platform';
import { SCHEMA } from '../config.js';
import { PUBLIC_URL } from './account-mails.js';

/** Where new contact messages are mailed (SUPPORT_EMAIL), or null: none is. */
export const SUPPORT_EMAIL = Symbol('SUPPORT_EMAIL');

/** Text typed in a form as the mail's paragraphs: one per line, blank lines dropped. */
const paragraphsOf = (text: string) => text.split(/\r?\n/).map((line) => line.trim()).filter(Boolean);

/** What the mails need of a stored contact message. */
export interface ContactMessageMail {
  id: string;
  name: string;
  email: string;
  subject: string;
  message: string;
  language: MailLanguage;
}

/**
 * The support inbox's mails (issue 45), enqueued in the caller's transaction (decision 0024). The
 * sender's words go in the body only, escaped by renderMail: never in the Subject or another
 * header, but Reply-To (their address, checked as one by the contact form's schema).
 */
@Injectable()
export class SupportMails {
  constructor(
    @Inject(SUPPORT_EMAIL) private readonly supportEmail: string | null,
    @Inject(PUBLIC_URL) private readonly publicUrl: string,
  ) {}

  /** To the support team, when SUPPORT_EMAIL is set: a reply from their mail client reaches the sender. */
  async received(manager: EntityManager, message: ContactMessageMail): Promise<string | null> {
    if (!this.supportEmail) return null;
    const subject = 'Nouveau message de contact sur Hdiya';
    const { html, text } = renderMail({
      lang: 'fr',
      heading: subject,
      paragraphs: [
        `De : ${message.name} <${message.email}>`,
        `Sujet : ${message.subject}`,
        `Langue : ${message.language === 'ar' ? 'arabe' : 'français'}`,
        ...paragraphsOf(message.message),
      ],
      action: { label: 'Répondre depuis la boîte de support', url: `${this.publicUrl}/admin#support-inbox` },
      footer: ['Répondre à ce mail écrit directement à l’expéditeur ; une réponse depuis Hdiya est gardée dans le journal de modération.'],
    });
    return enqueueMail(manager, SCHEMA, { kind: 'contact_received', to: this.supportEmail, subject, html, text, headers: { 'Reply-To': message.email } });
  }

  /** A moderator's reply, to the sender, in the language they wrote in, quoting their subject. */
  reply(manager: EntityManager, message: ContactMessageMail, reply: string): Promise<string> {
    const fr = message.language !== 'ar';
    const subject = fr ? 'Réponse de l’équipe Hdiya à votre message' : 'ردّ فريق هدية على رسالتك';
    const { html, text } = renderMail({
      lang: message.language,
      heading: subject,
      paragraphs: fr
        ? [`Bonjour ${message.name},`, `Vous nous avez écrit au sujet de « ${message.subject} ». Voici notre réponse :`, ...paragraphsOf(reply)]
        : [`مرحبًا ${message.name}،`, `راسلتنا بخصوص «${message.subject}». إليك ردّنا:`, ...paragraphsOf(reply)],
      footer: [fr ? 'Pour nous écrire à nouveau, utilisez le formulaire de contact de Hdiya.' : 'لمراسلتنا من جديد، استعمل نموذج الاتصال في هدية.'],
    });
    return enqueueMail(manager, SCHEMA, { kind: 'contact_reply', to: message.email, subject, html, text });
  }
}
