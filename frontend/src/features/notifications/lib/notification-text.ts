import type { TFunction } from 'i18next';
import type { NotificationView } from '@hdiya/contracts';
import { conversationHref } from '@/lib/conversation-link';
import { formatWaitingSince } from '@/lib/duration';

/** Isolates member-written text (names, titles) so it keeps its own direction inside a sentence. */
export const isolate = (text: string) => `\u2068${text}\u2069`;

/** The sentence for a notification, in the screen's language, from its kind and parameters. */
export function notificationText(notification: NotificationView, t: TFunction): string {
  switch (notification.kind) {
    case 'reservation_made': {
      const p = notification.params;
      return t('notifications.kinds.reservation_made', { name: isolate(p.reserverName), title: isolate(p.title) });
    }
    case 'reservation_cancelled': {
      const p = notification.params;
      return t(`notifications.kinds.reservation_cancelled_by_${p.cancelledBy}`, { name: isolate(p.byName), title: isolate(p.title) });
    }
    case 'reception_confirmed': {
      const p = notification.params;
      return t('notifications.kinds.reception_confirmed', { name: isolate(p.reserverName), title: isolate(p.title), count: p.points });
    }
    case 'reservation_expired': {
      const p = notification.params;
      return t(`notifications.kinds.reservation_expired_${p.role}`, { title: isolate(p.title) });
    }
    case 'reservation_expiring': {
      const p = notification.params;
      return t(`notifications.kinds.reservation_expiring_${p.role}`, { title: isolate(p.title) });
    }
    case 'reception_disputed':
      return t('notifications.kinds.reception_disputed', { name: isolate(notification.params.ownerName), title: isolate(notification.params.title) });
    case 'waitlist_offer':
      return t('notifications.kinds.waitlist_offer', { title: isolate(notification.params.title) });
    case 'waitlist_offer_expired':
      return t('notifications.kinds.waitlist_offer_expired', { title: isolate(notification.params.title) });
    case 'waitlist_offer_skipped':
      return t('notifications.kinds.waitlist_offer_skipped', { title: isolate(notification.params.title) });
    case 'waitlist_closed': {
      const p = notification.params;
      return t(`notifications.kinds.waitlist_closed_${p.reason}`, { title: isolate(p.title) });
    }
    case 'request_decided': {
      const p = notification.params;
      const outcome = p.outcome === 'not_chosen' && p.by === 'removed' ? 'removed' : p.outcome;
      return t(`notifications.kinds.request_${outcome}`, { title: isolate(p.title) });
    }
    case 'request_received': {
      // One line per item, renewed by each request: the asker's name, then how many asked.
      const p = notification.params;
      return p.count > 1
        ? t('notifications.kinds.request_received_several', { persons: t('notifications.kinds.persons', { count: p.count }), title: isolate(p.title) })
        : t('notifications.kinds.request_received', { name: isolate(p.askerName), title: isolate(p.title) });
    }
    case 'request_window_closed':
      return t('notifications.kinds.request_window_closed', {
        requests: t('notifications.kinds.requests', { count: notification.params.count }),
        title: isolate(notification.params.title),
      });
    case 'saved_search_match':
      return t('notifications.kinds.saved_search_match', { title: isolate(notification.params.title) });
    case 'ask_match':
      return t('notifications.kinds.ask_match', { title: isolate(notification.params.title) });
    case 'ask_offer':
      return t('notifications.kinds.ask_offer', { title: isolate(notification.params.title), askTitle: isolate(notification.params.askTitle) });
    case 'points_received': {
      const p = notification.params;
      return t('notifications.kinds.points_received', { name: isolate(p.senderName), count: p.points });
    }
    case 'message_received': {
      const p = notification.params;
      return p.title
        ? t('notifications.kinds.message_received_about', { name: isolate(p.senderName), title: isolate(p.title) })
        : t('notifications.kinds.message_received', { name: isolate(p.senderName) });
    }
    case 'reply_reminder': {
      const p = notification.params;
      const waited = { name: isolate(p.otherName), duration: formatWaitingSince(p.since, t) };
      return p.title ? t('notifications.kinds.reply_reminder_about', { ...waited, title: isolate(p.title) }) : t('notifications.kinds.reply_reminder', waited);
    }
  }
}

/** Where a notification leads: the donation, the conversation, or the points history. */
export function notificationHref(notification: NotificationView): string {
  switch (notification.kind) {
    case 'points_received':
      return '/points-history';
    case 'message_received':
      return conversationHref(notification.params.senderId, notification.params.donationId);
    case 'reply_reminder':
      return conversationHref(notification.params.otherId, notification.params.donationId);
    default:
      return `/donations/${notification.params.donationId}`;
  }
}
