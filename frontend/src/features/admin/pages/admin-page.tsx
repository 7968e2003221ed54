import '@/lib/admin-texts';
import { Ban, Lock } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LinkButton } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/dialog';
import { PageLoading } from '@/components/ui/page';
import { EmptyState, ErrorState, LoadMore } from '@/components/ui/states';
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
import { MemberReportsSection } from '../components/member-reports-section';
import { ModerationCard } from '../components/moderation-card';
import { ModerationLogSection } from '../components/moderation-log-section';
import { ReportedRatingsSection } from '../components/reported-ratings-section';
import { SupportInboxSection } from '../components/support-inbox-section';
import './admin.css';
import { ListSkeleton } from '@/components/ui/list-skeleton';

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

  if (isPending) return <PageLoading />;
  if (!user) {
    return (
      <div className="container page">
        <EmptyState Icon={Lock} heading="h1" title={t('admin.restrictedTitle')} text={t('admin.restrictedText')} testId="admin-restricted">
          <LinkButton to={authHref('/login', '/admin')}>{t('layout.login')}</LinkButton>
        </EmptyState>
      </div>
    );
  }
  const forbidden = !isAdmin || (isApiError(list.error) && list.error.status === 403);
  if (forbidden) {
    return (
      <div className="container page">
        <EmptyState Icon={Ban} heading="h1" title={t('admin.forbiddenTitle')} text={t('errors.ADMIN_ONLY')} role="alert" testId="admin-forbidden">
          <LinkButton to="/" variant="outline">
            {t('pages.backHome')}
          </LinkButton>
        </EmptyState>
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
      <ReportedRatingsSection enabled={isAdmin} />
      <MemberReportsSection enabled={isAdmin} />
      <SupportInboxSection enabled={isAdmin} />
      <ModerationLogSection enabled={isAdmin} />
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
        <ListSkeleton rows={3} testId="moderation-list-loading" />
      ) : list.isError ? (
        <ErrorState message={errorMessage(list.error, t, 'admin.loadError')} onRetry={list.refetch} testId="admin-error" />
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
          <LoadMore list={list} label={t('donations.browse.loadMore')} className="row admin-more" testId="load-more" />
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
