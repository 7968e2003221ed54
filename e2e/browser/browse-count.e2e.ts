import { randomBytes } from 'node:crypto';
import { testEnv } from '@hdiya/testing';
import { signedUpMember } from '../support/api-client.js';
import { browserForFile, kenitra, screenshot } from '../support/browser.js';
import { publish } from '../support/members.js';

// Browse says how many (issue 21, item 9): with more than one page it said "Les 24 premiers dons";
// it now gives the total the API counted, "N dons trouvés" (spec), in Arabic's plural forms.

const browser = browserForFile();
// A word of its own, so only these donations match.
const word = `z${randomBytes(4).toString('hex')}`;
const base = testEnv().gatewayUrl;

beforeAll(async () => {
  const donors = [await signedUpMember(), await signedUpMember()];
  for (let i = 1; i <= 27; i += 1) await publish(donors[i % 2]!.client, `Tabouret ${word} ${i}`);
}, 120_000);

describe.each([
  ['fr', '27 dons trouvés'],
  ['ar', '27 تبرعًا'],
] as const)('browse in %s', (language, all) => {
  it.each([1280, 390])('should count all 27 found while the first page shows 24 (%i px)', async (width) => {
    const context = await browser().newContext({ viewport: { width, height: 900 }, locale: language === 'fr' ? 'fr-FR' : 'ar-MA' });
    await context.addInitScript((lang) => window.localStorage.setItem('language', lang), language);
    const page = await context.newPage();
    await page.goto(`${base}/donations?query=${word}&lat=${kenitra.lat}&lng=${kenitra.lng}`);
    await page.locator('[data-testid=browse-count][data-more=true][data-count="27"]').filter({ hasText: all }).waitFor();
    expect(await page.getByTestId('browse-grid').getByTestId('donation-card').count()).toBe(24);
    await screenshot(page, `browse-count-${language}-${width}`);
    // Loading the next page changes nothing in the count.
    await page.getByTestId('load-more').click();
    await page.locator('[data-testid=browse-count][data-more=false]').filter({ hasText: all }).waitFor();
    expect(await page.getByTestId('browse-grid').getByTestId('donation-card').count()).toBe(27);
    await context.close();
  });
});
