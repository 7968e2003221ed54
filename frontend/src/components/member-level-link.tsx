import { Link } from '@/components/link';
import { useTranslation } from 'react-i18next';
import { useMemberProfile } from '@/lib/member-profile';

/**
 * A member's level as one word ("Fiable"), linked to how levels are earned: the member's own level
 * in the header and on the points pages, where the reliability score used to be (decision 0041).
 * `short` (where there is no room to spare): "Nouveau" for a new member.
 */
export function MemberLevelLink({ memberId, className, testId, short = false, role }: { memberId: string; className?: string; testId: string; short?: boolean; role?: 'menuitem' }) {
  const { t } = useTranslation();
  const level = useMemberProfile(memberId).data?.level;
  if (!level) return null;
  return (
    <Link to="/levels" role={role} className={`member-level member-level--${level} ${className ?? ''}`} title={t('common.level.how')} data-testid={testId} data-level={level}>
      {t(short && level === 'new' ? 'common.level.newShort' : `common.level.${level}`)}
    </Link>
  );
}
