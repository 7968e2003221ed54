import { Inject, Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { MailLanguage } from '@hdiya/contracts';
import { enqueueMail, renderMail } from '@hdiya/platform';
import { SCHEMA } from '../config.js';

/** The public origin (PUBLIC_URL) the links in account mails open. */
export const PUBLIC_URL = Symbol('PUBLIC_URL');

/** A member as account mails greet them. */
export interface Recipient {
  email: string;
  username: string;
  firstName: string | null;
  language: MailLanguage;
}

export const greeting = (lang: MailLanguage, r: Recipient) => (lang === 'ar' ? `مرحبًا ${r.firstName ?? r.username}،` : `Bonjour ${r.firstName ?? r.username},`);

/**
 * The users service's mails, in the member's language. The token travels in the link's fragment
 * (`#token=…`): browsers never send a fragment to a server, so it stays out of access logs and
 * Referer headers. Enqueued in the caller's transaction (decision 0024).
 */
@Injectable()
export class AccountMails {
  constructor(@Inject(PUBLIC_URL) private readonly publicUrl: string) {}

  passwordReset(manager: EntityManager, to: Recipient, token: string): Promise<string> {
    const url = `${this.publicUrl}/reset-password#token=${token}`;
    const fr = to.language !== 'ar';
    const subject = fr ? 'Réinitialiser votre mot de passe Hdiya' : 'إعادة تعيين كلمة مرور هدية';
    const { html, text } = renderMail({
      lang: to.language,
      heading: subject,
      paragraphs: fr
        ? [greeting('fr', to), 'Vous avez demandé à réinitialiser votre mot de passe. Ce lien est valable une heure et ne sert qu’une fois.']
        : [greeting('ar', to), 'طلبت إعادة تعيين كلمة المرور. هذا الرابط صالح لمدة ساعة واحدة ويُستعمل مرة واحدة فقط.'],
      action: { label: fr ? 'Choisir un nouveau mot de passe' : 'اختيار كلمة مرور جديدة', url },
      footer: [fr ? 'Si vous n’avez rien demandé, ignorez ce message : votre mot de passe ne change pas.' : 'إذا لم تطلب ذلك، تجاهل هذه الرسالة: كلمة مرورك لن تتغير.'],
    });
    return enqueueMail(manager, SCHEMA, { kind: 'password_reset', to: to.email, subject, html, text });
  }

  /**
   * To an address nobody has shown to be theirs yet: no member-written text at all (issue 45: a
   * first name "Gagnez 500 DH sur …" greeted strangers), only ours.
   */
  emailVerification(manager: EntityManager, to: { email: string; language: MailLanguage }, token: string): Promise<string> {
    const url = `${this.publicUrl}/verify-email#token=${token}`;
    const fr = to.language !== 'ar';
    const subject = fr ? 'Confirmez votre adresse email Hdiya' : 'أكّد بريدك الإلكتروني على هدية';
    const { html, text } = renderMail({
      lang: to.language,
      heading: subject,
      paragraphs: fr
        ? ['Bonjour,', 'Confirmez que cette adresse est bien la vôtre pour recevoir les nouvelles de vos dons et de vos messages.']
        : ['مرحبًا،', 'أكّد أن هذا العنوان لك لتصلك أخبار هداياك ورسائلك.'],
      action: { label: fr ? 'Confirmer mon adresse' : 'تأكيد عنواني', url },
      footer: [fr ? 'Si vous n’avez pas de compte Hdiya, ignorez ce message.' : 'إذا لم يكن لديك حساب على هدية، تجاهل هذه الرسالة.'],
    });
    return enqueueMail(manager, SCHEMA, { kind: 'email_verification', to: to.email, subject, html, text });
  }

  /** To the current address when a new one is asked for: it stays the account's until the new one is confirmed. */
  addressChangeAsked(manager: EntityManager, to: Recipient, newEmail: string): Promise<string> {
    const fr = to.language !== 'ar';
    const masked = maskedAddress(newEmail);
    const subject = fr ? 'Changement d’adresse demandé sur Hdiya' : 'طلب تغيير العنوان على هدية';
    const { html, text } = renderMail({
      lang: to.language,
      heading: subject,
      paragraphs: fr
        ? [
            greeting('fr', to),
            `Votre compte a demandé à utiliser l’adresse ${masked}. Elle ne remplacera celle-ci qu’une fois confirmée par le lien que nous lui avons envoyé.`,
          ]
        : [greeting('ar', to), `طلب حسابك استعمال العنوان ${masked}. لن يحلّ محلّ هذا العنوان إلا بعد تأكيده عبر الرابط الذي أرسلناه إليه.`],
      action: { label: fr ? 'Vérifier mon compte' : 'مراجعة حسابي', url: `${this.publicUrl}/profile` },
      footer: [
        fr
          ? 'Si ce n’est pas vous, changez votre mot de passe : l’adresse actuelle reste la vôtre tant que la nouvelle n’est pas confirmée.'
          : 'إذا لم تكن أنت، غيّر كلمة مرورك: يبقى العنوان الحالي لك ما دام الجديد غير مؤكد.',
      ],
    });
    return enqueueMail(manager, SCHEMA, { kind: 'address_change', to: to.email, subject, html, text });
  }
}

/** `n•••@example.ma`: enough for the owner to recognise it, not to read a stranger's address. */
export function maskedAddress(email: string): string {
  const at = email.lastIndexOf('@');
  return `${email.slice(0, 1)}•••${email.slice(at)}`;
}
