import type { BrowserContextOptions, Page } from 'playwright-core';
import { testEnv } from '@hdiya/testing';
import { signedUpMember } from '../support/api-client.js';
import { browserForFile, screenshot } from '../support/browser.js';
import { publish } from '../support/members.js';

// Issue 21, item 7: "Localisation activée" came unasked, covered the page and stayed French after
// switching to Arabic; the + button covered "Voir tous les dons" on phones; a wrong password was
// only a corner toast.

const browser = browserForFile();

const base = testEnv().gatewayUrl;

type Language = 'fr' | 'ar';

async function visitorPage(language: Language, width: number, options: BrowserContextOptions = {}): Promise<Page> {
  const context = await browser().newContext({ viewport: { width, height: width < 500 ? 844 : 900 }, ...options });
  await context.addInitScript((lang) => window.localStorage.setItem('language', lang), language);
  return context.newPage();
}

it.each([
  ['fr', 1280],
  ['ar', 390],
] as const)('should find where the visitor is at startup without a toast nobody asked for (%s, %i px)', async (language, width) => {
  // A few km east of Oujda's centre.
  const page = await visitorPage(language, width, { geolocation: { latitude: 34.69, longitude: -1.88 }, permissions: ['geolocation'] });
  await page.goto(`${base}/`);
  await page.getByTestId('location-badge').filter({ hasText: language === 'fr' ? 'Oujda' : 'وجدة' }).waitFor();
  await page.waitForTimeout(1500);
  expect(await page.getByTestId('toast').count()).toBe(0);
  await screenshot(page, `startup-location-quiet-${language}-${width}`);
  await page.context().close();
});

it.each([
  ['fr', 1280],
  ['fr', 390],
] as const)('should switch a toast on screen to Arabic with the rest of the page (%s, %i px)', async (language, width) => {
  const donor = await signedUpMember();
  const item = await publish(donor.client, 'Chaise pour langue');
  const page = await visitorPage(language, width);
  await page.goto(`${base}/donations/${item.id}`);
  await page.getByTestId('favorite-button').click();
  const toast = page.getByTestId('toast');
  await toast.getByText('Connexion requise').waitFor();
  await page.getByTestId('language-switch').click();
  await page.locator('html[dir=rtl]').waitFor();
  const text = (await toast.textContent())!;
  expect(text).toMatch(/[\u0600-\u06FF]/);
  expect(text).not.toMatch(/Connexion|Veuillez|Se connecter/);
  await screenshot(page, `toast-switched-ar-${width}`);
  await page.context().close();
});

it.each(['fr', 'ar'] as const)('should leave room under the last links of a phone page for the floating + button (%s)', async (language) => {
  const page = await visitorPage(language, 390);
  await page.goto(`${base}/`);
  await page.getByTestId('see-more-donations').waitFor();
  await page.getByTestId('site-footer').waitFor();
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  await page.waitForTimeout(300);
  // Scrolled to the end, the page's last words and links end above the + button: nothing is left
  // beside or under it.
  const below = await page.evaluate(() => {
    const fab = document.querySelector('[data-testid=fab-create]')!.getBoundingClientRect();
    const found: string[] = [];
    const walker = document.createTreeWalker(document.querySelector('.app-shell')!, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement!;
      if (!node.textContent?.trim() || parent.closest('[data-testid=mobile-tab-bar], [data-testid=fab-create], .toast-viewport, header')) continue;
      const range = document.createRange();
      range.selectNodeContents(node);
      for (const box of range.getClientRects()) {
        if (box.width > 0 && box.bottom > fab.top) found.push(node.textContent.trim());
      }
    }
    return found;
  });
  expect(below).toEqual([]);
  // "Voir tous les dons" can sit above the button: there is page enough after it.
  const room = await page.getByTestId('see-more-donations').evaluate((link) => {
    const fab = document.querySelector('[data-testid=fab-create]')!.getBoundingClientRect();
    const box = link.getBoundingClientRect();
    const belowLink = document.documentElement.scrollHeight - (box.bottom + window.scrollY);
    return belowLink - (window.innerHeight - fab.top);
  });
  expect(room).toBeGreaterThanOrEqual(0);
  await screenshot(page, `phone-page-end-${language}`);
  await page.context().close();
});

it.each([
  ['fr', 1280],
  ['ar', 390],
] as const)('should say a wrong password by the sign-in form, tied to its fields (%s, %i px)', async (language, width) => {
  const member = await signedUpMember();
  const page = await visitorPage(language, width);
  await page.goto(`${base}/login`);
  await page.locator('#login-username').fill(member.payload.username as string);
  await page.locator('#login-password').fill('pas-le-bon-mot');
  await page.getByTestId('login-submit').click();
  const alert = page.getByTestId('login-form').locator('[role=alert]');
  await alert.waitFor();
  const text = (await alert.textContent())!;
  expect(text).toEqual(language === 'fr' ? 'Identifiants incorrects' : expect.stringMatching(/[\u0600-\u06FF]/));
  const alertId = await alert.getAttribute('id');
  expect(alertId).toBeTruthy();
  for (const field of ['#login-username', '#login-password']) {
    expect((await page.locator(field).getAttribute('aria-describedby'))?.split(' ')).toContain(alertId);
    expect(await page.locator(field).getAttribute('aria-invalid')).toBe('true');
  }
  expect(await page.getByTestId('toast').count()).toBe(0);
  await screenshot(page, `login-wrong-password-${language}-${width}`);
  await page.context().close();
});
