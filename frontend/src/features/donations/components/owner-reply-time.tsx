import { useTranslation } from 'react-i18next';
import { formatDuration } from '@/lib/duration';
import { useOwnerProfile } from '../api/get-owner-profile';

/** "Répond en général en 2 h" under the donor's name, or that there are not enough replies yet. */
export function OwnerReplyTime({ ownerId }: { ownerId: string }) {
  const { t } = useTranslation();
  const profile = useOwnerProfile(ownerId);
  const replyTime = profile.data?.replyTime;
  if (!replyTime) return null;
  return (
    <p className="muted detail__owner-reply" data-testid="owner-reply-time" data-median-ms={replyTime.medianMs ?? ''}>
      {replyTime.medianMs === null
        ? t('donations.detail.replyTime.notEnough')
        : t('donations.detail.replyTime.usual', { duration: formatDuration(replyTime.medianMs, t, 'round') })}
    </p>
  );
}
