import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { Donation } from '@/lib/donations';
import '@/lib/share-texts';
import { ShareButtons } from './share-buttons';

/**
 * The top of a donation's page right after its donor published it: it is online, and "Partager
 * sur WhatsApp" at hand (docs/product.md#sharing). Focused, so a screen reader says so first.
 */
export function PublishedBanner({ donation, city }: { donation: Donation; city: string }) {
  const { t } = useTranslation();
  const ref = useRef<HTMLElement>(null);
  useEffect(() => ref.current?.focus(), []);
  return (
    <section ref={ref} tabIndex={-1} className="card stack published-banner" aria-labelledby="published-title" data-testid="published-banner">
      <h2 id="published-title">{t('share.published.title')}</h2>
      <p className="muted">{t('share.published.text')}</p>
      <ShareButtons donation={donation} city={city} />
    </section>
  );
}
