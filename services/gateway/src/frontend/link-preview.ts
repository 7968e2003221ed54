import { findCity, parseSerialId, Rpc, type DonationView } from '@hdiya/contracts';
import type { ServiceClient } from '../rpc/service-client.js';
import type { PageFacts } from './first-screen.js';
import { escapeHtml } from './html-text.js';

/** A donation's page in the web app: the address members share. */
const DONATION_PAGE = /^\/donations\/([^/]+)\/?$/;
/** A crawler fetching a preview waits little: an answer without the item's tags beats none. */
const PREVIEW_TIMEOUT_MS = 1500;
const ARABIC = /[\u0600-\u06FF]/;

/** The tags WhatsApp, Facebook and X read (Open Graph, Twitter card), each value escaped. */
function tags(preview: { title: string; description: string; url: string; locale: string; image: string | null }): string {
  const meta = (attribute: 'property' | 'name', key: string, value: string) => `<meta ${attribute}="${key}" content="${escapeHtml(value)}" />`;
  return [
    meta('property', 'og:site_name', 'Hdiya'),
    meta('property', 'og:type', 'website'),
    meta('property', 'og:title', preview.title),
    meta('property', 'og:description', preview.description),
    meta('property', 'og:url', preview.url),
    meta('property', 'og:locale', preview.locale),
    ...(preview.image ? [meta('property', 'og:image', preview.image), meta('name', 'twitter:image', preview.image)] : []),
    meta('name', 'twitter:card', preview.image ? 'summary_large_image' : 'summary'),
    meta('name', 'twitter:title', preview.title),
    meta('name', 'twitter:description', preview.description),
  ].join('\n    ');
}

/** The neutral preview of an item that is gone or hidden: no photo, nothing of the item. */
const neutral = (url: string) =>
  tags({ title: 'Hdiya — des dons entre voisins', description: 'Donnez et recevez gratuitement des objets près de chez vous, partout au Maroc.', url, locale: 'fr_FR', image: null });

/**
 * The link preview of a donation's page (issue 24): its title, city and photo in the language its
 * donor wrote it in (Arabic script: Arabic, else French), so a link shared on WhatsApp shows the
 * item. `origin` is the public address the photo's and the page's URLs start with. The same
 * reading gives the page's first screen its title and photo (`first-screen.ts`). Anything but a
 * donation's page: null (the page is served as it is).
 */
export function linkPreview(services: ServiceClient, origin: string) {
  return async (path: string): Promise<PageFacts | null> => {
    const match = DONATION_PAGE.exec(path);
    if (!match) return null;
    const url = `${origin}${path}`;
    const id = parseSerialId(match[1]!);
    if (id === null) return { head: neutral(url) };
    let donation: DonationView;
    try {
      donation = await services.call(Rpc.donations.get, { donationId: id }, PREVIEW_TIMEOUT_MS);
    } catch {
      return { head: neutral(url) };
    }
    if (donation.status === 'cancelled') return { head: neutral(url) };
    const arabic = ARABIC.test(donation.title);
    const city = arabic ? (findCity(donation.city)?.nameAr ?? donation.city) : donation.city;
    const head = tags({
      title: `${donation.title} — ${city}`,
      description: arabic ? `هدية مجانية في ${city} على هدية: اطلبها قبل أن تذهب.` : `À donner gratuitement à ${city} sur Hdiya : demandez-le avant qu’il ne parte.`,
      url,
      locale: arabic ? 'ar_MA' : 'fr_FR',
      image: `${origin}${donation.imageUrl}`,
    });
    return { head, donation: { title: donation.title, photo: donation.imageUrl } };
  };
}
