import { useTranslation } from 'react-i18next';
import { Link } from '@/components/link';
import { isolate } from '@/lib/direction';
import { donationHref } from '@/lib/donations';
import { formatDateTime, formatRelativeTime } from '@/lib/relative-time';
import { historyAmount, historyReason, historyType, relatedUserName, type PointsHistoryEntry } from '../lib/history';
import { ArrowDownToLine, ArrowUpFromLine, Gift, RefreshCw, ShoppingCart, Sparkles, User, type LucideIcon } from 'lucide-react';

const HISTORY_ICONS: Record<ReturnType<typeof historyType>, LucideIcon> = {
  earned: Sparkles,
  received: ArrowDownToLine,
  spent: ShoppingCart,
  transferred: ArrowUpFromLine,
  other: RefreshCw,
};

/** The points service writes descriptions in French: other languages translate the known ones. */
function useDescription(description: string): { text: string; note: string | null; lang?: string } {
  const { t, i18n } = useTranslation();
  const known = historyReason(description);
  // The service writes "Don publié" when it pays the publishing reward, that is when the item is
  // given: the history says so, as the other screens do.
  if (i18n.resolvedLanguage === 'fr') {
    return { text: known?.reason === 'published' ? description.replace(/^Don publié/, t('points.history.reasons.published')) : description, note: null };
  }
  if (!known) return { text: description, note: null, lang: 'fr' };
  return { text: t(`points.history.reasons.${known.reason}`), note: known.note };
}

/** One ledger line: icon by type, description, the other member, the donation, date, signed amount. */
export function HistoryEntry({ entry }: { entry: PointsHistoryEntry }) {
  const { t, i18n } = useTranslation();
  const type = historyType(entry.type);
  const Icon = HISTORY_ICONS[type];
  const amount = historyAmount(type, entry.amount);
  const who = relatedUserName(entry.relatedUser);
  const description = useDescription(entry.description);
  const whoKey = type === 'received' ? 'points.history.from' : type === 'transferred' ? 'points.history.to' : 'points.history.with';

  return (
    <li className="history-entry" data-testid="history-entry" data-type={type} data-amount={entry.amount} data-entry-id={entry.id}>
      <span className={`history-entry__icon history-entry__icon--${type}`}>
        <Icon className="icon" aria-hidden="true" />
      </span>
      <div className="history-entry__body">
        <p className="history-entry__description" lang={description.lang} dir="auto" data-testid="history-entry-description">
          {description.text}
        </p>
        {description.note && (
          <p className="history-entry__note" dir="auto" data-testid="history-entry-note">
            « {description.note} »
          </p>
        )}
        <p className="history-entry__meta">
          {who && (
            <span data-testid="history-entry-user">
              <User className="icon" aria-hidden="true" /> {t(whoKey, { name: isolate(who, i18n.language) })}
            </span>
          )}
          {entry.donation && (
            <Link to={donationHref(entry.donation.id)} data-testid="history-entry-donation">
              <Gift className="icon" aria-hidden="true" />{' '}
              {entry.donation.title ? <bdi>{entry.donation.title}</bdi> : t('points.history.donationFallback', { id: entry.donation.id })}
            </Link>
          )}
          <time dateTime={entry.createdAt} title={formatDateTime(entry.createdAt, i18n.language)} data-testid="history-entry-date">
            {formatRelativeTime(entry.createdAt, t, i18n.language)}
          </time>
        </p>
      </div>
      <span className="history-entry__amount-cell">
        <span
          className={`history-entry__amount history-entry__amount--${amount.tone}`}
          dir="ltr"
          aria-hidden="true"
          data-testid="history-entry-amount"
        >
          {amount.text}
        </span>
        <span className="visually-hidden">{t(`points.history.amount.${amount.tone}`, { count: amount.value })}</span>
      </span>
    </li>
  );
}

export function HistorySkeleton({ rows = 5 }: { rows?: number }) {
  const { t } = useTranslation();
  return (
    <ul className="plain-list history-list" aria-busy="true" aria-label={t('common.loading')} data-testid="history-loading">
      {Array.from({ length: rows }, (_, index) => (
        <li key={index} className="history-entry history-entry--skeleton" data-testid="history-skeleton-row">
          <span className="skeleton history-entry__icon" />
          <div className="history-entry__body">
            <span className="skeleton history-skeleton__line history-skeleton__line--wide" />
            <span className="skeleton history-skeleton__line history-skeleton__line--short" />
          </div>
          <span className="skeleton history-skeleton__line history-skeleton__amount" />
        </li>
      ))}
    </ul>
  );
}
