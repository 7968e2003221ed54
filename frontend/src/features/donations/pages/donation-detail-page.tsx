import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { DonationImage } from '@/components/donation-image';
import { DonationStatusBadge } from '@/components/donation-status-badge';
import { Button, buttonClass } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/dialog';
import { useToast } from '@/components/ui/toast';
import { isApiError } from '@/lib/api-client';
import { nameInitials, useUser, type User } from '@/lib/auth';
import { categoryIcon } from '@/lib/categories';
import { DonationRules, type Donation } from '@/lib/donations';
import { errorMessage } from '@/lib/errors';
import { distanceKm, useLocationState } from '@/lib/location';
import { formatRelativeTime } from '@/lib/relative-time';
import { excerpt, useMetaDescription, usePageTitle } from '@/lib/use-page-title';
import { useCategories, useCategoryName } from '../api/get-categories';
import { useCityLabel } from '../api/get-cities';
import { useDeleteDonation } from '../api/delete-donation';
import { useDonation } from '../api/get-donation';
import { FavoriteButton } from '../components/favorite-button';
import { MapDialog } from '../components/map-dialog';
import { ReportDialog } from '../components/report-dialog';
import '../components/donations.css';

/** /donations/:id (spec §2). Reservation and messaging arrive with later issues. */
export function DonationDetailPage() {
  const { t } = useTranslation();
  const { id } = useParams();
  const donationId = /^\d+$/.test(id ?? '') ? Number(id) : NaN;
  const donation = useDonation(donationId);
  const notFound = Number.isNaN(donationId) || (isApiError(donation.error) && donation.error.status === 404);

  usePageTitle(donation.data?.title ?? (notFound ? t('donations.detail.notFound') : undefined));
  useMetaDescription(donation.data ? excerpt(donation.data.description, DonationRules.metaDescriptionLength) : undefined);

  if (notFound) {
    return (
      <div className="container page" data-testid="donation-not-found">
        <div className="card empty-state">
          <p className="empty-state__icon" aria-hidden="true">
            🎁
          </p>
          <h1>{t('donations.detail.notFound')}</h1>
          <Link to="/donations" className={buttonClass('primary')} data-testid="back-to-donations">
            {t('donations.detail.back')}
          </Link>
        </div>
      </div>
    );
  }
  if (donation.isError) {
    return (
      <div className="container page">
        <div className="card empty-state" role="alert" data-testid="donation-error">
          <p>{errorMessage(donation.error, t, 'donations.detail.error')}</p>
          <Button variant="outline" onClick={() => void donation.refetch()}>
            {t('common.retry')}
          </Button>
        </div>
      </div>
    );
  }
  if (!donation.data) return <DetailSkeleton />;
  return <DonationDetail donation={donation.data} />;
}

function DonationDetail({ donation }: { donation: Donation }) {
  const { t, i18n } = useTranslation();
  const { data: user, isPending: userPending } = useUser();
  const location = useLocationState();
  const categories = useCategories();
  const categoryName = useCategoryName();
  const cityLabel = useCityLabel();
  const [mapOpen, setMapOpen] = useState(false);
  const isOwner = user?.id === donation.userId;
  const category = categories.find((entry) => entry.id === donation.categoryId);
  const distance = location.position
    ? distanceKm(location.position, { lat: donation.latitude, lng: donation.longitude })
    : undefined;

  return (
    <div className="container page" data-testid="donation-detail" data-donation-id={donation.id} data-status={donation.status}>
      <Link to="/donations" className="back-link">
        {t('donations.detail.back')}
      </Link>
      <div className="detail-layout">
        <div className="detail-layout__media">
          <DonationImage src={donation.imageUrl} alt={donation.title} data-testid="donation-image" />
        </div>

        <div className="card stack detail-layout__info">
          <div className="row">
            <DonationStatusBadge status={donation.status} />
            <span className="badge" data-testid="donation-category" data-category-id={donation.categoryId}>
              <span aria-hidden="true">{categoryIcon(category?.icon)}</span> {categoryName(donation.categoryId)}
            </span>
            <time className="muted detail__date" dateTime={donation.createdAt} data-testid="donation-date">
              {t('donations.detail.published', { when: formatRelativeTime(donation.createdAt, t, i18n.language) })}
            </time>
          </div>

          <h1 className="detail__title" data-testid="donation-title">
            {donation.title}
          </h1>
          <p className="detail__description" data-testid="donation-description">
            {donation.description}
          </p>

          <div className="row detail__place">
            <span data-testid="donation-city">
              <span aria-hidden="true">📍</span> {cityLabel(donation.city)}
            </span>
            {distance !== undefined && (
              <span className="muted" dir="ltr" data-testid="donation-distance">
                {t('donations.card.distance', { value: distance })}
              </span>
            )}
            <Button variant="ghost" size="sm" onClick={() => setMapOpen(true)} data-testid="show-map">
              <span aria-hidden="true">🗺️</span> {t('donations.map.show')}
            </Button>
          </div>

          <div className="detail__owner" data-testid="donation-owner">
            <span className="avatar" aria-hidden="true">
              {nameInitials(donation.owner.displayName)}
            </span>
            <div>
              <p className="muted detail__owner-label">{t('donations.detail.givenBy')}</p>
              <p className="detail__owner-name" data-testid="donation-owner-name">
                {donation.owner.displayName}
              </p>
            </div>
          </div>

          <StatusMessage donation={donation} user={user ?? null} />

          {!userPending && (isOwner ? <OwnerActions donation={donation} /> : <VisitorActions donation={donation} user={user ?? null} />)}
        </div>
      </div>
      <MapDialog
        open={mapOpen}
        onClose={() => setMapOpen(false)}
        city={cityLabel(donation.city)}
        latitude={donation.latitude}
        longitude={donation.longitude}
      />
    </div>
  );
}

