import { testEnv } from '@hdiya/testing';
import { signedUpMember } from '../support/api-client.js';
import { browserForFile, screenshot, signedInContext } from '../support/browser.js';
import { jpegWithGps } from '../support/images.js';

// The photos of a new donation: a drop zone with previews, each removable (it was a bare file input).

const browser = browserForFile();

it('should take a dropped photo, preview it, add another and remove them', async () => {
  const member = await signedUpMember();
  const context = await signedInContext(browser(), member.client, 'fr', { viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  await page.goto(`${testEnv().gatewayUrl}/create-donation`);
  // The page replaces the first screen the HTML came with once its scripts have run.
  await page.getByTestId('user-menu').waitFor();
  // A member's header (search, messages, notifications, points, menu) fits a 1280 px laptop.
  expect(await page.evaluate(() => document.querySelector('[data-testid=site-header]')!.scrollWidth <= window.innerWidth)).toBe(true);
  expect(await page.getByTestId('user-menu').evaluate((el) => el.getBoundingClientRect().right <= window.innerWidth)).toBe(true);
  const zone = page.getByTestId('photo-drop-zone');
  await zone.getByText('Glissez des photos ici, ou cliquez pour en choisir').waitFor();

  const base64 = (await jpegWithGps(320, 240)).toString('base64');
  const dataTransfer = await page.evaluateHandle((data) => {
    const bytes = Uint8Array.from(atob(data), (c) => c.charCodeAt(0));
    const transfer = new DataTransfer();
    transfer.items.add(new File([bytes], 'chaise.jpg', { type: 'image/jpeg' }));
    return transfer;
  }, base64);
  await zone.dispatchEvent('drop', { dataTransfer });
  await page.locator('[data-testid=photo-preview][data-uploading=false]').waitFor();
  await screenshot(page, 'create-photo-dropped');

  await page.getByLabel('Photos', { exact: true }).setInputFiles({ name: 'autre.jpg', mimeType: 'image/jpeg', buffer: await jpegWithGps(200, 200) });
  await page.waitForFunction(() => document.querySelectorAll('[data-testid=photo-preview][data-uploading=false]').length === 2);
  await page.getByRole('button', { name: 'Retirer la photo 2' }).click();
  await page.getByRole('button', { name: 'Retirer la photo 1' }).click();
  await zone.getByText('Glissez des photos ici, ou cliquez pour en choisir').waitFor();
  expect(await page.getByTestId('photo-preview').count()).toBe(0);
  await context.close();
});
