import type { DispatchedKind, MailLanguage } from '@hdiya/contracts';
import { renderMail, type OutgoingMail } from '@hdiya/platform';
import { isConversation, linkOf, sentenceOf, type DispatchItem } from './notification-sentences.js';
import { signUnsubscribe } from './unsubscribe-token.js';

/** A digest lists at most this many lines; the rest wait on the notifications page. */
export const DIGEST_MAX_LINES = 20;

const WORDS = {
  fr: {
    subjectOne: (line: string) => `Hdiya : ${line}`,
    subjectMany: (n: number) => `Hdiya : ${n} nouveautés pendant votre absence`,
    heading: 'Pendant votre absence sur Hdiya',
    more: (n: number) => `… et ${n} autres sur votre page de notifications.`,
    all: 'Voir mes notifications',
    reply: 'Répondre',
    view: 'Voir l’objet',
    why: 'Vous recevez ce courriel parce que ces nouvelles sont arrivées quand Hdiya n’était ouvert nulle part. Choisir ce que vous recevez :',
    stop: 'Ne plus recevoir ces courriels :',
  },
  ar: {
    subjectOne: (line: string) => `هدية: ${line}`,
    subjectMany: (n: number) => `هدية: ${n} مستجدات أثناء غيابك`,
    heading: 'أثناء غيابك عن هدية',
    more: (n: number) => `… ومستجدات أخرى (${n}) في صفحة إشعاراتك.`,
    all: 'عرض إشعاراتي',
    reply: 'ردّ',
    view: 'عرض الغرض',
    why: 'تصلك هذه الرسالة لأن هذه المستجدات وصلت حين لم تكن هدية مفتوحة لديك. اختر ما تتلقاه:',
    stop: 'إيقاف هذه الرسائل:',
  },
} as const;

export interface DigestInput {
  memberId: string;
  to: string;
  lang: MailLanguage;
  items: DispatchItem[];
  publicUrl: string;
  linkSecret: string;
}

/** The button a push or a one-item mail shows: answer a conversation, or look at the item. */
export const actionLabel = (lang: MailLanguage, item: DispatchItem) => (isConversation(item) ? WORDS[lang].reply : WORDS[lang].view);

/** A push's buttons: "Répondre" for a conversation, "Voir l'objet" for what it is about. */
export const pushActionsOf = (lang: MailLanguage, item: DispatchItem, hasDonation: boolean): { action: 'reply' | 'view'; title: string }[] => [
  ...(isConversation(item) ? [{ action: 'reply' as const, title: WORDS[lang].reply }] : []),
  ...(hasDonation ? [{ action: 'view' as const, title: WORDS[lang].view }] : []),
];

/**
 * One mail for everything new: a line per notification (the web app's sentence), a button, and
 * a one-click unsubscribe (RFC 8058) from the kinds this mail is about.
 */
export function digestMail(input: DigestInput): OutgoingMail {
  const words = WORDS[input.lang];
  const lines = input.items.slice(0, DIGEST_MAX_LINES).map((item) => sentenceOf(input.lang, item));
  if (input.items.length > DIGEST_MAX_LINES) lines.push(words.more(input.items.length - DIGEST_MAX_LINES));
  const single = input.items.length === 1 ? input.items[0]! : null;
  const kinds = [...new Set(input.items.map((item) => item.kind as DispatchedKind))].sort();
  const token = signUnsubscribe(input.linkSecret, { memberId: input.memberId, kinds, channel: 'email' });
  const { html, text } = renderMail({
    lang: input.lang,
    heading: words.heading,
    paragraphs: lines,
    action: single ? { label: actionLabel(input.lang, single), url: linkOf(input.publicUrl, single) } : { label: words.all, url: `${input.publicUrl}/notifications` },
    footer: [`${words.why} ${input.publicUrl}/settings/notifications`, `${words.stop} ${input.publicUrl}/unsubscribe?token=${token}`],
  });
  const subject = single ? words.subjectOne(lines[0]!).slice(0, 150) : words.subjectMany(input.items.length);
  return {
    kind: 'notification_digest',
    to: input.to,
    memberId: input.memberId,
    subject,
    text,
    html,
    headers: {
      'List-Unsubscribe': `<${input.publicUrl}/api/unsubscribe?token=${token}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  };
}
