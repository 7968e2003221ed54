import { Hourglass } from 'lucide-react';
import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LinkButton } from '@/components/ui/button';
import { ErrorState, LoadMore } from '@/components/ui/states';
import type { Page } from '@/lib/api-client';
import type { Donation, ReservedDonation } from '@/lib/donations';
import { useFavorites } from '../api/get-favorites';
import { useMyDonations } from '../api/get-my-donations';
import { useReservations } from '../api/get-reservations';
import { reservationTone, timeLeft } from '../lib/reservation';
import { DonationGrid } from './donation-grid';

interface ListPanelProps<T extends Donation> {
  list: UseInfiniteQueryResult<InfiniteData<Page<T>>>;
  testId: string;
  emptyTitle: string;
  emptyAction: { to: string; label: string; testId: string };
  renderFooter?: (donation: T) => ReactNode;
}

function ListPanel<T extends Donation>({ list, testId, emptyTitle, emptyAction, renderFooter }: ListPanelProps<T>) {
  const { t } = useTranslation();
  const donations = list.data?.pages.flatMap((page) => page.items) ?? [];
  if (list.isPending) return <DonationGrid donations={undefined} loading skeletons={3} testId={testId} />;
  if (list.isError) return <ErrorState message={t('donations.browse.error')} onRetry={list.refetch} testId={`${testId}-error`} />;
  if (donations.length === 0) {
    return (
      <div className="card empty-state" data-testid={`${testId}-empty`}>
        <p>{emptyTitle}</p>
        <LinkButton to={emptyAction.to} data-testid={emptyAction.testId}>
          {emptyAction.label}
        </LinkButton>
      </div>
    );
  }
  return (
    <div className="stack">
      <DonationGrid donations={donations} hideDistance={false} testId={testId} renderFooter={renderFooter} />
      <LoadMore list={list} label={t('donations.browse.loadMore')} testId="load-more" />
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

/** Profile tab "Mes réservations": each card with the reservation's state and, while active, the time left. */
export function MyReservationsPanel() {
  const { t } = useTranslation();
  return (
    <ListPanel
      list={useReservations()}
      testId="my-reservations"
      emptyTitle={t('donations.profile.reservationsEmpty')}
      emptyAction={{ to: '/donations', label: t('donations.nearby.explore'), testId: 'my-reservations-explore' }}
      renderFooter={(donation) => <ReservationFooter reservation={donation.reservation} />}
    />
  );
}

function ReservationFooter({ reservation }: { reservation: ReservedDonation['reservation'] }) {
  const { t } = useTranslation();
  const left = reservation.state === 'active' ? timeLeft(reservation.timeLeftMs) : null;
  return (
    <p className="reservation-line" data-testid="reservation-line">
      <span
        className={`badge reservation-state reservation-state--${reservationTone(reservation.state)}`}
        data-testid="reservation-state"
        data-state={reservation.state}
      >
        {t(`donations.reservation.states.${reservation.state}`)}
      </span>
      {left && (
        <span className="reservation-line__left" data-testid="reservation-time-left" data-key={left.key}>
          <Hourglass className="icon" aria-hidden="true" /> {t(`donations.reservation.timeLeft.${left.key}`, { count: left.count })}
        </span>
      )}
    </p>
  );
}
