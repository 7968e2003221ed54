import { memo, useRef, type ReactNode } from 'react';
import type { TFunction } from 'i18next';
import { Link } from '@/components/link';
import { DonationImage } from '@/components/donation-image';
import { CARD_PHOTO_SIZES, cardPhotoSrcSet } from '@/components/photo-srcset';
import { DonationStatusBadge } from '@/components/donation-status-badge';
import { nameInitials } from '@/lib/auth';
import { useSeen } from '@/lib/use-seen';
import { donationHref, type Donation } from '@/lib/donations';
import { formatKm } from '@/lib/number-format';
import { formatRelativeTime } from '@/lib/relative-time';
import { FavoriteButton } from './favorite-button';
import { MapPin } from 'lucide-react';
import { MemberName, memberNameOf } from '@/components/member-name';

/** How far below (and above) the screen a card's photo is asked for: a quarter of a screen. */
const NEAR_SCREEN = '25% 0px';

/**
 * What every card of a list shares, hooked once by the list (DonationGrid) rather than once per
 * card: a first render of 24 cards spent most of its time in per-card hooks (issue 44).
 */
export interface CardViewer {
  t: TFunction;
  language: string;
  cityLabel: (name: string) => string;
  /** the signed-in member's id, null for a visitor */
  memberId: string | null;
  saveData: boolean;
}

export interface DonationCardProps {
  donation: Donation;
  viewer: CardViewer;
  /** lists without a position (recent donations) hide the distance and the city (docs/product.md#home) */
  hideDistance?: boolean;
  /** the list's first card: its photo, the one a member waits for, is asked for at once and first */
  first?: boolean;
  /** extra lines at the bottom of the card (e.g. a reservation's state and time left) */
  footer?: ReactNode;
}

/**
 * The whole card opens the donation (the title link is stretched over it); the heart sits above
 * that link so it stays its own button. Visitors and owners get no heart (docs/product.md#home, #members-and-roles).
 */
export const DonationCard = memo(function DonationCard({ donation, viewer, hideDistance = false, first = false, footer }: DonationCardProps) {
  const { t, language, cityLabel, memberId, saveData } = viewer;
  const canFavorite = memberId !== null && memberId !== donation.userId;
  // Photos are asked for as a card nears the screen; with the data saver, the thumbnail alone,
  // once the card is on screen.
  const media = useRef<HTMLDivElement>(null);
  const seen = useSeen(media, saveData ? '0px' : NEAR_SCREEN) || first;

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
          srcSet={seen && !saveData ? cardPhotoSrcSet(donation) : undefined}
          sizes={CARD_PHOTO_SIZES}
          alt=""
          loading={first ? undefined : 'lazy'}
          fetchPriority={first ? 'high' : undefined}
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
              {t('donations.card.distance', { value: formatKm(donation.distance, language) })}
            </span>
          )}
          <time dateTime={donation.createdAt} data-testid="donation-card-date">
            {formatRelativeTime(donation.createdAt, t, language)}
          </time>
        </p>
        <div className="donation-card__owner">
          <span className="avatar avatar--xs" aria-hidden="true">
            {nameInitials(memberNameOf(donation.owner, t))}
          </span>
          <MemberName member={donation.owner} testId="donation-card-owner" />
        </div>
        {footer && <div className="donation-card__footer">{footer}</div>}
      </div>
    </article>
  );
});

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
