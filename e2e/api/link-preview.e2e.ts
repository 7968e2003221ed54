import { testEnv } from '@hdiya/testing';
import { signedUpMember } from '../support/api-client.js';
import { dataUrl, jpegWithGps } from '../support/images.js';
import { publish } from '../support/members.js';

// A donation's page as WhatsApp or Facebook fetch it to draw a link preview (docs/product.md#sharing):
// plain HTML, no JavaScript run, with Open Graph and Twitter card tags in the head: the title and
// city in the donation's language, its photo's public address, the site's name. An item that is
// gone gives a neutral preview without a photo.

const base = testEnv().gatewayUrl;

/** The page as a crawler gets it, and its meta tags by property or name. */
async function crawl(path: string) {
  const res = await fetch(`${base}${path}`, { headers: { 'User-Agent': 'WhatsApp/2.23.20.0 A' } });
  const html = await res.text();
  const tags = new Map<string, string>();
  for (const [, key, value] of html.matchAll(/<meta (?:property|name)="([^"]+)" content="([^"]*)" \/>/g)) tags.set(key!, value!);
  return { status: res.status, type: res.headers.get('content-type'), html, tags };
}

it('should answer a donation’s page with its title, city, photo and the site’s name, in French', async () => {
  const donor = await signedUpMember();
  const donation = await publish(donor.client, 'Lampe de chevet "vintage"');
  const page = await crawl(`/donations/${donation.id}`);
  expect(page).toMatchObject({ status: 200, type: expect.stringContaining('text/html') });
  expect(page.html).toContain('<h1 class="detail__title" dir="auto">Lampe de chevet &quot;vintage&quot;</h1>');
  expect(page.tags.get('og:title')).toBe('Lampe de chevet &quot;vintage&quot; — Kénitra');
  expect(page.tags.get('og:site_name')).toBe('Hdiya');
  expect(page.tags.get('og:locale')).toBe('fr_FR');
  expect(page.tags.get('og:description')).toContain('À donner gratuitement à Kénitra');
  expect(page.tags.get('og:url')).toMatch(new RegExp(`/donations/${donation.id}$`));
  expect(page.tags.get('twitter:card')).toBe('summary_large_image');
  const image = page.tags.get('og:image')!;
  expect(image).toMatch(/^https?:\/\/.+\/api\/images\/donations\/.+\.webp$/);
  expect(image.endsWith(donation.imageUrl)).toBe(true);
  const photo = await fetch(`${base}${donation.imageUrl}`);
  expect(photo).toMatchObject({ status: 200 });
  expect(photo.headers.get('content-type')).toBe('image/webp');
});

it('should copy a title with replacement patterns as written, never the page around it (issue 45)', async () => {
  const donor = await signedUpMember();
  // In a string replacement, $& is the matched text, $` what precedes it and $' what follows.
  const donation = await publish(donor.client, "Vélo $` $& $' $$ bleu");
  const page = await crawl(`/donations/${donation.id}`);
  expect(page.tags.get('og:title')).toBe("Vélo $` $&amp; $' $$ bleu — Kénitra");
  expect(page.html).toContain(`<h1 class="detail__title" dir="auto">Vélo $\` $&amp; $' $$ bleu</h1>`);
  expect(page.html.match(/<head>/g)).toHaveLength(1);
  expect(page.html.match(/<div id="root">/g)).toHaveLength(1);
});

it('should speak Arabic for a donation written in Arabic, with the city’s Arabic name', async () => {
  const donor = await signedUpMember();
  const res = await donor.client.call('POST /api/donations', {
    body: { title: 'كرسي خشبي', description: 'في حالة جيدة.', categoryId: 1, city: 'Fès', imageUrl: dataUrl(await jpegWithGps(320, 240)) },
  });
  expect(res.status).toBe(201);
  const page = await crawl(`/donations/${res.body.id}`);
  expect(page.tags.get('og:title')).toBe('كرسي خشبي — فاس');
  expect(page.tags.get('og:locale')).toBe('ar_MA');
  expect(page.tags.get('og:description')).toContain('فاس');
});

it('should give a withdrawn item, or an address that names none, a neutral preview without a photo', async () => {
  const donor = await signedUpMember();
  const donation = await publish(donor.client, 'Table à repasser');
  expect((await donor.client.call('DELETE /api/donations/{id}', { params: { id: donation.id } })).status).toBe(200);
  for (const path of [`/donations/${donation.id}`, '/donations/not-a-number', '/donations/2000000000']) {
    const page = await crawl(path);
    expect(page.status).toBe(200);
    expect(page.tags.get('og:title')).toBe('Hdiya — des dons entre voisins');
    expect(page.tags.has('og:image')).toBe(false);
    expect(page.html).not.toContain('Table à repasser');
  }
  // Other pages are the web app as before, without a preview.
  expect((await crawl('/donations')).tags.has('og:title')).toBe(false);
});
