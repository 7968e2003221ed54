import { useTranslation } from 'react-i18next';
import { Link } from '@/components/link';
import { useUnreadCounts } from '@/lib/unread-counts';
import { UnreadBadge } from './unread-badge';
import './notifications.css';
import { MessageCircle } from 'lucide-react';

/** The header's messages entry, with the unread messages badge ('9+' above 9). */
export function MessagesLink() {
  const { t } = useTranslation();
  const counts = useUnreadCounts(true);
  const unread = counts.data?.messages ?? 0;
  return (
    <Link to="/messages" className="header-icon" aria-label={t('notifications.messages', { count: unread })} data-testid="messages-link">
      <MessageCircle className="icon" aria-hidden="true" />
      <UnreadBadge count={unread} testId="messages-badge" />
    </Link>
  );
}
