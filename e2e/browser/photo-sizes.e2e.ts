import sharp from 'sharp';
import { mediumPhotoOf, type DonationView } from '@hdiya/contracts';
import { testEnv } from '@hdiya/testing';
import { signedUpMember } from '../support/api-client.js';
import { browserForFile, screenshot } from '../support/browser.js';
import { dataUrl, jpegWithGps } from '../support/images.js';

// Blurry photos (issue 21, item 2): the detail page offered the cropped 480 px card thumbnail
// and a display photo announced as 1600 px wide whatever its size, so an 800×600 photo was drawn
// from 480 px (naturalWidth 320 when the larger one was taken) in a column about 600 px wide.

const browser = browserForFile();
let donation: DonationView;
const base = testEnv().gatewayUrl;

beforeAll(async () => {
  const { client } = await signedUpMember();
  const res = await client.call('POST /api/donations', { body: {
    title: 'Lampe de chevet',
    description: 'Lampe en laiton, ampoule fournie.',
    categoryId: 8,
    city: 'Fès',
    imageUrl: dataUrl(await jpegWithGps(800, 600)),
  } });
  if (res.status !== 201) throw new Error(`publish failed: ${res.status}`);
  donation = res.body;
});

it('should store the 800×600 photo whole and without metadata, beside a 480×360 thumbnail', async () => {
  const display = await sharp(Buffer.from(await (await fetch(`${base}${donation.imageUrl}`)).arrayBuffer())).metadata();
  expect([display.width, display.height, display.exif]).toEqual([800, 600, undefined]);
  const thumbnail = await sharp(Buffer.from(await (await fetch(`${base}${donation.thumbnailUrl}`)).arrayBuffer())).metadata();
  expect([thumbnail.width, thumbnail.height, thumbnail.exif]).toEqual([480, 360, undefined]);
});

describe.each(['fr', 'ar'] as const)('the detail page in %s', (language) => {
  it.each([
    [1280, 1],
    [390, 2],
  ])('should draw the photo from at least as many pixels as it is shown on (%i px, %ix)', async (width, scale) => {
    const context = await browser().newContext({ viewport: { width, height: 900 }, deviceScaleFactor: scale, locale: language === 'fr' ? 'fr-FR' : 'ar-MA' });
    await context.addInitScript((lang) => window.localStorage.setItem('language', lang), language);
    const page = await context.newPage();
    await page.goto(`${base}/donations/${donation.id}`);
    const image = page.getByTestId('donation-image');
    await image.waitFor();
    await page.waitForFunction(() => (document.querySelector('[data-testid=donation-image]') as HTMLImageElement | null)?.complete === true);
    const shown = await image.evaluate((img: HTMLImageElement) => ({
      source: new URL(img.currentSrc).pathname,
      shownWidth: img.getBoundingClientRect().width,
    }));
    // An uncropped size (the middle one or the display photo), whole. Its pixels are read from the
    // file: with a srcset, naturalWidth is corrected by the density the browser chose.
    expect([donation.imageUrl, mediumPhotoOf(donation.imageUrl)]).toContain(shown.source);
    const file = await sharp(Buffer.from(await (await fetch(`${base}${shown.source}`)).arrayBuffer())).metadata();
    expect([file.width, file.height]).toEqual([800, 600]);
    // As many pixels as the screen draws, up to what was uploaded.
    expect(file.width).toBeGreaterThanOrEqual(Math.min(800, Math.floor(shown.shownWidth * scale)));
    expect(shown.shownWidth).toBeGreaterThan(width === 1280 ? 500 : 340);
    await screenshot(page, `detail-photo-${language}-${width}`);
    await context.close();
  });
});
