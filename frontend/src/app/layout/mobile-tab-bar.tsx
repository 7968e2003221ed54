import { House, MessageCircle, Plus, Search, User } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, NavLink } from 'react-router-dom';
import { useUser } from '@/lib/auth';

/** Bottom navigation shown on narrow screens only (CSS), with the floating "give" button. */
export function MobileTabBar() {
  const { t } = useTranslation();
  const { data: user } = useUser();
  const tabs = [
    { to: '/', Icon: House, label: t('layout.tabs.home'), end: true, id: 'home' },
    { to: '/donations', Icon: Search, label: t('layout.tabs.explore'), end: false, id: 'explore' },
    { to: '/messages', Icon: MessageCircle, label: t('layout.tabs.messages'), end: false, id: 'messages' },
    { to: user ? '/profile' : '/login', Icon: User, label: t('layout.tabs.profile'), end: false, id: 'profile' },
  ];

  return (
    <>
      <nav className="tab-bar" aria-label={t('layout.tabs.label')} data-testid="mobile-tab-bar">
        {tabs.map((tab) => (
          <NavLink key={tab.id} to={tab.to} end={tab.end} className="tab-bar__item" data-testid={`tab-${tab.id}`}>
            <tab.Icon className="tab-bar__icon" aria-hidden="true" />
            <span className="tab-bar__label">{tab.label}</span>
          </NavLink>
        ))}
      </nav>
      <Link to="/create-donation" className="fab" aria-label={t('layout.create')} data-testid="fab-create">
        <Plus aria-hidden="true" />
      </Link>
    </>
  );
}
