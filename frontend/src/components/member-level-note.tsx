import { Link } from '@/components/link';
import { useTranslation } from 'react-i18next';
import { useMemberProfile } from '@/lib/member-profile';
import { memberRecordText } from '@/lib/member-record';

/**
 * The level a member's record earns ("Fiable") and the record behind it (gifts each way, those
 * without the handover code apart, ratings once they show), with a link to how levels are earned (docs/product.md#public-record).
 */
export function MemberLevelNote({ memberId, className, testId }: { memberId: string; className?: string; testId: string }) {
  const { t } = useTranslation();
  const profile = useMemberProfile(memberId).data;
  if (!profile) return null;
  return (
    <p className={`muted ${className ?? ''}`} data-testid={testId} data-level={profile.level}>
      <strong>{t(`common.level.${profile.level}`)}</strong>
      {' · '}
      {memberRecordText(t, profile)}
      {' · '}
      <Link to="/levels">{t('common.level.how')}</Link>
    </p>
  );
}
