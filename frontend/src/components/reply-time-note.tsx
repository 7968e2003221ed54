import { useTranslation } from 'react-i18next';
import { formatDuration } from '@/lib/duration';
import { useMemberProfile } from '@/lib/member-profile';

/** "Répond en général en 2 h" (the member's median over 90 days), or that there are not enough replies yet. */
export function ReplyTimeNote({ memberId, className, testId }: { memberId: string; className?: string; testId: string }) {
  const { t } = useTranslation();
  const replyTime = useMemberProfile(memberId).data?.replyTime;
  if (!replyTime) return null;
  return (
    <p className={`muted ${className ?? ''}`} data-testid={testId} data-median-ms={replyTime.medianMs ?? ''}>
      {replyTime.medianMs === null ? t('common.replyTime.notEnough') : t('common.replyTime.usual', { duration: formatDuration(replyTime.medianMs, t, 'round') })}
    </p>
  );
}
