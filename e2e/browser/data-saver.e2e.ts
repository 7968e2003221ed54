import { randomBytes } from 'node:crypto';
import { testEnv } from '@hdiya/testing';
import type { Page } from 'playwright-core';
import { signedUpMember } from '../support/api-client.js';
import { browserForFile, kenitra, screenshot, signedInContext } from '../support/browser.js';
import { publish } from '../support/members.js';

// The data saver (issue 44): cards show their smallest photo, and photos below the screen load
// only once scrolled to; on when the member switches it on (profile), or when the browser asks
// for less data. Off, a 2x phone gets the middle size a card needs to be sharp.

const browser = browserForFile();
const base = testEnv().gatewayUrl;
const phone = { viewport: { width: 390, height: 844 }, deviceScaleFactor: 2 };

let word: string;
beforeAll(async () => {
  const donor = await signedUpMember();
  word = `z${randomBytes(4).toString('hex')}`;
  for (let i = 1; i <= 8; i += 1) await publish(donor.client, `Lampe ${word} ${i}`);
});

/** Each card's photo, in order: what it shows (a path, or null for the placeholder). */
async function cardPhotos(page: Page): Promise<(string | null)[]> {
  await page.goto(`${base}/donations?query=${word}&lat=${kenitra.lat}&lng=${kenitra.lng}`);
  await page.getByTestId('browse-grid').getByTestId('donation-card').nth(7).waitFor();
  await page.waitForFunction(() => [...document.querySelectorAll<HTMLImageElement>('[data-testid=donation-card] img')].every((img) => img.complete));
  return page.getByTestId('donation-card').evaluateAll((cards) =>
    cards.map((card) => {
      const img = card.querySelector('img');
      return img?.currentSrc ? new URL(img.currentSrc).pathname : null;
    }),
  );
}

it('should give a 2x phone the middle size on every card it shows, and a card far below the screen none yet, when the data saver is off', async () => {
  const context = await browser().newContext(phone);
  const page = await context.newPage();
  const photos = await cardPhotos(page);
  expect(photos[0]).toMatch(/-medium\.webp$/);
  // Never the display photo: no card is wide enough to need it.
  expect(photos.some((photo) => photo !== null && photo === photo.replace(/-(medium|thumb)\.webp$/, '.webp'))).toBe(false);
  // A first visit pays for the photos near its screen only (issue 44: the bytes of a first visit).
  expect(photos.at(-1)).toBeNull();
  await page.getByTestId('donation-card').last().scrollIntoViewIfNeeded();
  await page.waitForFunction(() => [...document.querySelectorAll('[data-testid=donation-card]')].at(-1)?.querySelector('img')?.currentSrc.endsWith('-medium.webp'));
  await context.close();
});

it('should show thumbnails only, and a card below the screen’s only once scrolled to, when the browser saves data', async () => {
  const context = await browser().newContext(phone);
  await context.addInitScript(() => Object.defineProperty(navigator, 'connection', { value: { saveData: true } }));
  const page = await context.newPage();
  const photos = await cardPhotos(page);
  expect(photos[0]).toMatch(/-thumb\.webp$/);
  expect(photos.at(-1)).toBeNull();
  await page.getByTestId('donation-card').last().scrollIntoViewIfNeeded();
  await page.waitForFunction(() => [...document.querySelectorAll('[data-testid=donation-card]')].at(-1)?.querySelector('img')?.currentSrc.endsWith('-thumb.webp'));
  await screenshot(page, 'data-saver-browse-390');
  await context.close();
});

it.each(['fr', 'ar'] as const)('should let a member switch it on from the profile, for this device (%s)', async (language) => {
  const member = await signedUpMember();
  const context = await signedInContext(browser(), member.client, language, phone);
  const page = await context.newPage();
  await page.goto(`${base}/profile`);
  const setting = page.getByTestId('data-saver');
  await setting.waitFor();
  expect(await setting.getAttribute('data-state')).toBe('off');
  await page.getByTestId('data-saver-switch').check();
  await page.locator('[data-testid=data-saver][data-state=on]').waitFor();
  expect(await page.getByTestId('data-saver-status').textContent()).toBe(language === 'fr' ? 'Activé : les photos coûtent moins de données.' : 'مفعّل: الصور تستهلك بيانات أقل.');
  await screenshot(page, `data-saver-profile-${language}-390`);
  const photos = await cardPhotos(page);
  expect(photos[0]).toMatch(/-thumb\.webp$/);
  expect(photos.filter((photo) => photo !== null).every((photo) => photo.endsWith('-thumb.webp'))).toBe(true);
  expect(photos.at(-1)).toBeNull();
  await context.close();
});
