import { testEnv } from '@hdiya/testing';
import { signedUpMember } from '../support/api-client.js';
import { browserForFile, screenshot, signedInContext } from '../support/browser.js';
import { jpegWithGps } from '../support/images.js';

// Issue 46, item 4: publishing landed on the home page and the toast had no link. The donor now
// lands on the new item's page, "Partager sur WhatsApp" first, and the toast links to the page.

const browser = browserForFile();
const base = testEnv().gatewayUrl;

describe.each([
  { language: 'fr' as const, share: 'Partager sur WhatsApp', see: 'Voir le don', title: 'Tabouret en bois' },
  { language: 'ar' as const, share: 'مشاركة على واتساب', see: 'عرض الهدية', title: 'كرسي خشبي صغير' },
])('publishing a donation ($language)', ({ language, share, see, title }) => {
  it.each([390, 1280])('should land on the new item page with its share button at hand (%i px)', async (width) => {
    const donor = await signedUpMember();
    const context = await signedInContext(browser(), donor.client, language, { viewport: { width, height: 844 } });
    const page = await context.newPage();
    await page.goto(`${base}/create-donation`);
    await page.getByTestId('donation-title-input').fill(title);
    await page.getByTestId('donation-description-input').fill('Solide, pour un enfant. متين.');
    await page.getByTestId('donation-city').selectOption('Kénitra');
    await page.locator('#donation-photo').setInputFiles({ name: 'tabouret.jpg', mimeType: 'image/jpeg', buffer: await jpegWithGps(640, 480) });
    await page.locator('[data-testid=photo-preview][data-uploading=false]').waitFor();
    await page.getByTestId('donation-submit').click();

    await page.waitForURL(/\/donations\/\d+$/);
    const id = Number(new URL(page.url()).pathname.split('/').pop());
    const [mine] = (await donor.client.call('GET /api/user/donations')).body;
    expect(mine).toMatchObject({ id, title });
    await page.getByTestId('donation-title').filter({ hasText: title }).waitFor();

    // The banner comes first, with the WhatsApp link of the new item.
    const banner = page.getByTestId('published-banner');
    const whatsapp = banner.getByRole('link', { name: share });
    await whatsapp.waitFor();
    const message = decodeURIComponent((await whatsapp.getAttribute('href'))!.replace('https://wa.me/?text=', ''));
    expect(message).toContain(title);
    expect(message.endsWith(`/donations/${id}`)).toBe(true);
    // In view without scrolling, also on a phone.
    const box = (await banner.boundingBox())!;
    expect(box.y + box.height).toBeLessThanOrEqual(844);
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(width);

    // The toast says it is published and links to the page.
    const action = page.getByTestId('toast').getByTestId('toast-action');
    await action.filter({ hasText: see }).waitFor();
    expect(await action.getAttribute('href')).toBe(`/donations/${id}`);
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await screenshot(page, `publish-landing-${language}-${width}`);
    await context.close();
  });
});
