import { cleanMemberText, type MailLanguage } from '@hdiya/contracts';

/** One notification as the dispatcher reads it: its kind, parameters and, for a conversation, the unread count. */
export interface DispatchItem {
  id: string;
  kind: string;
  params: Record<string, unknown>;
  /** Unread messages of the conversation (message_received only). */
  unreadMessages: number | null;
}

/**
 * Member text (a name, a title) inside one of our sentences: on one line, without direction controls
 * of its own, and isolated (FSI…PDI) so an Arabic name in a French sentence, or a Latin one in an
 * Arabic sentence, keeps its own direction and leaves the sentence's alone (issue 45).
 */
const text = (value: unknown): string => {
  const clean = typeof value === 'string' ? cleanMemberText(value).replace(/\s+/g, ' ').trim() : '';
  return clean ? `\u2068${clean}\u2069` : '';
};

/** A parameter that is an id (a member's, for links and tags), as it was sent. */
const idOf = (value: unknown): string => (typeof value === 'string' ? value.trim() : '');

/** Whole hours since `since` (a reply reminder's wait), at least one. */
const hoursSince = (since: unknown): number => {
  const at = typeof since === 'string' ? Date.parse(since) : NaN;
  return Number.isNaN(at) ? 24 : Math.max(1, Math.round((Date.now() - at) / 3_600_000));
};
const hoursFr = (n: number) => (n === 1 ? 'une heure' : `${n} heures`);
/** How many asked (a request notice's count), at least one. */
const countOf = (p: Record<string, unknown>): number => (typeof p.count === 'number' && p.count > 0 ? p.count : 1);
/** Arabic counted nouns as the web app's plural forms write them (locales/ar/notifications.json). */
const personsAr = (n: number) => (n === 1 ? 'شخص واحد' : n === 2 ? 'شخصان' : n % 100 >= 3 && n % 100 <= 10 ? `${n} أشخاص` : n % 100 >= 11 ? `${n} شخصًا` : `${n} شخص`);
const requestsAr = (n: number) => (n === 1 ? 'طلب واحد' : n === 2 ? 'طلبان' : n % 100 >= 3 && n % 100 <= 10 ? `${n} طلبات` : n % 100 >= 11 ? `${n} طلبًا` : `${n} طلب`);
const hoursAr = (n: number) => (n === 1 ? 'ساعة' : n === 2 ? 'ساعتين' : n <= 10 ? `${n} ساعات` : `${n} ساعة`);

