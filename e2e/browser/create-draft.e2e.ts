import type { Page } from 'playwright-core';
import { testEnv } from '@hdiya/testing';
import { signedUpMember } from '../support/api-client.js';
import { browserForFile, screenshot, signedInContext } from '../support/browser.js';
import { jpegWithGps } from '../support/images.js';

// Issue 46, item 6: a reload or another tab wiped the publish form without a warning, and titles
// were cut at 100 characters without a counter. The form is now a draft kept on the device until
// published or discarded, leaving asks first, and both text fields count against the API's limits.

const browser = browserForFile();
const base = testEnv().gatewayUrl;

const field = (page: Page, testId: string) => page.getByTestId(testId);

describe.each([
  { language: 'fr' as const, title: 'Poussette pliable', description: 'Légère, avec sa housse de pluie.', tooLong: 'Le titre ne doit pas dépasser 100 caractères', stay: 'Rester sur la page', discard: 'Supprimer le brouillon' },
  { language: 'ar' as const, title: 'عربة أطفال قابلة للطي', description: 'خفيفة، مع غطاء المطر.', tooLong: 'يجب ألا يتجاوز العنوان 100 حرفًا', stay: 'البقاء في الصفحة', discard: 'حذف المسودة' },
])('the publish form keeps what was typed ($language)', ({ language, title, description, tooLong, stay, discard }) => {
  it.each([390, 1280])('should restore the draft with its photo, warn before leaving and count characters (%i px)', async (width) => {
    const member = await signedUpMember();
    const context = await signedInContext(browser(), member.client, language, { viewport: { width, height: 844 } });
    const page = await context.newPage();
    const asked: string[] = [];
    page.on('dialog', (dialog) => {
      asked.push(dialog.type());
      void dialog.accept();
    });
    await page.goto(`${base}/create-donation`);
    await field(page, 'donation-title-input').click();
    await field(page, 'donation-title-input').fill(title);
    await field(page, 'donation-description-input').fill(description);
    await field(page, 'donation-category').selectOption('3');
    await field(page, 'donation-city').selectOption('Rabat');
    await page.locator('#donation-photo').setInputFiles({ name: 'poussette.jpg', mimeType: 'image/jpeg', buffer: await jpegWithGps(640, 480) });
    await page.locator('[data-testid=photo-preview][data-uploading=false]').waitFor();
    // The counters say how much of the API's limits is used.
    await field(page, 'donation-title-count').filter({ hasText: `${title.length} / 100` }).waitFor();
    await field(page, 'donation-description-count').filter({ hasText: `${description.length} / 2000` }).waitFor();
    await field(page, 'draft-saved').waitFor();

    // A reload asks first (the browser's own question), then the form comes back as it was.
    await page.reload();
    expect(asked).toEqual(['beforeunload']);
    await field(page, 'draft-restored').waitFor();
    expect(await field(page, 'donation-title-input').inputValue()).toBe(title);
    expect(await field(page, 'donation-description-input').inputValue()).toBe(description);
    expect(await field(page, 'donation-category').inputValue()).toBe('3');
    expect(await field(page, 'donation-city').inputValue()).toBe('Rabat');
    const restored = page.locator('[data-testid=photo-preview][data-uploading=false] img');
    await restored.waitFor();
    expect(await restored.getAttribute('src')).toMatch(/^\/api\/images\//);
    await page.waitForFunction(() => (document.querySelector<HTMLImageElement>('[data-testid=photo-preview] img')?.naturalWidth ?? 0) > 0);
    await screenshot(page, `create-draft-restored-${language}-${width}`, true);

    // Another tab finds it too.
    const other = await context.newPage();
    await other.goto(`${base}/create-donation`);
    await field(other, 'draft-restored').waitFor();
    expect(await field(other, 'donation-title-input').inputValue()).toBe(title);
    await other.close({ runBeforeUnload: false });

    // Nothing is cut: 120 characters stay, the counter turns red and sending says why.
    const long = `${title} ${'x'.repeat(120)}`.slice(0, 120);
    await field(page, 'donation-title-input').fill(long);
    expect(await field(page, 'donation-title-input').inputValue()).toHaveLength(120);
    await page.locator('[data-testid=donation-title-count][data-over=true]').filter({ hasText: '120 / 100' }).waitFor();
    await field(page, 'donation-submit').click();
    await page.locator('#donation-title-error').filter({ hasText: tooLong }).waitFor();
    expect((await member.client.call('GET /api/user/donations')).body).toHaveLength(0);
    await screenshot(page, `create-draft-too-long-${language}-${width}`);
    await field(page, 'donation-title-input').fill(title);

    // A link inside the app asks first too; staying keeps the form, leaving keeps the draft.
    await page.getByTestId('logo').click();
    const warning = page.getByTestId('leave-warning');
    await warning.getByRole('button', { name: stay }).waitFor();
    await screenshot(page, `create-draft-leave-${language}-${width}`);
    await warning.getByTestId('leave-warning-cancel').click();
    expect(new URL(page.url()).pathname).toBe('/create-donation');
    expect(await field(page, 'donation-title-input').inputValue()).toBe(title);
    await page.getByTestId('logo').click();
    await warning.getByTestId('leave-warning-confirm').click();
    await page.waitForURL(`${base}/`);
    await page.goto(`${base}/create-donation`);
    await field(page, 'draft-restored').waitFor();
    expect(await field(page, 'donation-title-input').inputValue()).toBe(title);

    // Discarded: an empty form, nothing kept, and leaving no longer asks.
    await page.getByRole('button', { name: discard }).click();
    await field(page, 'draft-discard-dialog-confirm').click();
    await page.waitForFunction(() => (document.querySelector<HTMLInputElement>('[data-testid=donation-title-input]')?.value ?? '?') === '');
    expect(await page.getByTestId('photo-preview').count()).toBe(0);
    expect(await field(page, 'draft-saved').count()).toBe(0);
    await page.reload();
    await field(page, 'donation-form').waitFor();
    expect(await field(page, 'draft-restored').count()).toBe(0);
    expect(await field(page, 'donation-title-input').inputValue()).toBe('');
    // Only the reload with typed work asked.
    expect(asked).toEqual(['beforeunload']);
    await context.close();
  });
});
