import { useTranslation } from 'react-i18next';
import { fullName, initials, type User } from '@/lib/auth';
import { intlLocale } from '@/lib/i18n';
import { Calendar, CircleCheck, MailWarning, MapPin, Sparkles } from 'lucide-react';
import { pointsText } from '@/lib/points-text';
import { MemberLevelNote } from '@/components/member-level-note';

export function ProfileHeader({ user }: { user: User }) {
  const { t, i18n } = useTranslation();
  const since = new Intl.DateTimeFormat(intlLocale(i18n.language), { month: 'long', year: 'numeric' }).format(
    new Date(user.createdAt),
  );
  return (
    <section className="card profile-header" data-testid="profile-header">
      <span className="avatar avatar--lg" aria-hidden="true">
        {initials(user)}
      </span>
      <div className="profile-header__identity">
        <h1 className="profile-header__name" data-testid="profile-name">
          <bdi>{fullName(user)}</bdi>
        </h1>
        <p className="muted profile-header__email" dir="ltr" data-testid="profile-email">
          {user.email}
        </p>
        <p
          className={`profile-header__verified profile-header__verified--${user.emailVerified ? 'yes' : 'no'}`}
          data-testid="profile-email-status"
        >
          {user.emailVerified ? <CircleCheck className="icon" aria-hidden="true" /> : <MailWarning className="icon" aria-hidden="true" />}
          {t(user.emailVerified ? 'profile.verification.verified' : 'profile.verification.unverified')}
        </p>
        <ul className="profile-header__facts">
          <li data-testid="profile-points">
            <Sparkles className="icon" aria-hidden="true" /> {pointsText(t, user.points)}
          </li>
          {user.city && (
            <li data-testid="profile-city">
              <MapPin className="icon" aria-hidden="true" /> <bdi>{user.city}</bdi>
            </li>
          )}
          <li data-testid="profile-member-since">
            <Calendar className="icon" aria-hidden="true" /> {t('profile.memberSince', { date: since })}
          </li>
        </ul>
        {/* Their own level and the ratings they received, as others see them (issue 46). */}
        <MemberLevelNote memberId={user.id} className="profile-header__level" testId="profile-level" />
      </div>
    </section>
  );
}
