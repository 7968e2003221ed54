import { useId } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { usePopup } from '@/components/ui/use-popup';
import { displayName, forgetLastMember, initials, type User } from '@/lib/auth';

export function UserMenu({ user }: { user: User }) {
  const { t } = useTranslation();
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
        <span className="avatar avatar--sm" aria-hidden="true">
          {initials(user)}
        </span>
        {/* The name as text, not aria-label: what is read includes what is shown (the initials are decoration). */}
        <span className="visually-hidden">
          <Trans i18nKey="layout.userMenu.open" values={{ name: displayName(user) }} components={{ name: <bdi /> }} />
        </span>
      </button>
      {open && (
        <div className="user-menu__panel" role="menu" id={menuId} data-testid="user-menu-panel">
          <div className="user-menu__identity">
            <strong>{displayName(user)}</strong>
            <span className="muted">{user.email}</span>
          </div>
          <Link role="menuitem" to="/profile" data-testid="user-menu-profile">
            {t('layout.userMenu.profile')}
          </Link>
          <Link role="menuitem" to="/profile?tab=donations" data-testid="user-menu-donations">
            {t('layout.userMenu.donations')}
          </Link>
          <Link role="menuitem" to="/profile?tab=favorites" data-testid="user-menu-favorites">
            {t('layout.userMenu.favorites')}
          </Link>
          <Link role="menuitem" to="/alerts" data-testid="user-menu-alerts">
            {t('layout.userMenu.alerts')}
          </Link>
          <Link role="menuitem" to="/settings/notifications" data-testid="user-menu-notification-settings">
            {t('layout.userMenu.notificationSettings')}
          </Link>
          <Link role="menuitem" to="/transfer-points" data-testid="user-menu-transfer">
            {t('layout.userMenu.transfer')}
          </Link>
          <Link role="menuitem" to="/points-history" data-testid="user-menu-history">
            {t('layout.userMenu.history')}
          </Link>
          {user.role === 'admin' && (
            <Link role="menuitem" to="/admin" data-testid="user-menu-admin">
              {t('layout.userMenu.admin')}
            </Link>
          )}
          {/* A plain link: the gateway ends the session and redirects, which also resets the app. */}
          <a role="menuitem" href="/api/logout" className="user-menu__logout" data-testid="logout-link" onClick={forgetLastMember}>
            {t('layout.userMenu.logout')}
          </a>
        </div>
      )}
    </div>
  );
}
