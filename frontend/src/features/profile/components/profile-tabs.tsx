import { useTranslation } from 'react-i18next';
import { PROFILE_TABS, type ProfileTab } from '../lib/tabs';

export function ProfileTabs({ active, onChange }: { active: ProfileTab; onChange: (tab: ProfileTab) => void }) {
  const { t } = useTranslation();
  return (
    <div className="tabs" role="tablist" aria-label={t('profile.tabs.label')}>
      {PROFILE_TABS.map((tab) => (
        <button
          key={tab}
          type="button"
          role="tab"
          id={`profile-tab-${tab}`}
          aria-selected={tab === active}
          aria-controls="profile-tab-panel"
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
