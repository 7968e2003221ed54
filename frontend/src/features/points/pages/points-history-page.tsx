import { ScrollText } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { SignInRequired } from '@/components/sign-in-required';
import { Button, buttonClass } from '@/components/ui/button';
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

  if (isPending) {
    return (
      <div className="container page" aria-busy="true">
        <p className="muted">{t('common.loading')}</p>
      </div>
    );
  }
  if (!user) return <SignInRequired text={t('points.history.loginText')} testId="history-login-required" />;

  return (
    <div className="container page points-page" data-testid="points-history-page">
      <header className="page__header">
        <h1>{t('points.history.title')}</h1>
        <p className="page__lead">{t('points.history.lead')}</p>
      </header>
      <div className="points-layout points-layout--history">
        <section className="card stack" aria-labelledby="history-title">
          <h2 id="history-title" className="points-balance__title">
            {t('points.history.entries')}
          </h2>
          <HistoryList />
        </section>
        <aside className="stack">
          <PointsBalanceCard user={user} />
          <Link to="/transfer-points" className={buttonClass('outline')} data-testid="history-transfer-link">
            {t('points.transfer.title')}
          </Link>
        </aside>
      </div>
    </div>
  );
}

function HistoryList() {
  const { t } = useTranslation();
  const history = usePointsHistory();
  const entries = history.data?.pages.flat() ?? [];

  if (history.isPending) return <HistorySkeleton rows={5} />;
  if (history.isError) {
    return (
      <div className="empty-state" role="alert" data-testid="history-error">
        <p>{errorMessage(history.error, t, 'points.history.error')}</p>
        <Button variant="outline" onClick={() => void history.refetch()}>
          {t('common.retry')}
        </Button>
      </div>
    );
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
      {history.hasNextPage && (
        <div className="load-more">
          <Button
            variant="outline"
            onClick={() => void history.fetchNextPage()}
            loading={history.isFetchingNextPage}
            data-testid="history-load-more"
          >
            {t('points.history.loadMore')}
          </Button>
        </div>
      )}
    </div>
  );
}
