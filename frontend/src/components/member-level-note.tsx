import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { useMemberProfile } from '@/lib/member-profile';

/**
 * The level a member's record earns ("Fiable") and the record behind it (gifts each way, ratings
 * once they show), with a link to how levels are earned (docs/product.md#public-record).
 */
export function MemberLevelNote({ memberId, className, testId }: { memberId: string; className?: string; testId: string }) {
  const { t } = useTranslation();
  const profile = useMemberProfile(memberId).data;
  if (!profile) return null;
  return (
    <p className={`muted ${className ?? ''}`} data-testid={testId} data-level={profile.level}>
      <strong>{t(`common.level.${profile.level}`)}</strong>
      {' · '}
      {t('common.level.record', { given: profile.given, received: profile.received })}
      {profile.ratings && ` · ${t('common.level.ratings', { up: profile.ratings.up, down: profile.ratings.down })}`}
      {' · '}
      <Link to="/levels">{t('common.level.how')}</Link>
    </p>
  );
}
