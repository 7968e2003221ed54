import { useTranslation } from 'react-i18next';
import { Link } from '@/components/link';
import type { UsageView } from '@hdiya/contracts';
import { formatDateTime } from '@/lib/relative-time';
import '@/lib/limits-texts';
import { useMemberLimits } from '../api/get-limits';

/**
 * Where the member stands (docs/product.md#where-you-stand): open reservations, waiting-list
 * places, the points caps over 24 hours, and the items they may not reserve again yet; each with
 * when it frees up.
 */
export function MemberLimitsCard() {
  const { t, i18n } = useTranslation();
  const limits = useMemberLimits().data;
  if (!limits) return null;
  const date = (at: string) => formatDateTime(at, i18n.language);
  const line = (key: string, usage: UsageView, hint?: string) => (
    <li data-testid={`limit-${key}`} data-used={usage.used} data-max={usage.max} className={usage.used >= usage.max ? 'limit limit--full' : 'limit'}>
      <strong>{t(`limits.${key}`, { used: usage.used, max: usage.max })}</strong>
      {usage.freesAt ? <span className="muted"> {key === 'reservations' ? t('limits.reservationsFree', { date: date(usage.freesAt) }) : t('limits.freesAt', { date: date(usage.freesAt) })}</span> : hint && usage.used > 0 ? <span className="muted"> {hint}</span> : null}
    </li>
  );
  return (
    <section className="card stack" aria-labelledby="member-limits-title" data-testid="member-limits">
      <h2 id="member-limits-title">{t('limits.title')}</h2>
      <p className="muted">{t('limits.lead')}</p>
      <ul className="plain-list stack">
        {line('reservations', limits.reservations)}
        {line('waitlist', limits.waitlistPlaces, t('limits.waitlistFree'))}
        {line('giftPoints', limits.giftPoints)}
        {line('transferPoints', limits.transferPoints)}
        {limits.cooldowns.map((c) => (
          <li key={c.donationId} data-testid="limit-cooldown">
            <Link to={`/donations/${c.donationId}`}>{t('limits.cooldown', { title: `\u2068${c.title}\u2069`, date: date(c.until) })}</Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
