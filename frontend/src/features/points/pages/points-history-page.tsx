import { ScrollText } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { SignInRequired } from '@/components/sign-in-required';
import { LinkButton } from '@/components/ui/button';
import { PageLoading, PageShell } from '@/components/ui/page';
import { ErrorState, LoadMore } from '@/components/ui/states';
import { useUser } from '@/lib/auth';
import { errorMessage } from '@/lib/errors';
import { usePageTitle } from '@/lib/use-page-title';
import { usePointsHistory } from '../api/get-points-history';
import { HistoryEntry, HistorySkeleton } from '../components/history-entry';
import { PointsBalanceCard } from '../components/points-balance-card';
import '../components/points.css';

/** /points-history (docs/product.md#points-screens): the balance, then every points movement, newest first. */
export function PointsHistoryPage() {
  const { t } = useTranslation();
  const { data: user, isPending } = useUser();
  usePageTitle(t('points.history.title'));

  if (isPending) return <PageLoading />;
  if (!user) return <SignInRequired text={t('points.history.loginText')} testId="history-login-required" />;

  return (
    <PageShell title={t('points.history.title')} lead={t('points.history.lead')} className="points-page" testId="points-history-page">
      <div className="split-layout points-layout points-layout--history">
        <section className="card stack" aria-labelledby="history-title">
          <h2 id="history-title" className="points-balance__title">
            {t('points.history.entries')}
          </h2>
          <HistoryList />
        </section>
        <aside className="stack">
          <PointsBalanceCard user={user} />
          <LinkButton to="/transfer-points" variant="outline" data-testid="history-transfer-link">
            {t('points.transfer.title')}
          </LinkButton>
        </aside>
      </div>
    </PageShell>
  );
}

function HistoryList() {
  const { t } = useTranslation();
  const history = usePointsHistory();
  const entries = history.data?.pages.flat() ?? [];

  if (history.isPending) return <HistorySkeleton rows={5} />;
  if (history.isError) {
    return <ErrorState message={errorMessage(history.error, t, 'points.history.error')} onRetry={history.refetch} card={false} testId="history-error" />;
  }
  if (entries.length === 0) {
    return (
      <div className="empty-state" data-testid="history-empty">
        <p className="empty-state__icon">
            <ScrollText className="icon icon--xl" aria-hidden="true" />
          </p>
        <p className="history-empty__title">{t('points.history.empty')}</p>
        <p>{t('points.history.emptyText')}</p>
      </div>
    );
  }
  return (
    <div className="stack">
      <ol className="plain-list history-list" data-testid="history-list">
        {entries.map((entry) => (
          <HistoryEntry key={entry.id} entry={entry} />
        ))}
      </ol>
      <LoadMore list={history} label={t('points.history.loadMore')} testId="history-load-more" />
    </div>
  );
}
