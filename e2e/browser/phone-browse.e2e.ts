import { randomBytes } from 'node:crypto';
import { testEnv } from '@hdiya/testing';
import { signedUpMember } from '../support/api-client.js';
import { browserForFile, kenitra, screenshot, signedInContext } from '../support/browser.js';
import { publish } from '../support/members.js';

// Found when tried as a new member on a 390 px phone: the filters filled the first screen, the
// count said "24 dons trouvés" for a first page of 41, and informational toasts stayed for good.
// The count is now the API's total from the first page on (issue 21, item 9).

const browser = browserForFile();

const base = testEnv().gatewayUrl;

it('should show donations first on a phone, filters behind "Filtres (n)", and count all 25 when only 24 are loaded', async () => {
  const donor = await signedUpMember();
  // A word of its own, so only these donations match.
  const word = `z${randomBytes(4).toString('hex')}`;
  for (let i = 1; i <= 25; i += 1) await publish(donor.client, `Chaise ${word} ${i}`);

  const context = await browser().newContext({ viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  await page.goto(`${base}/donations?query=${word}&lat=${kenitra.lat}&lng=${kenitra.lng}`);

  const firstCard = page.getByTestId('browse-grid').getByTestId('donation-card').first();
  await firstCard.waitFor();
  expect((await firstCard.boundingBox())!.y).toBeLessThan(844);
  expect(await page.getByTestId('filters-sheet').isVisible()).toBe(false);
  await page.locator('[data-testid=browse-count][data-more=true]').filter({ hasText: '25 dons trouvés' }).waitFor();
  // The informational location toast goes away by itself.
  await page.getByTestId('toast').waitFor({ state: 'detached', timeout: 10_000 });
  await screenshot(page, 'browse-phone-first-screen');

  await page.getByTestId('filters-open').click();
  const sheet = page.getByTestId('filters-sheet');
  await sheet.waitFor();
  await sheet.getByLabel('Catégorie', { exact: true }).selectOption('8');
  await sheet.getByRole('button', { name: 'Appliquer les filtres' }).click();
  await page.waitForURL(/category=8/);
  expect(await sheet.isVisible()).toBe(false);
  await page.getByTestId('filters-open').filter({ hasText: 'Filtres (2)' }).waitFor();
  await page.getByTestId('load-more').click();
  await page.getByTestId('browse-count').filter({ hasText: '25 dons trouvés' }).waitFor();

  // In Arabic: the count in Arabic's plural form, and names kept whole inside right-to-left text.
  await page.evaluate(() => window.localStorage.setItem('language', 'ar'));
  await page.goto(`${base}/donations?query=${word}&lat=${kenitra.lat}&lng=${kenitra.lng}`);
  await page.getByTestId('browse-count').filter({ hasText: '25 تبرعًا' }).waitFor();
  const owner = page.getByTestId('donation-card-owner').first();
  expect(await owner.evaluate((element) => [element.tagName, element.textContent])).toEqual(['BDI', 'Salma I.']);
  expect(await page.getByTestId('donation-card').first().locator('h3').getAttribute('dir')).toBe('auto');
  await screenshot(page, 'browse-phone-ar');
  await context.close();
});

it.each(['fr', 'ar'] as const)('should open ?tab=favorites on a phone with that tab selected and in view (%s)', async (language) => {
  const member = await signedUpMember();
  const context = await signedInContext(browser(), member.client, language, { viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  await page.goto(`${base}/profile?tab=favorites`);
  const tab = page.getByTestId('profile-tab-favorites');
  await tab.and(page.locator('[aria-selected=true]')).waitFor();
  await page.waitForFunction(() => {
    const box = document.querySelector('[data-testid=profile-tab-favorites]')!.getBoundingClientRect();
    return box.left >= 0 && box.right <= window.innerWidth;
  });
  await screenshot(page, `profile-favorites-phone-${language}`);
  await context.close();
});
