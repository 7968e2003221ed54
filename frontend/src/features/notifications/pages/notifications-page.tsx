import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { ListSkeleton } from '@/components/ui/list-skeleton';
import { SignInRequired } from '@/components/sign-in-required';
import { useUser } from '@/lib/auth';
import { usePageTitle } from '@/lib/use-page-title';
import { useNotifications } from '../api/get-notifications';
import { useMarkAllNotificationsRead } from '../api/mark-read';
import { NotificationItem } from '../components/notification-item';
import '../components/notifications.css';

/** /notifications: everything that happened to the member, newest first. */
export function NotificationsPage() {
  const { t } = useTranslation();
  const { data: user, isPending } = useUser();
  const list = useNotifications(Boolean(user));
  const markAll = useMarkAllNotificationsRead();
  usePageTitle(t('notifications.title'));
  if (!isPending && !user) return <div className="container page"><SignInRequired text={t('notifications.loginRequired')} /></div>;
  const notifications = list.data?.pages.flat() ?? [];

  return (
    <div className="container page stack" data-testid="notifications-page">
      <div className="row">
        <h1>{t('notifications.title')}</h1>
        {notifications.some((n) => !n.read) && (
          <Button variant="outline" size="sm" onClick={() => markAll.mutate()} data-testid="notifications-read-all">
            {t('notifications.markAll')}
          </Button>
        )}
      </div>
      <div className="card notification-list">
        {/* While the session or the list is on its way: the rows' shape (docs/product.md#timing-in-the-web-app). */}
        {isPending || list.isPending ? (
          <ListSkeleton rows={5} testId="notifications-loading" />
        ) : notifications.length === 0 ? (
          <p className="muted" data-testid="notifications-empty">
            {t('notifications.empty')}
          </p>
        ) : (
          notifications.map((notification) => <NotificationItem key={notification.id} notification={notification} />)
        )}
      </div>
      {list.hasNextPage && (
        <Button variant="outline" onClick={() => void list.fetchNextPage()} loading={list.isFetchingNextPage}>
          {t('notifications.more')}
        </Button>
      )}
    </div>
  );
}
