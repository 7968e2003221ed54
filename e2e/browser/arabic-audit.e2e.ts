import type { Page } from 'playwright-core';
import { testEnv } from '@hdiya/testing';
import { signedUpMember } from '../support/api-client.js';
import { signedInAdmin } from '../support/admin.js';
import { browserForFile, signedInContext } from '../support/browser.js';
import { completeGift, expectBalance } from '../support/members.js';
import { mainScreens, memberWithConversation, type Screen } from '../support/screens.js';

// Arabic screens hold no French: every word of the interface comes from the Arabic resources.
// What members wrote (names, titles, messages) is marked as such (<bdi>, dir="auto") and skipped,
// as are left-to-right values (e-mail, numbers) and the map's credits.

const browser = browserForFile();

/** Latin words (3+ letters) of the interface, outside members' own text (in `root`, the whole page by default). */
function latinWords(page: Page, root = 'body'): Promise<string[]> {
  return page.evaluate((root) => {
    const skipped = 'bdi, [dir=auto], [dir=ltr], [lang]:not([lang=ar]), .leaflet-control-attribution, script, style, [aria-hidden=true]';
    const words = new Set<string>();
    const walker = document.createTreeWalker(document.querySelector(root)!, NodeFilter.SHOW_TEXT);
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
  }, root);
}

/**
 * What stays as it is in Arabic: the product's name, the other language's own name, the map's
 * credits, file format names (the photos', the data export's ZIP), and phone number masks (06XXXXXXXX).
 */
const ALLOWED = new Set(['Hdiya', 'Français', 'Leaflet', 'OpenStreetMap', 'PNG', 'JPG', 'JPEG', 'WebP', 'ZIP']);
const allowed = (word: string) => ALLOWED.has(word) || /^X+$/.test(word);

it('should show no French word on the main Arabic screens', async () => {
  const { donor, member, item } = await memberWithConversation('طاولة صغيرة', 'مرحبا');
  const context = await signedInContext(browser(), member.client, 'ar');
  const page = await context.newPage();
  const found: Record<string, string[]> = {};
  for (const [name, path, ready] of [
    ...mainScreens(donor.user.id, item.id),
    ['notifications', '/notifications', 'notifications-page'],
    ['history', '/points-history', 'history-entry'],
    ['transfer', '/transfer-points', 'transfer-form'],
    ['how-it-works', '/how-it-works', 'how-it-works-page'],
    ['alerts', '/alerts', 'saved-searches-page'],
    ['notification settings', '/settings/notifications', 'notification-preferences'],
    ['unsubscribe', '/unsubscribe?token=x', 'unsubscribe-page'],
    ['reset password', '/reset-password#token=x', 'reset-password-form'],
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

it('should show the points limits in Arabic: a withheld reward in the history, the gift pairs to moderators', async () => {
  // Names in Arabic: the history writes the other member's name into a sentence (isolated, not in <bdi>).
  const [donor, friend] = [await signedUpMember({ firstName: 'سلمى', lastName: 'بناني' }), await signedUpMember({ firstName: 'يوسف', lastName: 'العلوي' })];
  await expectBalance(friend.client, { points: 10 }, 'welcome');
  // A pair's 4th gift in 30 days earns nothing (decision 0019).
  for (let i = 1; i <= 4; i++) await completeGift(donor.client, friend.client, `هدية ${i}`);
  const admin = await signedInAdmin();
  const found: Record<string, string[]> = {};
  for (const [name, who, path, ready, root] of [
    ['history', donor, '/points-history', 'history-entry', 'body'],
    ['gift pairs', admin, '/admin', 'gift-pair', '[data-testid=gift-pairs]'],
  ] as const) {
    const context = await signedInContext(browser(), who.client, 'ar');
    const page = await context.newPage();
    await page.goto(`${testEnv().gatewayUrl}${path}`);
    await page.getByTestId(ready).first().waitFor();
    await page.waitForFunction(() => document.documentElement.dir === 'rtl');
    if (name === 'history') await page.getByText('مكافأة غير ممنوحة (أكثر من 3 هدايا بينكما خلال 30 يومًا)').first().waitFor();
    const french = (await latinWords(page, root)).filter((word) => !allowed(word));
    if (french.length > 0) found[name] = french;
    await context.close();
  }
  expect(found).toEqual({});
});

it('should point back and forward arrows the way each language reads', async () => {
  const { member, item } = await memberWithConversation('كرسي', 'سلام');
  const arrows = async (language: 'fr' | 'ar') => {
    const context = await signedInContext(browser(), member.client, language);
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
