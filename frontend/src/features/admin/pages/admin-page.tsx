import { Ban, Lock } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { Button, buttonClass } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/dialog';
import { useToast } from '@/components/ui/toast';
import { isApiError } from '@/lib/api-client';
import { useUser } from '@/lib/auth';
import type { ModerationDonation } from '@/lib/donations';
import { errorMessage } from '@/lib/errors';
import { authHref } from '@/lib/return-path';
import { usePageTitle } from '@/lib/use-page-title';
import { useDismissReports } from '../api/dismiss-reports';
import { useForceDeleteDonation } from '../api/force-delete-donation';
import { useModerationDonations } from '../api/get-moderation-donations';
import { GiftPairsSection } from '../components/gift-pairs-section';
import { ModerationCard } from '../components/moderation-card';
import './admin.css';

/** /admin: moderation. The server checks the role; the screen only explains who may enter. */
export function AdminPage() {
  const { t } = useTranslation();
  const { data: user, isPending } = useUser();
  const isAdmin = user?.role === 'admin';
  const [reportedOnly, setReportedOnly] = useState(false);
  const filterId = useId();
  const list = useModerationDonations(isAdmin, reportedOnly);
  const { toast } = useToast();
  const forceDelete = useForceDeleteDonation();
  const dismiss = useDismissReports();
  // The page owns the deletion: the deleted card leaves the list before the call settles.
  const [toDelete, setToDelete] = useState<ModerationDonation | null>(null);
  usePageTitle(t('admin.title'));

  function confirmDelete() {
    if (!toDelete) return;
    forceDelete.mutate(toDelete.id, {
      onSuccess: () => {
        setToDelete(null);
        toast({ title: (tr) => tr('admin.deleted'), variant: 'success' });
      },
      onError: (error) => {
        setToDelete(null);
        toast({ title: (tr) => tr('admin.deleteError'), description: (tr) => errorMessage(error, tr, 'admin.deleteErrorFallback'), variant: 'error' });
      },
    });
  }

  function dismissReports(donation: ModerationDonation) {
    dismiss.mutate(donation.id, {
      onSuccess: () => toast({ title: t('admin.dismissed'), variant: 'success' }),
      onError: (error) => toast({ title: t('admin.dismissError'), description: errorMessage(error, t, 'admin.dismissError'), variant: 'error' }),
    });
  }

  if (isPending) {
    return (
      <div className="container page" aria-busy="true">
        <p className="muted">{t('common.loading')}</p>
      </div>
    );
  }
  if (!user) {
    return (
      <div className="container page">
        <div className="card empty-state" data-testid="admin-restricted">
          <p className="empty-state__icon">
            <Lock className="icon icon--xl" aria-hidden="true" />
          </p>
          <h1>{t('admin.restrictedTitle')}</h1>
          <p>{t('admin.restrictedText')}</p>
          <Link to={authHref('/login', '/admin')} className={buttonClass('primary')}>
            {t('layout.login')}
          </Link>
        </div>
      </div>
    );
  }
  const forbidden = !isAdmin || (isApiError(list.error) && list.error.status === 403);
  if (forbidden) {
    return (
      <div className="container page">
        <div className="card empty-state" role="alert" data-testid="admin-forbidden">
          <p className="empty-state__icon">
            <Ban className="icon icon--xl" aria-hidden="true" />
          </p>
          <h1>{t('admin.forbiddenTitle')}</h1>
          <p>{t('errors.ADMIN_ONLY')}</p>
          <Link to="/" className={buttonClass('outline')}>
            {t('pages.backHome')}
          </Link>
        </div>
      </div>
    );
  }

  const donations = list.data?.pages.flatMap((page) => page.items) ?? [];
  return (
    <div className="container page stack" data-testid="admin-page">
      <header className="admin-header">
        <h1>{t('admin.heading')}</h1>
        <p className="muted" data-testid="admin-email">
          <bdi>{user.email}</bdi>
        </p>
      </header>
      <GiftPairsSection enabled={isAdmin} />
      <div className="admin-filter">
        <input
          id={filterId}
          type="checkbox"
          checked={reportedOnly}
          onChange={(event) => setReportedOnly(event.target.checked)}
          data-testid="moderation-reported-only"
        />
        <label htmlFor={filterId}>{t('admin.reportedOnly')}</label>
      </div>
      {list.isPending ? (
        <p className="muted" aria-busy="true">
          {t('common.loading')}
        </p>
      ) : list.isError ? (
        <div className="card empty-state" role="alert" data-testid="admin-error">
          <p>{errorMessage(list.error, t, 'admin.loadError')}</p>
          <Button variant="outline" onClick={() => void list.refetch()}>
            {t('common.retry')}
          </Button>
        </div>
      ) : donations.length === 0 ? (
        <div className="card empty-state" data-testid="admin-empty">
          <p>{t(reportedOnly ? 'admin.emptyReported' : 'admin.empty')}</p>
        </div>
      ) : (
        <>
          <ul className="plain-list moderation-list" data-testid="moderation-list">
            {donations.map((donation) => (
              <li key={donation.id}>
                <ModerationCard
                  donation={donation}
                  onDelete={setToDelete}
                  onDismiss={dismissReports}
                  dismissing={dismiss.isPending && dismiss.variables === donation.id}
                />
              </li>
            ))}
          </ul>
          {list.hasNextPage && (
            <div className="row admin-more">
              <Button variant="outline" onClick={() => void list.fetchNextPage()} loading={list.isFetchingNextPage} data-testid="load-more">
                {t('donations.browse.loadMore')}
              </Button>
            </div>
          )}
        </>
      )}
      <ConfirmDialog
        open={toDelete !== null}
        onClose={() => setToDelete(null)}
        onConfirm={confirmDelete}
        title={t('admin.confirmTitle')}
        text={t('admin.confirmText', { title: toDelete?.title ?? '' })}
        confirmLabel={t('donations.delete.confirm')}
        loading={forceDelete.isPending}
        testId="moderation-delete-dialog"
      />
    </div>
  );
}
