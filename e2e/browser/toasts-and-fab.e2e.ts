import type { BrowserContextOptions, Page } from 'playwright-core';
import { testEnv } from '@hdiya/testing';
import { signedUpMember } from '../support/api-client.js';
import { browserForFile, screenshot, signedInContext } from '../support/browser.js';
import { dataUrl, jpegWithGps } from '../support/images.js';
import { askingMember, publish } from '../support/members.js';

// Issue 21, item 7: "Localisation activée" came unasked, covered the page and stayed French after
// switching to Arabic; the + button covered "Voir tous les dons" on phones; a wrong password was
// only a corner toast. Issue 46, item 11: toasts and the floating + still covered "Retirer ma
// demande", the handover code's title, "Voir tous les dons", "Voir sur la carte" and, at 200 %
// zoom, the create form's title field: "Donner" is now in the tab bar, and a toast moves to the
// top when the bottom would cover the page's controls.

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

it.each(['fr', 'ar'] as const)('should leave room under the last links of a phone page for the tab bar, "Donner" in it rather than over the page (%s)', async (language) => {
  const page = await visitorPage(language, 390);
  await page.goto(`${base}/`);
  await page.getByTestId('see-more-donations').waitFor();
  await page.getByTestId('site-footer').waitFor();
  // Issue 46: no floating button; giving is the tab bar's middle item.
  expect(await page.getByTestId('fab-create').count()).toBe(0);
  expect(await page.getByTestId('mobile-tab-bar').getByTestId('tab-create').getAttribute('href')).toBe('/create-donation');
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  await page.waitForTimeout(300);
  // Scrolled to the end, the page's last words and links end above the tab bar.
  const below = await page.evaluate(() => {
    const bar = document.querySelector('[data-testid=mobile-tab-bar]')!.getBoundingClientRect();
    const found: string[] = [];
    const walker = document.createTreeWalker(document.querySelector('.app-shell')!, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement!;
      if (!node.textContent?.trim() || parent.closest('[data-testid=mobile-tab-bar], .toast-viewport, header')) continue;
      const range = document.createRange();
      range.selectNodeContents(node);
      for (const box of range.getClientRects()) {
        if (box.width > 0 && box.bottom > bar.top) found.push(node.textContent.trim());
      }
    }
    return found;
  });
  expect(below).toEqual([]);
  await screenshot(page, `phone-page-end-${language}`);
  await page.context().close();
});

/**
 * Whether anything lies over `control` once brought into view the way the keyboard brings it (its
 * bottom edge at the bottom of the screen): its start, middle and end, each hit where it is drawn.
 */
async function coveredWhenScrolledTo(page: Page, testId: string): Promise<string[]> {
  return page.getByTestId(testId).first().evaluate((control) => {
    control.scrollIntoView({ block: 'end', inline: 'nearest' });
    const box = control.getBoundingClientRect();
    const y = box.top + box.height / 2;
    const over: string[] = [];
    for (const x of [box.left + 4, box.left + box.width / 2, box.right - 4]) {
      const hit = document.elementFromPoint(x, y);
      if (hit && !control.contains(hit)) over.push(`${Math.round(x)},${Math.round(y)}: ${hit.closest('[data-testid]')?.getAttribute('data-testid') ?? hit.tagName}`);
    }
    return over;
  });
}

