import type { Locator } from 'playwright-core';
import { testEnv } from '@hdiya/testing';
import { signedUpMember } from '../support/api-client.js';
import { browserForFile, screenshot, signedInContext } from '../support/browser.js';
import { jpegWithGps } from '../support/images.js';
import { publish } from '../support/members.js';

// Photos in chat (decision 0045): one member sends a photo from the composer, the other sees its
// thumbnail arrive by itself and opens it full size, in French and Arabic, on a desktop and a phone.

const browser = browserForFile();
const base = testEnv().gatewayUrl;

/** Whether the image finished loading with real pixels (a refused fetch leaves it broken, 0 wide). */
const loadedWidth = (img: Locator) =>
  img.evaluate(async (element: HTMLImageElement) => {
    if (!element.complete) await new Promise((resolve) => element.addEventListener('load', resolve, { once: true }));
    return element.naturalWidth;
  });

describe.each([
  { language: 'fr' as const, dir: 'ltr', preview: 'Photo', open: 'Voir en grand la photo envoyée par', attach: 'Envoyer une photo' },
  { language: 'ar' as const, dir: 'rtl', preview: 'صورة', open: 'عرض الصورة التي أرسلها', attach: 'إرسال صورة' },
])('a photo in chat ($language)', ({ language, dir, preview, open, attach }) => {
  it.each([
    { device: 'desktop', viewport: { width: 1280, height: 800 } },
    { device: 'phone', viewport: { width: 390, height: 844 } },
  ])('should reach the other member as a thumbnail that opens full size ($device)', async ({ device, viewport }) => {
    const donor = await signedUpMember({ firstName: 'Nadia', lastName: 'Alaoui' });
    const asker = await signedUpMember({ firstName: 'Hamza', lastName: 'Berrada' });
    const item = await publish(donor.client, language === 'fr' ? 'Lampe de chevet' : 'مصباح سرير');
    const donorContext = await signedInContext(browser(), donor.client, language, { viewport });
    const askerContext = await signedInContext(browser(), asker.client, language, { viewport });
    const donorPage = await donorContext.newPage();
    const askerPage = await askerContext.newPage();

    await donorPage.goto(`${base}/messages`);
    await donorPage.locator('[data-realtime=connected]').waitFor();
    expect(await donorPage.locator('html').getAttribute('dir')).toBe(dir);

    // The asker opens the conversation about the donation, types a caption and picks a photo.
    await askerPage.goto(`${base}/messages?with=${donor.user.id}&donation=${item.id}`);
    await askerPage.locator('[data-realtime=connected]').waitFor();
    await askerPage.getByTestId('thread-empty').waitFor();
    expect(await askerPage.getByTestId('message-photo').getAttribute('aria-label')).toBe(attach);
    await askerPage.getByTestId('message-input').fill('Elle ressemble à ça ?');
    await askerPage.getByTestId('message-photo-input').setInputFiles({ name: 'lampe.jpg', mimeType: 'image/jpeg', buffer: await jpegWithGps(1600, 1200) });
    await askerPage.getByTestId('message').getByTestId('message-photo-thumbnail').waitFor({ timeout: 15_000 });
    expect(await loadedWidth(askerPage.getByTestId('message-photo-thumbnail').locator('img'))).toBe(480);
    expect(await askerPage.getByTestId('message-input').inputValue()).toBe('');
    await screenshot(askerPage, `chat-photo-${language}-${device}-sender`);

    // The donor's list shows it by itself, as a photo; the thread shows the thumbnail and the caption.
    const conversation = donorPage.getByTestId('conversation').filter({ hasText: 'Hamza B.' });
    await conversation.waitFor({ timeout: 10_000 });
    expect(await conversation.getByTestId('conversation-photo').textContent()).toContain(preview);
    await screenshot(donorPage, `chat-photo-${language}-${device}-list`);
    await conversation.click();
    const received = donorPage.getByTestId('message').filter({ has: donorPage.getByTestId('message-photo-thumbnail') });
    await received.waitFor();
    expect(await received.getAttribute('data-own')).toBe('false');
    expect(await received.textContent()).toContain('Elle ressemble à ça ?');
    expect(await loadedWidth(received.getByTestId('message-photo-thumbnail').locator('img'))).toBe(480);
    // The other member's message sits on the inline start: the left in French, the right in Arabic.
    const [bubble, thread] = [await received.boundingBox(), await donorPage.getByTestId('thread-messages').boundingBox()];
    const middle = thread!.x + thread!.width / 2;
    if (dir === 'ltr') expect(bubble!.x).toBeLessThan(middle);
    else expect(bubble!.x + bubble!.width).toBeGreaterThan(middle);
    expect(bubble!.x).toBeGreaterThanOrEqual(0);
    expect(bubble!.x + bubble!.width).toBeLessThanOrEqual(viewport.width);
    await screenshot(donorPage, `chat-photo-${language}-${device}-thread`);

    // From the keyboard: Enter opens it full size in a dialog, Escape closes it and gives the focus back.
    const thumbnail = received.getByTestId('message-photo-thumbnail');
    expect(await thumbnail.getAttribute('aria-label')).toContain(open);
    await thumbnail.focus();
    await donorPage.keyboard.press('Enter');
    const dialog = donorPage.getByTestId('message-photo-dialog');
    await dialog.getByTestId('message-photo-full').waitFor();
    expect(await loadedWidth(dialog.getByTestId('message-photo-full'))).toBe(1280);
    const shown = await dialog.getByTestId('message-photo-full').boundingBox();
    expect(shown!.width).toBeGreaterThan(Math.min(300, viewport.width - 80));
    expect(shown!.x + shown!.width).toBeLessThanOrEqual(viewport.width);
    await screenshot(donorPage, `chat-photo-${language}-${device}-full`);
    await donorPage.keyboard.press('Escape');
    await dialog.getByTestId('message-photo-full').waitFor({ state: 'detached' });
    expect(await thumbnail.evaluate((element) => element === document.activeElement)).toBe(true);

    await donorContext.close();
    await askerContext.close();
  });
});
