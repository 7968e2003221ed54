import { useTranslation } from 'react-i18next';
import type { GiftPairView } from '@hdiya/contracts';
import { errorMessage } from '@/lib/errors';
import { formatDateTime } from '@/lib/relative-time';
import { useGiftPairs } from '../api/get-gift-pairs';
import { ListSkeleton } from '@/components/ui/list-skeleton';

function memberName(member: GiftPairView['members'][number]): string {
  return [member.firstName, member.lastName].filter(Boolean).join(' ') || member.id.slice(0, 8);
}

/**
 * Pairs of members who gave to each other more than 3 times in 30 days: their further gifts earn
 * no points; moderators look at whether two accounts belong to one person (decision 0019).
 */
export function GiftPairsSection({ enabled }: { enabled: boolean }) {
  const { t, i18n } = useTranslation();
  const pairs = useGiftPairs(enabled);
  return (
    <section className="card stack" data-testid="gift-pairs">
      <h2>{t('admin.giftPairs.title')}</h2>
      <p className="muted">{t('admin.giftPairs.lead')}</p>
      {pairs.isPending ? (
        <ListSkeleton rows={3} testId="gift-pairs-loading" />
      ) : pairs.isError ? (
        <p role="alert">{errorMessage(pairs.error, t, 'admin.giftPairs.loadError')}</p>
      ) : pairs.data.length === 0 ? (
        <p data-testid="gift-pairs-empty">{t('admin.giftPairs.empty')}</p>
      ) : (
        <ul className="plain-list stack" data-testid="gift-pairs-list">
          {pairs.data.map((pair) => (
            <li key={pair.members.map((m) => m.id).join('-')} data-testid="gift-pair">
              <p>
                {pair.members.map((member, i) => (
                  <span key={member.id}>
                    {i > 0 && ' ↔ '}
                    <bdi>{memberName(member)}</bdi> {member.email && <bdi className="muted">({member.email})</bdi>}
                  </span>
                ))}
              </p>
              <p className="muted">
                {t('admin.giftPairs.gifts', { count: pair.gifts })} · {t('admin.giftPairs.withheld', { count: pair.withheldPoints })} ·{' '}
                {t('admin.giftPairs.last', { date: formatDateTime(pair.lastGiftAt, i18n.resolvedLanguage ?? 'fr') })}
              </p>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
