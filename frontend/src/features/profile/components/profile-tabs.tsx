import { useEffect, useRef, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { PROFILE_TABS, type ProfileTab } from '../lib/tabs';

/**
 * The profile's tabs. On a phone they scroll sideways, and the active one is always brought into
 * view (opening `?tab=favorites` shows that tab selected, not an off-screen one). Arrow keys move
 * between tabs, as in any tab list.
 */
export function ProfileTabs({ active, onChange }: { active: ProfileTab; onChange: (tab: ProfileTab) => void }) {
  const { t } = useTranslation();
  const refs = useRef(new Map<ProfileTab, HTMLButtonElement>());

  useEffect(() => {
    refs.current.get(active)?.scrollIntoView?.({ block: 'nearest', inline: 'nearest' });
  }, [active]);

  const onKeyDown = (event: KeyboardEvent) => {
    const step = { ArrowRight: 1, ArrowLeft: -1 }[event.key];
    if (!step) return;
    // In right-to-left pages the next tab is on the left.
    const forward = document.documentElement.dir === 'rtl' ? -step : step;
    const index = (PROFILE_TABS.indexOf(active) + forward + PROFILE_TABS.length) % PROFILE_TABS.length;
    const next = PROFILE_TABS[index]!;
    onChange(next);
    refs.current.get(next)?.focus();
  };

  return (
    <div className="tabs" role="tablist" aria-label={t('profile.tabs.label')} onKeyDown={onKeyDown}>
      {PROFILE_TABS.map((tab) => (
        <button
          key={tab}
          ref={(element) => {
            if (element) refs.current.set(tab, element);
            else refs.current.delete(tab);
          }}
          type="button"
          role="tab"
          id={`profile-tab-${tab}`}
          aria-selected={tab === active}
          aria-controls="profile-tab-panel"
          tabIndex={tab === active ? 0 : -1}
          className="tabs__tab"
          data-testid={`profile-tab-${tab}`}
          onClick={() => onChange(tab)}
        >
          {t(`profile.tabs.${tab}`)}
        </button>
      ))}
    </div>
  );
}