describe.each(['fr', 'ar'] as const)('what covers the controls (%s)', (language) => {
  it('should leave "Voir tous les dons" and "Voir sur la carte" uncovered on a 390 px phone', async () => {
    const donor = await signedUpMember();
    const item = await publish(donor.client, 'Chaise à couvrir');
    const page = await visitorPage(language, 390);
    await page.goto(`${base}/`);
    await page.getByTestId('see-more-donations').waitFor();
    expect(await coveredWhenScrolledTo(page, 'see-more-donations')).toEqual([]);
    await screenshot(page, `uncovered-see-all-${language}`);
    await page.goto(`${base}/donations/${item.id}`);
    await page.getByTestId('show-map').waitFor();
    expect(await coveredWhenScrolledTo(page, 'show-map')).toEqual([]);
    await screenshot(page, `uncovered-show-map-${language}`);
    await page.context().close();
  });

  it('should leave the create form\'s title field uncovered at 200 % zoom', async () => {
    const member = await signedUpMember();
    // A 1280 × 720 laptop at 200 %: 640 × 360 CSS pixels, two device pixels each.
    const context = await signedInContext(browser(), member.client, language, { viewport: { width: 640, height: 360 }, deviceScaleFactor: 2 });
    const page = await context.newPage();
    await page.goto(`${base}/create-donation`);
    await page.getByTestId('donation-title-input').waitFor();
    expect(await coveredWhenScrolledTo(page, 'donation-title-input')).toEqual([]);
    await page.getByTestId('donation-title-input').focus();
    await screenshot(page, `uncovered-create-title-zoom-${language}`);
    await context.close();
  });

  it.each([390, 1280])('should show a toast off "Retirer ma demande" and off the handover code\'s title (%i px)', async (width) => {
    const donor = await signedUpMember();
    const closesAt = new Date(Date.now() + 3 * 3_600_000).toISOString();
    const windowed = await donor.client.call('POST /api/donations', {
      body: { title: 'Poussette à demander', description: 'Très bon état.', categoryId: 8, city: 'Kénitra', imageUrl: dataUrl(await jpegWithGps(320, 240)), allocation: { mode: 'choose', closesAt } },
    });
    expect(windowed.status).toBe(201);
    const firstCome = await publish(donor.client, 'Lampe à réserver');
    const member = await askingMember();
    const context = await signedInContext(browser(), member.client, language, { viewport: { width, height: width < 1024 ? 844 : 800 } });
    const page = await context.newPage();
    /**
     * Whether the toast still covers the control (a CSS selector) once the page has settled: it
     * may move as the page changes under it, so it is given up to 2 s to be off it.
     */
    const covers = (selector: string) =>
      page
        .waitForFunction(
          (control) => {
            const toast = document.querySelector('[data-testid=toast]')!.getBoundingClientRect();
            const box = document.querySelector(control)!.getBoundingClientRect();
            return !(toast.left < box.right && box.left < toast.right && toast.top < box.bottom && box.top < toast.bottom);
          },
          selector,
          { timeout: 2000 },
        )
        .then(
          () => false,
          () => true,
        );

    // Asking: the sent request's "Retirer ma demande" shows while the toast says it is sent.
    await page.goto(`${base}/donations/${windowed.body.id}`);
    await page.getByTestId('request-message').fill('Bonjour, je peux passer ce soir.');
    await page.getByTestId('request-ask').click();
    await page.getByTestId('request-withdraw').waitFor();
    await page.getByTestId('toast').waitFor();
    expect(await covers('[data-testid="request-withdraw"]')).toBe(false);
    await screenshot(page, `toast-off-withdraw-${language}-${width}`);
    // Scrolled so the button sits just above the bottom edge (where a busy phone once left it,
    // with other buttons under the top edge): the toast still leaves it clear.
    await page.evaluate(() => {
      const bar = document.querySelector('[data-testid=mobile-tab-bar]')?.getBoundingClientRect().height ?? 0;
      const button = document.querySelector('[data-testid=request-withdraw]')!.getBoundingClientRect();
      window.scrollBy(0, button.bottom - (window.innerHeight - bar - 12));
    });
    expect(await covers('[data-testid="request-withdraw"]')).toBe(false);

    // Reserving: the handover code's title shows while the toast says it is reserved.
    await page.goto(`${base}/donations/${firstCome.id}`);
    await page.getByTestId('reserve-button').click();
    await page.locator('#handover-code-title').waitFor();
    await page.getByTestId('toast').waitFor();
    expect(await covers('#handover-code-title')).toBe(false);
    expect(await covers('[data-testid="handover-code-value"]')).toBe(false);
    await screenshot(page, `toast-off-handover-${language}-${width}`);
    // Dismissable whatever its place.
    await page.getByTestId('toast-close').click();
    await page.getByTestId('toast').waitFor({ state: 'detached' });
    await context.close();
  });
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
