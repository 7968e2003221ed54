import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from '@/components/link';
import { MemberLevelLink } from '@/components/member-level-link';
import { usePopup } from '@/components/ui/use-popup';
import { displayName, forgetLastMember, initials, type User } from '@/lib/auth';

const NAME_SLOT = '\u0000';

/** The member's pages, in the menu's order (the last for administrators only). */
const MENU_LINKS = [
  { to: '/profile', label: 'layout.userMenu.profile', testId: 'user-menu-profile' },
  { to: '/profile?tab=donations', label: 'layout.userMenu.donations', testId: 'user-menu-donations' },
  { to: '/profile?tab=favorites', label: 'layout.userMenu.favorites', testId: 'user-menu-favorites' },
  { to: '/alerts', label: 'layout.userMenu.alerts', testId: 'user-menu-alerts' },
  { to: '/asks', label: 'layout.userMenu.asks', testId: 'user-menu-asks' },
  { to: '/settings/notifications', label: 'layout.userMenu.notificationSettings', testId: 'user-menu-notification-settings' },
  { to: '/transfer-points', label: 'layout.userMenu.transfer', testId: 'user-menu-transfer' },
  { to: '/points-history', label: 'layout.userMenu.history', testId: 'user-menu-history' },
  { to: '/admin', label: 'layout.userMenu.admin', testId: 'user-menu-admin', adminOnly: true },
] as const;

export function UserMenu({ user }: { user: User }) {
  const { t } = useTranslation();
  // The sentence around the name, the name in its own <bdi> (member text keeps its direction).
  const menuLabel = t('layout.userMenu.open', { name: NAME_SLOT }).split(NAME_SLOT);
  const { open, setOpen, rootRef } = usePopup<HTMLDivElement>();
  const menuId = useId();

  return (
    <div className="user-menu" ref={rootRef}>
      <button
        type="button"
        className="user-menu__trigger"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={menuId}
        data-testid="user-menu"
        onClick={() => setOpen((value) => !value)}
      >
        {/* The initials are read too, then the sentence around the name, as text rather than an
            aria-label: the button's name contains what it shows (axe's label-content-name-mismatch). */}
        <span className="avatar avatar--sm">{initials(user)}</span>
        <span className="visually-hidden">
          {' '}
          {menuLabel[0]}
          <bdi>{displayName(user)}</bdi>
          {menuLabel[1]}
        </span>
      </button>
      {open && (
        <div className="user-menu__panel" role="menu" id={menuId} data-testid="user-menu-panel">
          <div className="user-menu__identity">
            <strong>{displayName(user)}</strong>
            <span className="muted">{user.email}</span>
          </div>
          {/* The member's level, out of the header's pill so the header fits (issue 46). */}
          {user.role !== 'admin' && <MemberLevelLink memberId={user.id} role="menuitem" className="user-menu__level" testId="header-level" />}
          {MENU_LINKS.filter((link) => !('adminOnly' in link) || user.role === 'admin').map((link) => (
            <Link key={link.to} role="menuitem" to={link.to} data-testid={link.testId}>
              {t(link.label)}
            </Link>
          ))}
          {/* A plain link: the gateway ends the session and redirects, which also resets the app. */}
          <a role="menuitem" href="/api/logout" className="user-menu__logout" data-testid="logout-link" onClick={forgetLastMember}>
            {t('layout.userMenu.logout')}
          </a>
        </div>
      )}
    </div>
  );
}
