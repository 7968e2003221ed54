import { useTranslation } from 'react-i18next';
import { MessageCircle, Share2 } from 'lucide-react';
import { Button, buttonClass } from '@/components/ui/button';
import type { Donation } from '@/lib/donations';
import '@/lib/share-texts';

/** The message a share carries: the title, the city and the page's address (whose link preview shows the photo). */
export function shareMessage(text: string, url: string): string {
  return `${text}\n${url}`;
}

/** The wa.me link that opens WhatsApp with the message ready to send to anyone. */
export function whatsappLink(message: string): string {
  return `https://wa.me/?text=${encodeURIComponent(message)}`;
}

/**
 * "Partager sur WhatsApp" on every donation page (most members here live on WhatsApp), and the
 * device's own share sheet where the browser has one (docs/product.md#sharing).
 */
export function ShareButtons({ donation, city }: { donation: Donation; city: string }) {
  const { t } = useTranslation();
  const url = `${window.location.origin}/donations/${donation.id}`;
  const text = t('share.text', { title: donation.title, city });
  const canShare = typeof navigator.share === 'function';
  return (
    <div className="row" data-testid="share-buttons">
      <a className={buttonClass('outline', 'sm')} href={whatsappLink(shareMessage(text, url))} target="_blank" rel="noopener noreferrer" data-testid="share-whatsapp">
        <MessageCircle className="icon" aria-hidden="true" /> {t('share.whatsapp')}
      </a>
      {canShare && (
        <Button variant="ghost" size="sm" onClick={() => void navigator.share({ title: donation.title, text, url }).catch(() => undefined)} data-testid="share-native">
          <Share2 className="icon" aria-hidden="true" /> {t('share.other')}
        </Button>
      )}
    </div>
  );
}
