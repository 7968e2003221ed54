import { testEnv } from '@hdiya/testing';
import { signedUpMember } from '../support/api-client.js';
import { browserForFile, screenshot, signedInContext } from '../support/browser.js';
import { jpegWithGps } from '../support/images.js';

// The photo of a new donation: a drop zone with preview, replace and remove (it was a bare file input).

const browser = browserForFile();

it('should take a dropped photo, preview it, and let it be replaced or removed', async () => {
  const member = await signedUpMember();
  const context = await signedInContext(browser(), member.client, 'fr', { viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  await page.goto(`${testEnv().gatewayUrl}/create-donation`);
  // A member's header (search, messages, notifications, points, menu) fits a 1280 px laptop.
  expect(await page.evaluate(() => document.querySelector('[data-testid=site-header]')!.scrollWidth <= window.innerWidth)).toBe(true);
  expect(await page.getByTestId('user-menu').evaluate((el) => el.getBoundingClientRect().right <= window.innerWidth)).toBe(true);
  const zone = page.getByTestId('photo-drop-zone');
  await zone.getByText('Glissez une photo ici, ou cliquez pour en choisir une').waitFor();

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

  await page.getByLabel('Photo', { exact: true }).setInputFiles({ name: 'autre.jpg', mimeType: 'image/jpeg', buffer: await jpegWithGps(200, 200) });
  await page.locator('[data-testid=photo-preview][data-uploading=false]').waitFor();
  await page.getByTestId('photo-replace').waitFor();
  await page.getByTestId('photo-remove').click();
  await zone.getByText('Glissez une photo ici, ou cliquez pour en choisir une').waitFor();
  expect(await page.getByTestId('photo-preview').count()).toBe(0);
  await context.close();
});
