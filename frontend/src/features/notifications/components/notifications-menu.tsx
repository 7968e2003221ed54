import { Bell } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from '@/components/link';
import { Button } from '@/components/ui/button';
import { usePopup } from '@/components/ui/use-popup';
import { useUnreadCounts } from '@/lib/unread-counts';
import { useNotifications } from '../api/get-notifications';
import { useMarkAllNotificationsRead } from '../api/mark-read';
import { NotificationItem } from './notification-item';
import { UnreadBadge } from './unread-badge';
import './notifications.css';

/** How many notifications the header's dropdown lists. */
const MENU_SIZE = 5;

/** The header's bell: a badge with the unread count and a dropdown of the latest notifications. */
export function NotificationsMenu() {
  const { t } = useTranslation();
  const { open, setOpen, rootRef } = usePopup<HTMLDivElement>();
  const menuId = useId();
  const counts = useUnreadCounts(true);
  const list = useNotifications(open);
  const markAll = useMarkAllNotificationsRead();
  const unread = counts.data?.notifications ?? 0;
  const latest = (list.data?.pages.flat() ?? []).slice(0, MENU_SIZE);

  return (
    <div className="header-menu" ref={rootRef}>
      <button
        type="button"
        className="header-icon"
        aria-haspopup="true"
        aria-expanded={open}
        aria-controls={menuId}
        aria-label={t('notifications.open', { count: unread })}
        onClick={() => setOpen((value) => !value)}
        data-testid="notifications-trigger"
      >
        <Bell className="icon" aria-hidden="true" />
        <UnreadBadge count={unread} testId="notifications-badge" />
      </button>
      {open && (
        <div className="header-menu__panel card" id={menuId} data-testid="notifications-menu">
          <div className="header-menu__top">
            <strong>{t('notifications.title')}</strong>
            {unread > 0 && (
              <Button variant="ghost" size="sm" onClick={() => markAll.mutate()} data-testid="notifications-read-all">
                {t('notifications.markAll')}
              </Button>
            )}
          </div>
          {latest.length === 0 ? (
            <p className="muted" data-testid="notifications-empty">
              {list.isPending ? t('common.loading') : t('notifications.empty')}
            </p>
          ) : (
            <div className="notification-list">
              {latest.map((notification) => (
                <NotificationItem key={notification.id} notification={notification} onOpen={() => setOpen(false)} />
              ))}
            </div>
          )}
          <Link to="/notifications" className="header-menu__all">
            {t('notifications.seeAll')}
          </Link>
        </div>
      )}
    </div>
  );
}
