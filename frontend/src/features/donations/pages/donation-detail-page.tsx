import { Suspense, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useParams } from 'react-router-dom';
import { Link } from '@/components/link';
import { CategoryIcon } from '@/components/category-icon';
import { DonationStatusBadge } from '@/components/donation-status-badge';
import { MemberLevelNote } from '@/components/member-level-note';
import { MemberName, memberNameOf } from '@/components/member-name';
import { ReplyTimeNote } from '@/components/reply-time-note';
import { Button, LinkButton } from '@/components/ui/button';
import { lazyNamed } from '@/lib/lazy-named';
import { EmptyState, ErrorState } from '@/components/ui/states';
import { isApiError } from '@/lib/api-client';
import { errorMessage } from '@/lib/errors';
import { nameInitials, useUser, type User } from '@/lib/auth';
import { detailActions, META_DESCRIPTION_LENGTH, type DetailActions, type Donation } from '@/lib/donations';
import { distanceKm, useLocationState } from '@/lib/location';
import { formatKm } from '@/lib/number-format';
import { formatRelativeTime } from '@/lib/relative-time';
import { excerpt, useMetaDescription, usePageTitle } from '@/lib/use-page-title';
import { useCategories, useCategoryName } from '../api/get-categories';
import { useCityLabel } from '../api/get-cities';
import { useDonation } from '../api/get-donation';
import { useWaitlist } from '../api/waitlist';
import { FavoriteButton } from '../components/favorite-button';
import { MapDialog } from '../components/map-dialog';
import { CancelReservationButton, ConfirmReceptionButton, ReservationDeadline, ReserveButton } from '../components/reservation-actions';
import { RequestWindowPanel } from '../components/request-window-panel';
import { MemberRatingComments } from '../components/member-rating-comments';
import { PublishedBanner } from '../components/published-banner';
import { ShareButtons } from '../components/share-buttons';
import { PhotoGallery } from '../components/photo-gallery';
import { photosOf } from '../lib/photos';
import '../components/donations.css';

// What only some members see comes with them: the owner's tools, the reserver's and the waiting
// list's panels, a gift's rating and dispute, the report forms (the donation's once opened). A visitor's first
// download leaves them (and the form schemas they bring) out (issue 44).
const OwnerActions = lazyNamed(() => import('../components/owner-actions'), 'OwnerActions');
const HandoverCode = lazyNamed(() => import('../components/handover-panel'), 'HandoverCode');
const WaitlistPanel = lazyNamed(() => import('../components/waitlist-panel'), 'WaitlistPanel');
const RatingPanel = lazyNamed(() => import('../components/rating-panel'), 'RatingPanel');
const ReceptionDispute = lazyNamed(() => import('../components/reception-dispute'), 'ReceptionDispute');
const ReportDialog = lazyNamed(() => import('../components/report-dialog'), 'ReportDialog');
const MemberReportButton = lazyNamed(() => import('@/components/member-report-button'), 'MemberReportButton');
import { Flag, Gift, Map as MapIcon, MapPin } from 'lucide-react';

/** The message form for non-owners, given by the app (features do not import each other). */
export type ContactSlot = (donation: Donation) => ReactNode;

/** /donations/:id (docs/product.md#donation-detail): the donation, and reserve / confirm / cancel by who is looking (docs/product.md#reservations). */
export function DonationDetailPage({ contact }: { contact?: ContactSlot }) {
  const { t } = useTranslation();
  const { id } = useParams();
  const donationId = /^\d+$/.test(id ?? '') ? Number(id) : NaN;
  const donation = useDonation(donationId);
  const notFound = Number.isNaN(donationId) || (isApiError(donation.error) && donation.error.status === 404);

  usePageTitle(donation.data?.title ?? (notFound ? t('donations.detail.notFound') : undefined));
  useMetaDescription(donation.data ? excerpt(donation.data.description, META_DESCRIPTION_LENGTH) : undefined);

  if (notFound) {
    return (
      <div className="container page" data-testid="donation-not-found">
        <EmptyState Icon={Gift} heading="h1" title={t('donations.detail.notFound')}>
          <LinkButton to="/donations" data-testid="back-to-donations">
            {t('donations.detail.back')}
          </LinkButton>
        </EmptyState>
      </div>
    );
  }
  if (donation.isError) {
    return (
      <div className="container page">
        <ErrorState message={errorMessage(donation.error, t, 'donations.detail.error')} onRetry={donation.refetch} testId="donation-error" />
      </div>
    );
  }
  if (!donation.data) return <DetailSkeleton />;
  return <DonationDetail donation={donation.data} contact={contact} />;
}

