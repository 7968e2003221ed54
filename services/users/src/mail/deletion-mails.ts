import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { enqueueMail, renderMail } from '@hdiya/platform';
import { SCHEMA } from '../config.js';
import { greeting, type Recipient } from './account-mails.js';

/** Days after which the last copies (database backups, the event stream, logs) are gone (docs/operations.md). */
export const REMAINING_COPIES_DAYS = 30;

/**
 * The last mail to a member who deleted their account (decision 0074), in their language: it is
 * done, it cannot be undone, and when the remaining copies are gone. Its row is deleted once sent
 * (the mail sender's FORGOTTEN_ONCE_SENT).
 */
@Injectable()
export class DeletionMails {
  deleted(manager: EntityManager, to: Recipient): Promise<string> {
    const fr = to.language !== 'ar';
    const subject = fr ? 'Votre compte Hdiya est supprimé' : 'تم حذف حسابك على هدية';
    const { html, text } = renderMail({
      lang: to.language,
      heading: subject,
      paragraphs: fr
        ? [
            greeting('fr', to),
            'Votre compte a été supprimé à votre demande. Votre nom, votre photo, votre adresse email, votre téléphone et votre ville sont effacés ; vos dons disponibles sont retirés et vos réservations annulées.',
            'Là où d’autres membres gardent une trace (messages reçus, dons terminés, évaluations), vous apparaissez désormais comme « Membre supprimé ».',
            `Les dernières copies (sauvegardes, journaux) disparaissent d’elles-mêmes sous ${REMAINING_COPIES_DAYS} jours. Cette suppression est définitive : votre mot de passe ne permet plus de revenir.`,
          ]
        : [
            greeting('ar', to),
            'تم حذف حسابك بناءً على طلبك. مُسح اسمك وصورتك وبريدك الإلكتروني وهاتفك ومدينتك، وسُحبت هداياك المتاحة وأُلغيت حجوزاتك.',
            'حيث يحتفظ أعضاء آخرون بأثر (رسائل استلموها، هدايا مكتملة، تقييمات)، تظهر الآن باسم «عضو محذوف».',
            `تختفي آخر النسخ (النسخ الاحتياطية والسجلات) تلقائيًا في غضون ${REMAINING_COPIES_DAYS} يومًا. هذا الحذف نهائي: لم تعد كلمة مرورك تسمح بالعودة.`,
          ],
      footer: [fr ? 'Vous pouvez créer un nouveau compte à tout moment, avec la même adresse si vous le souhaitez.' : 'يمكنك إنشاء حساب جديد في أي وقت، بنفس العنوان إن شئت.'],
    });
    return enqueueMail(manager, SCHEMA, { kind: 'account_deleted', to: to.email, subject, html, text });
  }
}
