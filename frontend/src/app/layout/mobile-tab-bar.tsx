import { House, MessageCircle, Plus, Search, User } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { NavLink } from '@/components/link';
import { UnreadBadge } from '@/features/notifications/components/unread-badge';
import { useUser } from '@/lib/auth';
import { useUnreadCounts } from '@/lib/unread-counts';

/**
 * Bottom navigation shown on narrow screens only (CSS). "Donner" sits in the middle of the bar
 * rather than floating over the page, where it covered links and fields (issue 46, decision 0059);
 * the messages tab carries the unread badge the phone header leaves out.
 */
export function MobileTabBar() {
  const { t } = useTranslation();
  const { data: user } = useUser();
  const unread = useUnreadCounts(Boolean(user)).data?.messages ?? 0;
  const tabs = [
    { to: '/', Icon: House, label: t('layout.tabs.home'), end: true, id: 'home' },
    { to: '/donations', Icon: Search, label: t('layout.tabs.explore'), end: false, id: 'explore' },
    { to: '/create-donation', Icon: Plus, label: t('layout.tabs.create'), end: false, id: 'create' },
    { to: '/messages', Icon: MessageCircle, label: t('layout.tabs.messages'), end: false, id: 'messages' },
    { to: user ? '/profile' : '/login', Icon: User, label: t('layout.tabs.profile'), end: false, id: 'profile' },
  ];

  return (
    <nav className="tab-bar" aria-label={t('layout.tabs.label')} data-testid="mobile-tab-bar">
      {tabs.map((tab) => (
        <NavLink key={tab.id} to={tab.to} end={tab.end} className={`tab-bar__item tab-bar__item--${tab.id}`} data-testid={`tab-${tab.id}`}>
          <span className="tab-bar__icon">
            <tab.Icon className="icon" aria-hidden="true" />
            {tab.id === 'messages' && <UnreadBadge count={unread} testId="tab-messages-badge" />}
          </span>
          <span className="tab-bar__label">{tab.label}</span>
        </NavLink>
      ))}
    </nav>
  );
}
