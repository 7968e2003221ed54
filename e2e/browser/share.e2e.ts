import { testEnv } from '@hdiya/testing';
import { signedUpMember } from '../support/api-client.js';
import { browserForFile, screenshot, signedInContext } from '../support/browser.js';
import { publish } from '../support/members.js';

// "Partager sur WhatsApp" on a donation's page (docs/product.md#sharing): a wa.me link with the
// title, the city and the page's address, in French and Arabic, on a desktop and a 390 px phone.

const browser = browserForFile();
const base = testEnv().gatewayUrl;

describe.each([
  { language: 'fr' as const, label: 'Partager sur WhatsApp', city: 'Kénitra' },
  { language: 'ar' as const, label: 'مشاركة على واتساب', city: 'القنيطرة' },
])('sharing a donation ($language)', ({ language, label, city }) => {
  it.each([1280, 390])('should offer a WhatsApp link with the title, the city and the address (%i px)', async (width) => {
    const donor = await signedUpMember();
    const donation = await publish(donor.client, 'Poussette canne');
    const context = await signedInContext(browser(), (await signedUpMember()).client, language, { viewport: { width, height: 900 } });
    const page = await context.newPage();
    await page.goto(`${base}/donations/${donation.id}`);
    const share = page.getByRole('link', { name: label });
    await share.waitFor();
    const href = (await share.getAttribute('href'))!;
    expect(href.startsWith('https://wa.me/?text=')).toBe(true);
    const message = decodeURIComponent(href.slice('https://wa.me/?text='.length));
    expect(message).toContain('Poussette canne');
    expect(message).toContain(city);
    expect(message.endsWith(`/donations/${donation.id}`)).toBe(true);
    expect(await share.getAttribute('target')).toBe('_blank');
    await screenshot(page, `share-${language}-${width}`);
    await context.close();
  });
});
