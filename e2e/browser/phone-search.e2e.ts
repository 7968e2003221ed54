import { testEnv } from '@hdiya/testing';
import { browserForFile, screenshot } from '../support/browser.js';

// Issue 21, item 11: under 420 px the header had no search at all. A search icon now opens a
// field there, from the keyboard too, labelled in both languages, closed by Escape, right to left
// in Arabic.

const browser = browserForFile();

const base = testEnv().gatewayUrl;

const LABEL = { fr: 'Rechercher des dons', ar: 'ابحث في التبرعات' } as const;

it.each([
  ['fr', 390],
  ['ar', 390],
  ['ar', 360],
] as const)('should open a search field from the phone header, search, and close with Escape (%s, %i px)', async (language, width) => {
  const context = await browser().newContext({ viewport: { width, height: 844 } });
  await context.addInitScript((lang) => window.localStorage.setItem('language', lang), language);
  const page = await context.newPage();
  await page.goto(`${base}/how-it-works`);
  const toggle = page.getByTestId('site-header').getByRole('button', { name: LABEL[language] });
  await toggle.waitFor();
  expect(await toggle.getAttribute('aria-expanded')).toBe('false');

  // From the keyboard: focus the icon, Enter opens the field with the cursor in it.
  await toggle.focus();
  await page.keyboard.press('Enter');
  const field = page.getByTestId('site-header').getByRole('searchbox', { name: LABEL[language] });
  await field.waitFor();
  expect(await field.evaluate((input) => input === document.activeElement)).toBe(true);
  expect(await toggle.getAttribute('aria-expanded')).toBe('true');
  const box = (await field.boundingBox())!;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(width);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
  await screenshot(page, `phone-search-open-${language}-${width}`);

  // Escape closes it and gives the focus back to the icon.
  await page.keyboard.press('Escape');
  await field.waitFor({ state: 'hidden' });
  expect(await toggle.evaluate((button) => button === document.activeElement)).toBe(true);

  await page.keyboard.press('Enter');
  await field.waitFor();
  await page.keyboard.type('vélo');
  await page.keyboard.press('Enter');
  await page.waitForURL((url) => url.pathname === '/donations' && url.searchParams.get('query') === 'vélo');
  await field.waitFor({ state: 'hidden' });
  await context.close();
});