/** The sentences the web app shows (frontend/src/locales/*\/notifications.json), for mails and pushes. */
const SENTENCES: Record<MailLanguage, Record<string, (p: Record<string, unknown>) => string>> = {
  fr: {
    reservation_made: (p) => `${text(p.reserverName)} a réservé « ${text(p.title)} ».`,
    reservation_cancelled: (p) =>
      p.cancelledBy === 'owner'
        ? `${text(p.byName)} a annulé votre réservation de « ${text(p.title)} ».`
        : `${text(p.byName)} a annulé sa réservation de « ${text(p.title)} ».`,
    reception_confirmed: (p) => `${text(p.reserverName)} a confirmé la réception de « ${text(p.title)} ». Merci pour ce don : vos points sont dans votre historique.`,
    reservation_expiring: (p) =>
      p.role === 'owner'
        ? `Plus qu’un jour pour remettre « ${text(p.title)} » : entrez le code du membre à la remise.`
        : `Plus qu’un jour pour récupérer « ${text(p.title)} » : montrez votre code au donateur.`,
    waitlist_offer: (p) => `C’est votre tour : « ${text(p.title)} » vous est proposé. Acceptez-le avant demain à la même heure.`,
    request_decided: (p) =>
      p.outcome === 'chosen'
        ? `Vous avez été choisi pour « ${text(p.title)} » : il est réservé pour vous (points bloqués comme pour une réservation). Montrez votre code au donateur à la remise.`
        : p.outcome === 'skipped'
          ? `« ${text(p.title)} » vous revenait, mais il vous manquait des points ou vous aviez trop de réservations : il est passé à un autre membre.`
          : p.by === 'removed'
            ? `« ${text(p.title)} », que vous aviez demandé, a été retiré par son donateur.`
            : `« ${text(p.title)} » a été donné à un autre membre. Merci d’avoir demandé : d’autres dons vous attendent.`,
    request_received: (p) =>
      countOf(p) > 1 ? `${countOf(p)} personnes ont demandé « ${text(p.title)} ».` : `${text(p.askerName) || 'Un membre'} a demandé « ${text(p.title)} ».`,
    request_window_closed: (p) =>
      `Demandes closes pour « ${text(p.title)} » (${countOf(p)} ${countOf(p) > 1 ? 'demandes' : 'demande'}) : choisissez dans les 24 h, sinon Hdiya tirera au sort.`,
    saved_search_match: (p) => `Nouveau don pour l’une de vos recherches : « ${text(p.title)} ».`,
    ask_match: (p) => `Quelqu’un donne peut-être ce que vous cherchez : « ${text(p.title)} », à ${text(p.city)}.`,
    ask_offer: (p) => `Un donateur vous propose « ${text(p.title)} » pour votre demande « ${text(p.askTitle)} ». Réservez-le s’il vous convient.`,
    message_received: (p) => (p.title ? `Nouveau message de ${text(p.senderName)} à propos de « ${text(p.title)} ».` : `Nouveau message de ${text(p.senderName)}.`),
    reply_reminder: (p) =>
      `${text(p.otherName) || 'Un membre'} attend votre réponse${p.title ? ` à propos de « ${text(p.title)} »` : ''} depuis ${hoursFr(hoursSince(p.since))}.`,
  },
  ar: {
    reservation_made: (p) => `حجز ${text(p.reserverName)} «${text(p.title)}».`,
    reservation_cancelled: (p) =>
      p.cancelledBy === 'owner' ? `ألغى ${text(p.byName)} حجزك لـ«${text(p.title)}».` : `ألغى ${text(p.byName)} حجزه لـ«${text(p.title)}».`,
    reception_confirmed: (p) => `أكد ${text(p.reserverName)} استلام «${text(p.title)}». شكرًا على هديتك: نقاطك في سجلّك.`,
    reservation_expiring: (p) =>
      p.role === 'owner' ? `بقي يوم واحد لتسليم «${text(p.title)}»: أدخل رمز العضو عند التسليم.` : `بقي يوم واحد لاستلام «${text(p.title)}»: أظهر رمزك للمتبرع.`,
    waitlist_offer: (p) => `جاء دورك: «${text(p.title)}» معروض عليك. اقبله قبل الغد في الساعة نفسها.`,
    request_decided: (p) =>
      p.outcome === 'chosen'
        ? `تم اختيارك لـ«${text(p.title)}»: إنها محجوزة لك (نقاط محجوزة كما في أي حجز). أظهر رمزك للمتبرع عند التسليم.`
        : p.outcome === 'skipped'
          ? `كانت «${text(p.title)}» من نصيبك، لكن لم تكن لديك نقاط كافية أو كانت لديك حجوزات كثيرة: ذهبت إلى عضو آخر.`
          : p.by === 'removed'
            ? `سحب المتبرع «${text(p.title)}» التي طلبتها.`
            : `أُهديت «${text(p.title)}» إلى عضو آخر. شكرًا على طلبك: هدايا أخرى في انتظارك.`,
    request_received: (p) => (countOf(p) > 1 ? `طلب ${personsAr(countOf(p))} «${text(p.title)}».` : `طلب ${text(p.askerName) || 'عضو'} «${text(p.title)}».`),
    request_window_closed: (p) => `أُغلقت الطلبات على «${text(p.title)}» (${requestsAr(countOf(p))}): اختر خلال 24 ساعة، وإلا ستُجرى قرعة.`,
    saved_search_match: (p) => `هدية جديدة تطابق إحدى عمليات بحثك: «${text(p.title)}».`,
    ask_match: (p) => `ربما يهدي أحدهم ما تبحث عنه: «${text(p.title)}» في ${text(p.city)}.`,
    ask_offer: (p) => `يعرض عليك متبرع «${text(p.title)}» لطلبك «${text(p.askTitle)}». احجزها إن كانت تناسبك.`,
    message_received: (p) => (p.title ? `رسالة جديدة من ${text(p.senderName)} بخصوص «${text(p.title)}».` : `رسالة جديدة من ${text(p.senderName)}.`),
    reply_reminder: (p) => `${text(p.otherName) || 'عضو'} في انتظار ردّك${p.title ? ` بخصوص «${text(p.title)}»` : ''} منذ ${hoursAr(hoursSince(p.since))}.`,
  },
};

const UNREAD: Record<MailLanguage, (count: number) => string> = {
  fr: (count) => `(${count} messages non lus)`,
  ar: (count) => `(عدد الرسائل غير المقروءة: ${count})`,
};

/** The item's sentence in the member's language; a conversation says how many messages wait. */
export function sentenceOf(lang: MailLanguage, item: DispatchItem): string {
  const sentence = (SENTENCES[lang][item.kind] ?? SENTENCES[lang].message_received!)(item.params);
  return item.unreadMessages !== null && item.unreadMessages > 1 ? `${sentence} ${UNREAD[lang](item.unreadMessages)}` : sentence;
}

/** The member the item's conversation is with, if it is about one. */
const otherMemberOf = (item: DispatchItem): string | null => idOf(item.params.senderId) || idOf(item.params.otherId) || null;

export const isConversation = (item: DispatchItem): boolean => item.kind === 'message_received' || item.kind === 'reply_reminder';

/** Where the item leads in the web app (as its notification list does): a path of the web app. */
export function pathOf(item: DispatchItem): string {
  const donationId = typeof item.params.donationId === 'number' ? item.params.donationId : null;
  const other = otherMemberOf(item);
  if (isConversation(item) && other) return `/messages?with=${encodeURIComponent(other)}${donationId ? `&donation=${donationId}` : ''}`;
  return donationId ? `/donations/${donationId}` : '/notifications';
}

/** The item's page on the public origin (mails). */
export const linkOf = (publicUrl: string, item: DispatchItem): string => `${publicUrl}${pathOf(item)}`;

/** The donation the item is about, if any (a push's "Voir l'objet"). */
export const donationPathOf = (item: DispatchItem): string | null =>
  typeof item.params.donationId === 'number' ? `/donations/${item.params.donationId}` : null;

/** Pushes about one conversation (or one donation) replace each other on the device. */
export function tagOf(item: DispatchItem): string {
  const donation = typeof item.params.donationId === 'number' ? item.params.donationId : 'none';
  const other = otherMemberOf(item);
  return isConversation(item) && other ? `conversation:${other}:${donation}` : `donation:${donation}`;
}
