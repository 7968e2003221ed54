import { useTranslation } from 'react-i18next';
import { Link } from '@/components/link';
import type { NotificationView } from '@hdiya/contracts';
import { formatRelativeTime } from '@/lib/relative-time';
import { useMarkNotificationRead } from '../api/mark-read';
import { notificationHref, notificationText } from '../lib/notification-text';

/** One notification: its sentence in the screen's language, when, and a link to what it is about. */
export function NotificationItem({ notification, onOpen }: { notification: NotificationView; onOpen?: () => void }) {
  const { t, i18n } = useTranslation();
  const markRead = useMarkNotificationRead();
  return (
    <Link
      to={notificationHref(notification)}
      className={notification.read ? 'notification' : 'notification notification--unread'}
      data-testid="notification"
      data-kind={notification.kind}
      data-read={notification.read}
      onClick={() => {
        if (!notification.read) markRead.mutate(notification.id);
        onOpen?.();
      }}
    >
      <span className="notification__text">{notificationText(notification, t)}</span>
      <time className="muted notification__time" dateTime={notification.createdAt}>
        {formatRelativeTime(notification.createdAt, t, i18n.language)}
      </time>
    </Link>
  );
}
