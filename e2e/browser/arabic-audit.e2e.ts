import type { Browser, Page } from 'playwright-core';
import { testEnv } from '@hdiya/testing';
import { launchBrowser, signedInContext } from '../support/browser.js';
import { mainScreens, memberWithConversation, type Screen } from '../support/screens.js';

// Arabic screens hold no French: every word of the interface comes from the Arabic resources.
// What members wrote (names, titles, messages) is marked as such (<bdi>, dir="auto") and skipped,
// as are left-to-right values (e-mail, numbers) and the map's credits.

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(() => browser?.close());

/** Latin words (3+ letters) of the interface, outside members' own text. */
function latinWords(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const skipped = 'bdi, [dir=auto], [dir=ltr], [lang]:not([lang=ar]), .leaflet-control-attribution, script, style, [aria-hidden=true]';
    const words = new Set<string>();
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement;
      if (!parent || parent.closest(skipped) || !parent.checkVisibility()) continue;
      for (const word of node.textContent?.match(/[A-Za-zÀ-ÿ]{3,}/g) ?? []) words.add(word);
    }
    for (const element of document.querySelectorAll<HTMLElement>('[placeholder], [aria-label], [title]')) {
      if (element.closest(skipped)) continue;
      for (const attribute of ['placeholder', 'aria-label', 'title']) {
        for (const word of element.getAttribute(attribute)?.match(/[A-Za-zÀ-ÿ]{3,}/g) ?? []) words.add(word);
      }
    }
    return [...words];
  });
}

/**
 * What stays as it is in Arabic: the product's name, the other language's own name, the map's
 * credits, image format names, and phone number masks (06XXXXXXXX).
 */
const ALLOWED = new Set(['Hdiya', 'Français', 'Leaflet', 'OpenStreetMap', 'PNG', 'JPG']);
const allowed = (word: string) => ALLOWED.has(word) || /^X+$/.test(word);

it('should show no French word on the main Arabic screens', async () => {
  const { donor, member, item } = await memberWithConversation('طاولة صغيرة', 'مرحبا');
  const context = await signedInContext(browser, member.client, 'ar');
  const page = await context.newPage();
  const found: Record<string, string[]> = {};
  for (const [name, path, ready] of [
    ...mainScreens(donor.user.id, item.id),
    ['notifications', '/notifications', 'notifications-page'],
    ['history', '/points-history', 'history-entry'],
    ['transfer', '/transfer-points', 'transfer-form'],
    ['how-it-works', '/how-it-works', 'how-it-works-page'],
    ['alerts', '/alerts', 'saved-searches-page'],
  ] satisfies Screen[]) {
    await page.goto(`${testEnv().gatewayUrl}${path}`);
    await page.getByTestId(ready).first().waitFor();
    await page.waitForFunction(() => document.documentElement.dir === 'rtl');
    const french = (await latinWords(page)).filter((word) => !allowed(word));
    if (french.length > 0) found[name] = french;
  }
  expect(found).toEqual({});
  await context.close();
});

it('should point back and forward arrows the way each language reads', async () => {
  const { member, item } = await memberWithConversation('كرسي', 'سلام');
  const arrows = async (language: 'fr' | 'ar') => {
    const context = await signedInContext(browser, member.client, language);
    const page = await context.newPage();
    await page.goto(`${testEnv().gatewayUrl}/donations/${item.id}`);
    await page.getByTestId('donation-title').waitFor();
    const back = await page.locator('.back-link').first().evaluate((link) => getComputedStyle(link, '::before').content);
    await context.close();
    return back;
  };
  expect(await arrows('fr')).toBe('"← "');
  expect(await arrows('ar')).toBe('"→ "');
});
