import { useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { DonationImage } from '@/components/donation-image';
import { CARD_PHOTO_SIZES, cardPhotoSrcSet } from '@/components/photo-srcset';
import { DonationStatusBadge } from '@/components/donation-status-badge';
import { nameInitials, useUser } from '@/lib/auth';
import { useDataSaver } from '@/lib/data-saver';
import { useSeen } from '@/lib/use-seen';
import { donationHref, type Donation } from '@/lib/donations';
import { formatKm } from '@/lib/number-format';
import { formatRelativeTime } from '@/lib/relative-time';
import { useCityLabel } from '../api/get-cities';
import { FavoriteButton } from './favorite-button';
import { MapPin } from 'lucide-react';

export interface DonationCardProps {
  donation: Donation;
  /** lists without a position (recent donations) hide the distance and the city (docs/product.md#home) */
  hideDistance?: boolean;
  /** extra lines at the bottom of the card (e.g. a reservation's state and time left) */
  footer?: ReactNode;
}

/**
 * The whole card opens the donation (the title link is stretched over it); the heart sits above
 * that link so it stays its own button. Visitors and owners get no heart (docs/product.md#home, #members-and-roles).
 */
export function DonationCard({ donation, hideDistance = false, footer }: DonationCardProps) {
  const { t, i18n } = useTranslation();
  const { data: user } = useUser();
  const cityLabel = useCityLabel();
  const canFavorite = Boolean(user) && user?.id !== donation.userId;
  // The data saver: the thumbnail alone, asked for once the card is on screen.
  const saveData = useDataSaver();
  const media = useRef<HTMLDivElement>(null);
  const seen = useSeen(media, saveData);

  return (
    <article
      className="donation-card"
      data-testid="donation-card"
      data-donation-id={donation.id}
      data-status={donation.status}
    >
      <div className="donation-card__media" ref={media}>
        <DonationImage
          src={seen ? donation.thumbnailUrl || donation.imageUrl : undefined}
          srcSet={saveData ? undefined : cardPhotoSrcSet(donation)}
          sizes={CARD_PHOTO_SIZES}
          alt=""
          loading="lazy"
          decoding="async"
        />
        <DonationStatusBadge status={donation.status} className="donation-card__status" />
        {canFavorite && (
          <div className="donation-card__favorite">
            <FavoriteButton donationId={donation.id} />
          </div>
        )}
      </div>
      <div className="donation-card__body">
        <h3 className="donation-card__title" dir="auto">
          <Link to={donationHref(donation.id)} className="donation-card__link" data-testid="donation-card-link">
            {donation.title}
          </Link>
        </h3>
        <p className="donation-card__description" dir="auto">
          {donation.description}
        </p>
        <p className="donation-card__meta">
          {!hideDistance && (
            <span data-testid="donation-card-city">
              <MapPin className="icon" aria-hidden="true" /> {cityLabel(donation.city)}
            </span>
          )}
          {!hideDistance && donation.distance !== undefined && (
            <span data-testid="donation-card-distance" dir="ltr">
              {t('donations.card.distance', { value: formatKm(donation.distance, i18n.language) })}
            </span>
          )}
          <time dateTime={donation.createdAt} data-testid="donation-card-date">
            {formatRelativeTime(donation.createdAt, t, i18n.language)}
          </time>
        </p>
        <div className="donation-card__owner">
          <span className="avatar avatar--xs" aria-hidden="true">
            {nameInitials(donation.owner.displayName)}
          </span>
          <bdi dir="auto" data-testid="donation-card-owner">{donation.owner.displayName}</bdi>
        </div>
        {footer && <div className="donation-card__footer">{footer}</div>}
      </div>
    </article>
  );
}

export function DonationCardSkeleton() {
  return (
    <div className="donation-card donation-card--skeleton" aria-hidden="true" data-testid="donation-card-skeleton">
      <span className="skeleton donation-card__media" />
      <div className="donation-card__body">
        <span className="skeleton skeleton--line skeleton--wide" />
        <span className="skeleton skeleton--line" />
        <span className="skeleton skeleton--line skeleton--short" />
      </div>
    </div>
  );
}
