import { Inject, Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { MailLanguage } from '@hdiya/contracts';
import { enqueueMail, renderMail } from '@hdiya/platform';
import { SCHEMA } from '../config.js';
import { greeting, PUBLIC_URL, type Recipient } from './account-mails.js';

/** Dates in the mail's language, in Morocco's time (members read them there). */
const longDate = (lang: MailLanguage, at: Date) =>
  new Intl.DateTimeFormat(lang === 'ar' ? 'ar-MA' : 'fr-FR', { timeZone: 'Africa/Casablanca', dateStyle: 'long', timeStyle: 'short' }).format(at);

/**
 * What a suspended or reinstated member is told (decision 0057), in their language: why, until
 * when, and how to contest (the contact page, whose messages reach the support team). Enqueued in
 * the moderator's transaction (decision 0024): the suspension and its mail go together or not at all.
 */
@Injectable()
export class SuspensionMails {
  constructor(@Inject(PUBLIC_URL) private readonly publicUrl: string) {}

  suspended(manager: EntityManager, to: Recipient, suspension: { reason: string; until: Date | null }): Promise<string> {
    const fr = to.language !== 'ar';
    const lang = to.language;
    const subject = fr ? 'Votre compte Hdiya est suspendu' : 'تم تعليق حسابك على هدية';
    const howLong = suspension.until
      ? fr
        ? `Un modérateur a suspendu votre compte jusqu’au ${longDate(lang, suspension.until)}.`
        : `علّق أحد المشرفين حسابك إلى غاية ${longDate(lang, suspension.until)}.`
      : fr
        ? 'Un modérateur a suspendu votre compte définitivement.'
        : 'علّق أحد المشرفين حسابك بشكل نهائي.';
    const { html, text } = renderMail({
      lang,
      heading: subject,
      paragraphs: fr
        ? [
            greeting('fr', to),
            howLong,
            `Motif : ${suspension.reason}`,
            'Pendant la suspension, vous ne pouvez plus vous connecter ni écrire aux membres ; vos dons disponibles ne sont plus visibles et vos réservations et demandes en cours sont annulées.',
          ]
        : [
            greeting('ar', to),
            howLong,
            `السبب: ${suspension.reason}`,
            'طوال مدة التعليق لا يمكنك تسجيل الدخول ولا مراسلة الأعضاء، ولم تعد هداياك المتاحة ظاهرة، وأُلغيت حجوزاتك وطلباتك الجارية.',
          ],
      action: { label: fr ? 'Contester cette décision' : 'الاعتراض على هذا القرار', url: `${this.publicUrl}/contact` },
      footer: [
        fr
          ? 'Pour contester, écrivez-nous depuis la page Contact en donnant votre nom d’utilisateur : un membre de l’équipe vous répondra.'
          : 'للاعتراض، راسلنا من صفحة الاتصال مع ذكر اسم المستخدم الخاص بك: سيجيبك أحد أعضاء الفريق.',
      ],
    });
    return enqueueMail(manager, SCHEMA, { kind: 'member_suspended', to: to.email, subject, html, text });
  }

  reinstated(manager: EntityManager, to: Recipient): Promise<string> {
    const fr = to.language !== 'ar';
    const subject = fr ? 'Votre compte Hdiya est rétabli' : 'تمت إعادة تفعيل حسابك على هدية';
    const { html, text } = renderMail({
      lang: to.language,
      heading: subject,
      paragraphs: fr
        ? [greeting('fr', to), 'La suspension de votre compte a pris fin : vous pouvez de nouveau vous connecter, donner, réserver et écrire aux membres.']
        : [greeting('ar', to), 'انتهى تعليق حسابك: يمكنك من جديد تسجيل الدخول والإهداء والحجز ومراسلة الأعضاء.'],
      action: { label: fr ? 'Me connecter' : 'تسجيل الدخول', url: `${this.publicUrl}/login` },
    });
    return enqueueMail(manager, SCHEMA, { kind: 'member_reinstated', to: to.email, subject, html, text });
  }
}
