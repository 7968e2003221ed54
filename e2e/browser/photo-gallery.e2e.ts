import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { testEnv } from '@hdiya/testing';
import { signedUpMember } from '../support/api-client.js';
import { browserForFile, screenshot, signedInContext } from '../support/browser.js';

// Several photos per donation (decision 0044): the donor publishes 5 and picks the cover; the
// donation's page shows a gallery that moves with the arrow keys (reading order), its buttons, a
// swipe (a scroll of the track) and its thumbnails, with a "2 / 5" counter, in French and Arabic,
// on a laptop and a 390 px phone.

const browser = browserForFile();
const base = testEnv().gatewayUrl;
const COLOURS = ['#c0392b', '#27ae60', '#2980b9', '#f39c12', '#8e44ad'];

// Each photo is told apart by its width (301 … 305 px), which the pipeline keeps.
const photoFile = async (index: number) => ({
  name: `photo-${index + 1}.jpg`,
  mimeType: 'image/jpeg',
  buffer: await sharp({ create: { width: 301 + index, height: 240, channels: 3, background: COLOURS[index]! } }).jpeg().toBuffer(),
});
// Buttons and keys scroll smoothly: a screenshot waits until that slide sits square in the track.
const settledAt = (page: Page, index: number) =>
  page.getByTestId('gallery-track').evaluate(
    (track, at) =>
      new Promise<void>((done) => {
        const check = () => (Math.abs(Math.abs(track.scrollLeft) - at * track.clientWidth) < 1 ? done() : requestAnimationFrame(check));
        check();
      }),
    index,
  );
const widthOf = async (url: string) => (await sharp(Buffer.from(await (await fetch(`${base}${url}`)).arrayBuffer())).metadata()).width;

describe.each([
  { language: 'fr' as const, next: 'ArrowRight', previous: 'ArrowLeft', alt: 'photo 1 sur 5', makeCover: 'Mettre en couverture', nextLabel: 'Photo suivante' },
  { language: 'ar' as const, next: 'ArrowLeft', previous: 'ArrowRight', alt: 'الصورة 1 من 5', makeCover: 'اجعلها صورة الغلاف', nextLabel: 'الصورة التالية' },
])('a donation with 5 photos ($language)', ({ language, next, previous, alt, makeCover, nextLabel }) => {
  it.each([1280, 390])('should publish 5 photos with a chosen cover, and move through them (%i px)', async (width) => {
    const donor = await signedUpMember();
    const context = await signedInContext(browser(), donor.client, language, { viewport: { width, height: 900 } });
    const page = await context.newPage();
    await page.goto(`${base}/create-donation`);
    await page.getByTestId('donation-title-input').fill('Lot de vaisselle');
    await page.getByTestId('donation-description-input').fill('Assiettes, bols et verres, en bon état.');
    await page.locator('#donation-photo').setInputFiles(await Promise.all(COLOURS.map((_, i) => photoFile(i))));
    await page.waitForFunction(() => document.querySelectorAll('[data-testid=photo-preview][data-uploading=false]').length === 5);
    // Full: the drop zone gives way to the limit's note.
    expect(await page.getByTestId('photo-drop-zone').isHidden()).toBe(true);
    // The third photo becomes the cover; the second moves after the (new) third.
    await page.getByTestId('photo-preview').nth(2).getByRole('button', { name: makeCover }).click();
    await page.getByTestId('photo-preview').nth(1).getByTestId('photo-move-later').click();
    await screenshot(page, `photo-gallery-form-${language}-${width}`, true);
    await page.getByTestId('donation-submit').click();
    await page.waitForURL(/\/donations\/\d+$/);

    const [mine] = (await donor.client.call('GET /api/user/donations', {})).body as { id: number }[];
    const donation = (await donor.client.call('GET /api/donations/{id}', { params: { id: mine!.id } })).body;
    expect(donation.photos).toHaveLength(5);
    expect(donation.imageUrl).toBe(donation.photos![0]!.imageUrl);
    expect(await Promise.all(donation.photos!.map((photo) => widthOf(photo.imageUrl)))).toEqual([303, 302, 301, 304, 305]);

    await page.goto(`${base}/donations/${donation.id}`);
    const counter = page.getByTestId('gallery-counter');
    await counter.getByText('1 / 5').waitFor();
    expect(await page.getByTestId('donation-image').getAttribute('alt')).toContain(alt);
    expect(await page.getByTestId('gallery-thumbnail').count()).toBe(5);

    // The keyboard, in reading order: in Arabic the left arrow goes forward.
    await page.getByTestId('gallery-track').focus();
    await page.keyboard.press(next);
    await counter.getByText('2 / 5').waitFor();
    await page.keyboard.press(next);
    await counter.getByText('3 / 5').waitFor();
    await page.keyboard.press(previous);
    await counter.getByText('2 / 5').waitFor();
    await page.getByRole('button', { name: nextLabel }).click();
    await counter.getByText('3 / 5').waitFor();
    await settledAt(page, 2);
    await screenshot(page, `photo-gallery-${language}-${width}`);

    // A swipe ends as a scroll of the track to a slide: the counter follows it.
    await page.getByTestId('gallery-track').evaluate((track) => track.lastElementChild!.scrollIntoView({ block: 'nearest', inline: 'start' }));
    await counter.getByText('5 / 5').waitFor();
    expect(await page.getByTestId('gallery-next').isDisabled()).toBe(true);
    await page.getByTestId('gallery-thumbnail').first().click();
    await counter.getByText('1 / 5').waitFor();
    // The page does not scroll sideways on a phone.
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await context.close();
  });
});
