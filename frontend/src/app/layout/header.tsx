import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router-dom';
import { Link, NavLink } from '@/components/link';
import { buttonClass } from '@/components/ui/button';
import { MessagesLink } from '@/features/notifications/components/messages-link';
import { NotificationsMenu } from '@/features/notifications/components/notifications-menu';
import { PointsSummary } from '@/features/points/components/points-summary';
import { useUser } from '@/lib/auth';
import { authHref } from '@/lib/return-path';
import { HeaderSearch } from './header-search';
import { LanguageSwitch } from './language-switch';
import { ThemeToggle } from './theme-toggle';
import { UserMenu } from './user-menu';
import { Gift } from 'lucide-react';

/**
 * Three links, so the header fits on one line at every width, signed in with blocked points too
 * (issue 46); How it works, About and Contact are in the footer.
 */
const NAV_LINKS = [
  { to: '/', key: 'layout.nav.home', end: true },
  { to: '/donations', key: 'layout.nav.explore', end: false },
  { to: '/asks', key: 'layout.nav.asks', end: false, testId: 'nav-asks' },
] as const;

export function Header() {
  const { t } = useTranslation();
  const { data: user } = useUser();
  // Signing in from any page comes back to it.
  const { pathname, search } = useLocation();
  const here = `${pathname}${search}`;

  return (
    <header className="site-header" data-testid="site-header">
      <div className="container site-header__inner">
        <Link to="/" className="site-header__logo" aria-label="Hdiya" data-testid="logo">
          <Gift className="icon" aria-hidden="true" />
          <span>Hdiya</span>
        </Link>

        <nav className="site-header__nav" aria-label={t('layout.nav.label')}>
          {NAV_LINKS.map((link) => (
            <NavLink
              key={link.to}
              to={link.to}
              end={link.end}
              className="site-header__link"
              data-testid={'testId' in link ? link.testId : undefined}
            >
              {t(link.key)}
            </NavLink>
          ))}
        </nav>

        <div className="site-header__actions">
          <HeaderSearch />
          <Link
            to="/create-donation"
            className={buttonClass('primary', 'sm', 'site-header__create')}
            data-testid="header-create"
          >
            {t('layout.create')}
          </Link>

          {/* Administrators moderate; they take no part in the points economy. */}
          {user && user.role !== 'admin' && (
            <PointsSummary points={user.points} blockedPoints={user.blockedPoints} pending={user.pointsPending} />
          )}

          {user && (
            <>
              {/* Phones and tablets reach messages from the tab bar, which shows their badge. */}
              <span className="site-header__messages">
                <MessagesLink />
              </span>
              <NotificationsMenu />
            </>
          )}

          <LanguageSwitch />
          <ThemeToggle />

          {/* Only the API's "nobody" (null) means signed out: pending or unreachable is not known yet. */}
          {user ? (
            <UserMenu user={user} />
          ) : user !== null ? (
            <span className="site-header__auth-placeholder" aria-hidden="true" />
          ) : (
            <div className="site-header__auth">
              <Link to={authHref('/login', here)} className={buttonClass('ghost', 'sm')} data-testid="header-login">
                {t('layout.login')}
              </Link>
              <Link
                to={authHref('/signup', here)}
                className={buttonClass('outline', 'sm', 'site-header__signup')}
                data-testid="header-signup"
              >
                {t('layout.signup')}
              </Link>
            </div>
          )}
        </div>
      </div>
    </header>
  );
}
