import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { Button, buttonClass } from '@/components/ui/button';
import type { Page } from '@/lib/api-client';
import type { Donation } from '@/lib/donations';
import { useFavorites } from '../api/get-favorites';
import { useMyDonations } from '../api/get-my-donations';
import { DonationGrid } from './donation-grid';

interface ListPanelProps {
  list: UseInfiniteQueryResult<InfiniteData<Page<Donation>>>;
  testId: string;
  emptyTitle: string;
  emptyAction: { to: string; label: string; testId: string };
}

function ListPanel({ list, testId, emptyTitle, emptyAction }: ListPanelProps) {
  const { t } = useTranslation();
  const donations = list.data?.pages.flatMap((page) => page.items) ?? [];
  if (list.isPending) return <DonationGrid donations={undefined} loading skeletons={3} testId={testId} />;
  if (list.isError) {
    return (
      <div className="card empty-state" role="alert" data-testid={`${testId}-error`}>
        <p>{t('donations.browse.error')}</p>
        <Button variant="outline" onClick={() => void list.refetch()}>
          {t('common.retry')}
        </Button>
      </div>
    );
  }
  if (donations.length === 0) {
    return (
      <div className="card empty-state" data-testid={`${testId}-empty`}>
        <p>{emptyTitle}</p>
        <Link to={emptyAction.to} className={buttonClass('primary')} data-testid={emptyAction.testId}>
          {emptyAction.label}
        </Link>
      </div>
    );
  }
  return (
    <div className="stack">
      <DonationGrid donations={donations} hideDistance={false} testId={testId} />
      {list.hasNextPage && (
        <div className="load-more">
          <Button variant="outline" onClick={() => void list.fetchNextPage()} loading={list.isFetchingNextPage} data-testid="load-more">
            {t('donations.browse.loadMore')}
          </Button>
        </div>
      )}
    </div>
  );
}

/** Profile tab "Mes dons": every status of the member's own donations. */
export function MyDonationsPanel() {
  const { t } = useTranslation();
  return (
    <ListPanel
      list={useMyDonations()}
      testId="my-donations"
      emptyTitle={t('donations.profile.donationsEmpty')}
      emptyAction={{ to: '/create-donation', label: t('layout.create'), testId: 'my-donations-create' }}
    />
  );
}

/** Profile tab "Mes favoris". */
export function FavoriteDonationsPanel() {
  const { t } = useTranslation();
  return (
    <ListPanel
      list={useFavorites()}
      testId="my-favorites"
      emptyTitle={t('donations.profile.favoritesEmpty')}
      emptyAction={{ to: '/donations', label: t('donations.nearby.explore'), testId: 'my-favorites-explore' }}
    />
  );
}
