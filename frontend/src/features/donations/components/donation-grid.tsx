import { useMemo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useUser } from '@/lib/auth';
import { useDataSaver } from '@/lib/data-saver';
import type { Donation } from '@/lib/donations';
import { useCityLabel } from '../api/get-cities';
import { DonationCard, DonationCardSkeleton, type CardViewer } from './donation-card';
import './donations.css';

export interface DonationGridProps<T extends Donation = Donation> {
  donations: readonly T[] | undefined;
  /** skeleton cards shown while `loading` (docs/product.md#timing-in-the-web-app: 4 on home, 6 on search) */
  skeletons?: number;
  loading?: boolean;
  hideDistance?: boolean;
  testId?: string;
  /** extra lines at the bottom of each card */
  renderFooter?: (donation: T) => ReactNode;
}

/** 1, 2 or 3 columns by width (docs/product.md#browse). */
export function DonationGrid<T extends Donation = Donation>({
  donations,
  skeletons = 6,
  loading = false,
  hideDistance,
  testId = 'donation-grid',
  renderFooter,
}: DonationGridProps<T>) {
  const { t, i18n } = useTranslation();
  const memberId = useUser().data?.id ?? null;
  const cityLabel = useCityLabel();
  const saveData = useDataSaver();
  const language = i18n.language;
  const viewer = useMemo<CardViewer>(() => ({ t, language, cityLabel, memberId, saveData }), [t, language, cityLabel, memberId, saveData]);
  if (loading) {
    return (
      <ul className="donation-grid" aria-busy="true" aria-label={t('common.loading')} data-testid={`${testId}-loading`}>
        {Array.from({ length: skeletons }, (_, index) => (
          <li key={index}>
            <DonationCardSkeleton />
          </li>
        ))}
      </ul>
    );
  }
  return (
    <ul className="donation-grid" data-testid={testId}>
      {donations?.map((donation, index) => (
        <li key={donation.id}>
          <DonationCard donation={donation} viewer={viewer} hideDistance={hideDistance} first={index === 0} footer={renderFooter?.(donation)} />
        </li>
      ))}
    </ul>
  );
}
