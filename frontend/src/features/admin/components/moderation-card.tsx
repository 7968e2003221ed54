import { useTranslation } from 'react-i18next';
import { Link } from '@/components/link';
import { DonationImage } from '@/components/donation-image';
import { DonationStatusBadge } from '@/components/donation-status-badge';
import { Button, buttonClass } from '@/components/ui/button';
import { donationHref, type ModerationDonation } from '@/lib/donations';
import { formatDateTime } from '@/lib/relative-time';
import { Flag } from 'lucide-react';
import { pointsText } from '@/lib/points-text';
import { OpenReports } from './open-reports';

export interface ModerationCardProps {
  donation: ModerationDonation;
  /** asks the page to confirm and delete (the card leaves the list once deleted) */
  onDelete: (donation: ModerationDonation) => void;
  /** asks the page to dismiss the open reports: the donation stays online */
  onDismiss: (donation: ModerationDonation) => void;
  /** this card's reports are being dismissed */
  dismissing: boolean;
}

/** One donation as moderators see it (docs/product.md#moderation): everything needed to decide, and delete. */
export function ModerationCard({ donation, onDelete, onDismiss, dismissing }: ModerationCardProps) {
  const { t, i18n } = useTranslation();
  const reasons = [...new Set(donation.reportReasons)];

  return (
    <article
      className={donation.reportCount > 0 ? 'card moderation-card moderation-card--reported' : 'card moderation-card'}
      data-testid="moderation-card"
      data-donation-id={donation.id}
      data-report-count={donation.reportCount}
    >
      <DonationImage className="moderation-card__image" src={donation.thumbnailUrl || donation.imageUrl} alt="" loading="lazy" />
      <div className="moderation-card__body">
        <div className="row">
          <DonationStatusBadge status={donation.status} />
          {donation.reportCount > 0 && (
            <span className="badge moderation-card__reports" data-testid="moderation-report-count">
              <Flag className="icon" aria-hidden="true" /> {t('admin.reports', { count: donation.reportCount })}
            </span>
          )}
        </div>
        <h2 className="moderation-card__title" dir="auto">
          {donation.title}
        </h2>
        <p className="moderation-card__description" dir="auto">
          {donation.description}
        </p>
        {reasons.length > 0 && (
          <p className="moderation-card__reasons" data-testid="moderation-report-reasons">
            <strong>{t('admin.reasons')}</strong> {reasons.map((reason) => t(`donations.report.reasons.${reason}`)).join(', ')}
          </p>
        )}
        {donation.reports.length > 0 && <OpenReports reports={donation.reports} />}
        <dl className="moderation-card__facts">
          <div>
            <dt>{t('admin.id')}</dt>
            <dd data-testid="moderation-id">
              <bdi>#{donation.id}</bdi>
            </dd>
          </div>
          <div>
            <dt>{t('admin.createdAt')}</dt>
            <dd>
              <time dateTime={donation.createdAt}>{formatDateTime(donation.createdAt, i18n.language)}</time>
            </dd>
          </div>
          <div>
            <dt>{t('admin.owner')}</dt>
            <dd data-testid="moderation-owner-email">
              <bdi>{donation.ownerEmail ?? '—'}</bdi>
            </dd>
          </div>
          <div>
            <dt>{t('admin.city')}</dt>
            <dd>
              <bdi>{donation.city}</bdi>
            </dd>
          </div>
          <div>
            <dt>{t('admin.points')}</dt>
            <dd>{pointsText(t, donation.pointsValue)}</dd>
          </div>
        </dl>
        <div className="row">
          <Link to={donationHref(donation.id)} className={buttonClass('outline', 'sm')} data-testid="moderation-view">
            {t('admin.view')}
          </Link>
          {donation.reportCount > 0 && (
            <Button variant="outline" size="sm" onClick={() => onDismiss(donation)} loading={dismissing} data-testid="moderation-dismiss">
              {t('admin.dismiss')}
            </Button>
          )}
          <Button variant="danger" size="sm" onClick={() => onDelete(donation)} data-testid="moderation-delete">
            {t('admin.delete')}
          </Button>
        </div>
      </div>
    </article>
  );
}
