import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { SignInRedirect } from '@/components/sign-in-redirect';
import { PageLoading } from '@/components/ui/page';
import { useUser } from '@/lib/auth';
import { usePageTitle } from '@/lib/use-page-title';
import { EmailVerificationBanner } from '../components/email-verification-banner';
import { ProfileForm } from '../components/profile-form';
import { ProfileHeader } from '../components/profile-header';
import { MemberLimitsCard } from '../components/member-limits-card';
import { MyDataCard } from '../components/my-data-card';
import { ProfileTabs } from '../components/profile-tabs';
import { DeleteAccountCard } from '../components/delete-account-card';
import { parseProfileTab, type ProfileTab } from '../lib/tabs';
import './profile.css';

export interface ProfilePageProps {
  /** the donations, reservations and favourites lists, composed in by the app (they belong to the donations feature) */
  panels?: Partial<Record<Exclude<ProfileTab, 'profile'>, ReactNode>>;
  /** settings shown under the profile form (this device's notifications), composed in by the app */
  settings?: ReactNode;
  /** the rating comments the member received, composed in by the app (they belong to the donations feature) */
  ratings?: (memberId: string) => ReactNode;
}

export function ProfilePage({ panels = {}, settings, ratings }: ProfilePageProps) {
  const { t } = useTranslation();
  const { data: user } = useUser();
  const [searchParams, setSearchParams] = useSearchParams();
  const tab = parseProfileTab(searchParams.get('tab'));
  usePageTitle(t('profile.title'));

  // Pending, or the session call failed (offline): not known yet; only null is signed out.
  if (user === undefined) return <PageLoading />;
  if (!user) return <SignInRedirect />;

  // docs/product.md#profile: switching tabs rewrites ?tab= without adding a history entry.
  const selectTab = (next: ProfileTab) =>
    setSearchParams(
      (params) => {
        params.set('tab', next);
        return params;
      },
      { replace: true },
    );

  return (
    <div className="container page stack profile-page" data-testid="profile-page">
      <EmailVerificationBanner user={user} />
      <ProfileHeader user={user} />
      {ratings?.(user.id)}
      <ProfileTabs active={tab} onChange={selectTab} />
      <div role="tabpanel" id="profile-tab-panel" aria-labelledby={`profile-tab-${tab}`} data-testid="profile-tab-panel">
        {tab === 'profile' ? (
          <div className="stack">
            <MemberLimitsCard />
            <ProfileForm key={user.id} user={user} />
            {settings}
            <MyDataCard />
            <DeleteAccountCard />
          </div>
        ) : (
          (panels[tab] ?? (
            <div className="card empty-state" data-testid="coming-soon-message">
              {t('common.comingSoon')}
            </div>
          ))
        )}
      </div>
    </div>
  );
}
