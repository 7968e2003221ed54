import { useTranslation } from 'react-i18next';
import { Link } from '@/components/link';
import { SignInRequired } from '@/components/sign-in-required';
import { PageLoading, PageShell } from '@/components/ui/page';
import { useUser } from '@/lib/auth';
import { usePageTitle } from '@/lib/use-page-title';
import { PointsBalanceCard } from '../components/points-balance-card';
import { TransferForm } from '../components/transfer-form';
import '../components/points.css';

/** /transfer-points (docs/product.md#points-screens): send points to a member found by phone number. */
export function TransferPointsPage() {
  const { t } = useTranslation();
  const { data: user, isPending } = useUser();
  usePageTitle(t('points.transfer.title'));

  if (isPending) return <PageLoading />;
  if (!user) return <SignInRequired text={t('points.transfer.loginText')} testId="transfer-login-required" />;

  return (
    <PageShell
      title={t('points.transfer.title')}
      lead={t('points.transfer.lead')}
      header={
        <p className="muted" data-testid="transfer-rules">
          {t('points.transfer.rules')}
        </p>
      }
      className="points-page"
      testId="transfer-points-page"
    >
      <div className="split-layout points-layout">
        <TransferForm user={user} />
        <aside className="stack">
          <PointsBalanceCard user={user} />
          <Link to="/points-history" className="link-arrow" data-testid="transfer-history-link">
            {t('points.history.title')}
          </Link>
        </aside>
      </div>
    </PageShell>
  );
}