function DonationDetail({ donation, contact }: { donation: Donation; contact?: ContactSlot }) {
  const { t, i18n } = useTranslation();
  const { data: user, isPending: userPending } = useUser();
  const location = useLocationState();
  const categories = useCategories();
  const categoryName = useCategoryName();
  const cityLabel = useCityLabel();
  const [mapOpen, setMapOpen] = useState(false);
  // Just published (the publish form comes here with this state): the share buttons first.
  const published = (useLocation().state as { published?: boolean } | null)?.published === true && donation.status === 'available';
  const actions = detailActions(donation, user?.id);
  const ownerDeleted = donation.owner.deleted === true;
  const category = categories.find((entry) => entry.id === donation.categoryId);
  const distance = location.position
    ? distanceKm(location.position, { lat: donation.latitude, lng: donation.longitude })
    : undefined;

  return (
    <div className="container page" data-testid="donation-detail" data-donation-id={donation.id} data-status={donation.status}>
      <Link to="/donations" className="back-link">
        {t('donations.detail.back')}
      </Link>
      {published && <PublishedBanner donation={donation} city={cityLabel(donation.city)} />}
      <div className="split-layout detail-layout">
        <div className="detail-layout__media">
          <PhotoGallery photos={photosOf(donation)} title={donation.title} />
        </div>

        <div className="card stack detail-layout__info">
          <div className="row">
            <DonationStatusBadge status={donation.status} />
            <span className="badge" data-testid="donation-category" data-category-id={donation.categoryId}>
              <CategoryIcon name={category?.icon} /> {categoryName(donation.categoryId)}
            </span>
            <time className="muted detail__date" dateTime={donation.createdAt} data-testid="donation-date">
              {t('donations.detail.published', { when: formatRelativeTime(donation.createdAt, t, i18n.language) })}
            </time>
          </div>

          <h1 className="detail__title" dir="auto" data-testid="donation-title">
            {donation.title}
          </h1>
          <p className="detail__description" dir="auto" data-testid="donation-description">
            {donation.description}
          </p>

          <div className="row detail__place">
            <span data-testid="donation-city">
              <MapPin className="icon" aria-hidden="true" /> {cityLabel(donation.city)}
            </span>
            {distance !== undefined && (
              <span className="muted" dir="ltr" data-testid="donation-distance">
                {t('donations.card.distance', { value: formatKm(distance, i18n.language) })}
              </span>
            )}
            <Button variant="ghost" size="sm" onClick={() => setMapOpen(true)} data-testid="show-map">
              <MapIcon className="icon" aria-hidden="true" /> {t('donations.map.show')}
            </Button>
          </div>
          {donation.status !== 'cancelled' && !published && <ShareButtons donation={donation} city={cityLabel(donation.city)} />}

          <div className="detail__owner" data-testid="donation-owner">
            <span className="avatar" aria-hidden="true">
              {nameInitials(memberNameOf(donation.owner, t))}
            </span>
            <div>
              <p className="muted detail__owner-label">{t('donations.detail.givenBy')}</p>
              <p className="detail__owner-name" data-testid="donation-owner-name">
                <MemberName member={donation.owner} />
              </p>
              {/* A deleted donor has no profile: nothing asks for it or leads to it. */}
              {!ownerDeleted && (
                <>
                  <ReplyTimeNote memberId={donation.owner.id} className="detail__owner-reply" testId="owner-reply-time" />
                  <MemberLevelNote memberId={donation.owner.id} className="detail__owner-reply" testId="owner-level" />
                </>
              )}
              {user && user.id !== donation.owner.id && !ownerDeleted && (
                <Suspense fallback={null}>
                  <MemberReportButton memberId={donation.owner.id} testId="owner-report-button" />
                </Suspense>
              )}
            </div>
          </div>

          <StatusMessage donation={donation} actions={actions} />
          {donation.status === 'completed' && user && (
            <Suspense fallback={null}>
              <ReceptionDispute donation={donation} />
              <RatingPanel donation={donation} />
            </Suspense>
          )}

          {!userPending &&
            (actions.role === 'owner' ? (
              <Suspense fallback={null}>
                <OwnerActions donation={donation} actions={actions} />
              </Suspense>
            ) : (
              <>
                <MemberActions donation={donation} user={user ?? null} actions={actions} />
                {!ownerDeleted && contact?.(donation)}
              </>
            ))}
          {!ownerDeleted && <MemberRatingComments memberId={donation.owner.id} />}
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

/** The status line: reserved by you (with the time left) / by someone else / yours and reserved; done; withdrawn. */
function StatusMessage({ donation, actions }: { donation: Donation; actions: DetailActions }) {
  const { t } = useTranslation();
  // To the member it is offered to, a reserved item is not "someone else's": it is their turn.
  const line = useWaitlist(donation.id, actions.message === 'reservedByOther' && actions.role === 'member').data;
  if (line?.me?.state === 'offered') return null;
  if (!actions.message) return null;
  return (
    <div className={`detail__status detail__status--${donation.status}`} role="status" data-testid="donation-status-box">
      <p className="detail__status-text" data-testid="donation-status-message" data-message={actions.message}>
        {t(`donations.detail.${actions.message}`)}
      </p>
      {actions.message === 'reservedByYou' && <ReservationDeadline donation={donation} by="reserver" />}
      {actions.message === 'reservedOwner' && <ReservationDeadline donation={donation} by="owner" />}
    </div>
  );
}

/**
 * Everyone but the donor: reserve (visitors are asked to sign in), or confirm and cancel their own
 * reservation; favourite; report (members).
 */
function MemberActions({ donation, user, actions }: { donation: Donation; user: User | null; actions: DetailActions }) {
  const { t } = useTranslation();
  const [reportOpen, setReportOpen] = useState(false);
  // The form is fetched when first opened, then kept (its dialog closes, it is not unmounted).
  const [reportWanted, setReportWanted] = useState(false);
  return (
    <div className="stack detail__actions">
      {actions.reserve && <ReserveButton donation={donation} user={user} />}
      {(actions.confirm || actions.cancel) && (
        <div className="detail__reservation-actions" data-testid="reserver-actions">
          {actions.confirm && <ConfirmReceptionButton donation={donation} />}
          {actions.cancel && <CancelReservationButton donation={donation} by="reserver" />}
        </div>
      )}
      <Suspense fallback={null}>
        {actions.role === 'reserver' && <HandoverCode donation={donation} />}
        {actions.role === 'member' && donation.status === 'reserved' && <WaitlistPanel donation={donation} />}
      </Suspense>
      {actions.ask && <RequestWindowPanel donation={donation} user={user} />}
      <div className="row">
        {actions.favorite && <FavoriteButton donationId={donation.id} variant="full" />}
        {actions.report && (
          <Button
            variant="ghost"
            size="sm"
            onClick={() => {
              setReportWanted(true);
              setReportOpen(true);
            }}
            onPointerEnter={() => void ReportDialog.preload()}
            data-testid="report-button"
          >
            <Flag className="icon" aria-hidden="true" /> {t('donations.report.open')}
          </Button>
        )}
      </div>
      {actions.report && reportWanted && (
        <Suspense fallback={null}>
          <ReportDialog donationId={donation.id} open={reportOpen} onClose={() => setReportOpen(false)} />
        </Suspense>
      )}
    </div>
  );
}

function DetailSkeleton() {
  const { t } = useTranslation();
  return (
    <div className="container page" aria-busy="true" aria-label={t('common.loading')} data-testid="donation-loading">
      {/* As on the page itself, so nothing moves when the donation comes. */}
      <Link to="/donations" className="back-link">
        {t('donations.detail.back')}
      </Link>
      <div className="split-layout detail-layout">
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
