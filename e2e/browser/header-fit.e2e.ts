import type { Page } from 'playwright-core';
import { testEnv } from '@hdiya/testing';
import { browserForFile, screenshot, signedInContext } from '../support/browser.js';
import { expectBalance } from '../support/members.js';
import { mainScreens, memberWithConversation } from '../support/screens.js';

// Issue 46, items 1 and 3: signed in with a reservation, the pill read "8 points (2 bloqués)
// Nouveau" and pushed the theme switch and the avatar past the right edge at 1280–1440 px, made a
// 1024 px page 1,207 px wide (1,146 in Arabic) and 360 px pages 376 and 385 px wide (the Arabic
// one drawn shrunk); the phone's notification list stuck out past the left edge in French, the
// right in Arabic. At every width: no page wider than the screen, the header's controls and every
// menu it opens inside it.

const browser = browserForFile();
const base = testEnv().gatewayUrl;

const WIDTHS = [360, 390, 1024, 1280, 1440] as const;

/** What sticks out of the screen sideways: the page, the header's row, and each of `testIds` shown. */
async function outOfScreen(page: Page, testIds: string[]): Promise<string[]> {
  return page.evaluate((ids) => {
    const found: string[] = [];
    const width = window.innerWidth;
    if (document.documentElement.scrollWidth > width) found.push(`the page is ${document.documentElement.scrollWidth} px wide`);
    // Nor past the header's own column, which lines up with the page's.
    const inner = document.querySelector('.site-header__inner')!;
    if (inner.scrollWidth > inner.clientWidth) found.push(`the header's row is ${inner.scrollWidth} px wide in ${inner.clientWidth}`);
    for (const id of ids) {
      const element = document.querySelector(`[data-testid="${id}"]`);
      const box = element?.getBoundingClientRect();
      if (!box || box.width === 0) continue; // not shown at this width
      if (box.left < 0 || box.right > width) found.push(`${id} spans ${Math.round(box.left)}–${Math.round(box.right)} px`);
    }
    return found;
  }, testIds);
}

const HEADER = ['site-header', 'logo', 'header-points-summary', 'notifications-trigger', 'language-switch', 'theme-toggle', 'user-menu', 'header-search-toggle'];

describe.each(['fr', 'ar'] as const)('the header signed in with blocked points (%s)', (language) => {
  it('should fit every main screen at 360, 390, 1024, 1280 and 1440 px, with its menus inside the screen', async () => {
    const { donor, member, item } = await memberWithConversation(language === 'fr' ? 'Chaise pour en-tête' : 'كرسي للترويسة', 'Bonjour');
    expect((await member.client.call('POST /api/donations/{id}/reserve', { params: { id: item.id } })).status).toBe(200);
    await expectBalance(member.client, { points: 8, blockedPoints: 2 }, 'the reservation held');
    const context = await signedInContext(browser(), member.client, language, { viewport: { width: 1440, height: 900 } });
    const page = await context.newPage();
    const found: Record<string, string[]> = {};

    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: width < 1024 ? 844 : 900 });
      for (const [name, path, ready] of mainScreens(donor.user.id, item.id)) {
        await page.goto(`${base}${path}`);
        await page.getByTestId(ready).first().waitFor();
        await page.getByTestId('header-points').filter({ hasText: /8|٨/ }).waitFor();
        const problems = await outOfScreen(page, HEADER);
        if (problems.length > 0) found[`${name} ${width}`] = problems;
      }

      // On the donation page: the pill as it reads, the avatar menu and the bell's list open.
      await page.goto(`${base}/donations/${item.id}`);
      await page.getByTestId('donation-title').waitFor();
      await page.getByTestId('header-points').filter({ hasText: /8|٨/ }).waitFor();
      await screenshot(page, `header-fit-${language}-${width}`);
      await page.getByTestId('user-menu').click();
      await page.getByTestId('user-menu-panel').waitFor();
      await page.getByTestId('header-level').waitFor();
      const menu = await outOfScreen(page, ['user-menu-panel']);
      if (menu.length > 0) found[`avatar menu ${width}`] = menu;
      await screenshot(page, `header-fit-menu-${language}-${width}`);
      await page.keyboard.press('Escape');
      await page.getByTestId('notifications-trigger').click();
      await page.getByTestId('notifications-menu').waitFor();
      const bell = await outOfScreen(page, ['notifications-menu']);
      if (bell.length > 0) found[`notifications ${width}`] = bell;
      await screenshot(page, `header-fit-bell-${language}-${width}`);
      await page.keyboard.press('Escape');
    }
    expect(found).toEqual({});

    // The pill stays short: the points and a lock with the blocked ones; screen readers hear them in words.
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(`${base}/profile`);
    const blocked = page.getByTestId('header-blocked-points');
    await blocked.waitFor();
    expect(await blocked.locator('.visually-hidden').textContent()).toBe(language === 'fr' ? '(2 bloqués)' : '(اثنتان محجوزتان)');
    expect(await page.getByTestId('header-points-summary').count()).toBe(1);
    expect(await page.getByTestId('header-points-summary').getByRole('link').count()).toBe(0);
    await context.close();
  });

  it('should fit a visitor\'s header at every width, "Je cherche" among its main links from 1024 px', async () => {
    const context = await browser().newContext({ viewport: { width: 1440, height: 900 } });
    await context.addInitScript((lang) => window.localStorage.setItem('language', lang), language);
    const page = await context.newPage();
    const found: Record<string, string[]> = {};
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: width < 1024 ? 844 : 900 });
      await page.goto(`${base}/`);
      await page.getByTestId('hero').waitFor();
      await page.getByTestId('header-login').waitFor();
      const problems = await outOfScreen(page, [...HEADER, 'header-login', 'header-signup']);
      if (problems.length > 0) found[`home ${width}`] = problems;
      expect(await page.getByTestId('nav-asks').isVisible()).toBe(width >= 1024);
      await screenshot(page, `header-fit-visitor-${language}-${width}`);
    }
    expect(found).toEqual({});
    await context.close();
  });
});
