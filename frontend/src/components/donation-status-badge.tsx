import { useTranslation } from 'react-i18next';
import type { DonationStatus } from '@/lib/donations';
import './donation-status-badge.css';

/** Disponible / Réservé / Complété / Annulé, coloured by status (available stands out). */
export function DonationStatusBadge({ status, className }: { status: DonationStatus; className?: string }) {
  const { t } = useTranslation();
  return (
    <span
      className={['badge', 'status-badge', `status-badge--${status}`, className].filter(Boolean).join(' ')}
      data-testid="donation-status"
      data-status={status}
    >
      {t(`donations.status.${status}`)}
    </span>
  );
}