function StatusMessage({ donation, user }: { donation: Donation; user: User | null }) {
  const { t } = useTranslation();
  let key: string | null = null;
  if (donation.status === 'reserved') {
    if (user && donation.reservedById === user.id) key = 'donations.detail.reservedByYou';
    else if (user && donation.userId === user.id) key = 'donations.detail.reservedOwner';
    else key = 'donations.detail.reservedByOther';
  } else if (donation.status === 'completed') key = 'donations.detail.completed';
  else if (donation.status === 'cancelled') key = 'donations.detail.cancelled';
  if (!key) return null;
  return (
    <p className={`detail__status detail__status--${donation.status}`} role="status" data-testid="donation-status-message">
      {t(key)}
    </p>
  );
}

/** Signed-in non-owners: reserve (coming soon), favourite, report. Visitors: favourite (sign-in toast). */
function VisitorActions({ donation, user }: { donation: Donation; user: User | null }) {
  const { t } = useTranslation();
  const [reportOpen, setReportOpen] = useState(false);
  return (
    <div className="stack detail__actions">
      {user && donation.status === 'available' && (
        <div className="detail__reserve">
          <Button size="lg" className="btn--block" disabled aria-describedby="reserve-note" data-testid="reserve-button">
            {t('donations.detail.reserve')}
          </Button>
          <p id="reserve-note" className="muted detail__note" data-testid="reserve-note">
            {t('donations.detail.reserveSoon')}
          </p>
        </div>
      )}
      <div className="row">
        <FavoriteButton donationId={donation.id} variant="full" />
        {user && (
          <Button variant="ghost" size="sm" onClick={() => setReportOpen(true)} data-testid="report-button">
            <span aria-hidden="true">🚩</span> {t('donations.report.open')}
          </Button>
        )}
      </div>
      {!user && donation.status === 'available' && (
        <p className="muted detail__note">
          <Link to="/login" data-testid="detail-login-link">
            {t('donations.detail.loginToReserve')}
          </Link>
        </p>
      )}
      {user && <ReportDialog donationId={donation.id} open={reportOpen} onClose={() => setReportOpen(false)} />}
    </div>
  );
}

/** Owners: Modifier, and Supprimer while the donation is still available (spec §2, design §3). */
function OwnerActions({ donation }: { donation: Donation }) {
  const { t } = useTranslation();
  const { toast } = useToast();
  const navigate = useNavigate();
  const remove = useDeleteDonation();
  const [confirmOpen, setConfirmOpen] = useState(false);

  function confirmDelete() {
    remove.mutate(donation.id, {
      onSuccess: () => {
        setConfirmOpen(false);
        toast({ title: t('donations.delete.success'), variant: 'success' });
        navigate('/donations');
      },
      onError: (error) => {
        setConfirmOpen(false);
        toast({ title: t('common.error'), description: errorMessage(error, t, 'donations.delete.error'), variant: 'error' });
      },
    });
  }

  return (
    <div className="stack detail__actions">
      <p className="muted detail__note" data-testid="owner-note">
        {t('donations.detail.ownerNote')}
      </p>
      <div className="row">
        <Link to={`/edit-donation/${donation.id}`} className={buttonClass('outline')} data-testid="edit-donation">
          <span aria-hidden="true">✏️</span> {t('donations.detail.edit')}
        </Link>
        {donation.status === 'available' && (
          <Button variant="danger" onClick={() => setConfirmOpen(true)} data-testid="delete-donation">
            <span aria-hidden="true">🗑️</span> {t('donations.delete.open')}
          </Button>
        )}
      </div>
      <ConfirmDialog
        open={confirmOpen}
        onClose={() => setConfirmOpen(false)}
        onConfirm={confirmDelete}
        title={t('donations.delete.title')}
        text={t('donations.delete.text')}
        confirmLabel={t('donations.delete.confirm')}
        loading={remove.isPending}
        testId="delete-dialog"
      />
    </div>
  );
}

function DetailSkeleton() {
  const { t } = useTranslation();
  return (
    <div className="container page" aria-busy="true" aria-label={t('common.loading')} data-testid="donation-loading">
      <div className="detail-layout">
        <span className="skeleton detail-layout__media detail-skeleton__media" />
        <div className="card stack detail-layout__info">
          <span className="skeleton skeleton--line skeleton--short" />
          <span className="skeleton skeleton--title" />
          <span className="skeleton skeleton--line skeleton--wide" />
          <span className="skeleton skeleton--line skeleton--wide" />
          <span className="skeleton skeleton--line" />
        </div>
      </div>
    </div>
  );
}
