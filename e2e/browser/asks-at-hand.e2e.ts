import { randomBytes } from 'node:crypto';
import { testEnv } from '@hdiya/testing';
import { signedUpMember } from '../support/api-client.js';
import { browserForFile, kenitra, screenshot, signedInContext } from '../support/browser.js';
import { publish } from '../support/members.js';

// Issue 46, item 10: "Je cherche" was the fifth item of the avatar menu, and a phone's browse page
// hid its search field behind "Filtres". Asks are now a main link from 1024 px and at hand on
// browse at every width; a phone searches from the field above the results.

const browser = browserForFile();
const base = testEnv().gatewayUrl;

const TEXTS = {
  fr: { nav: 'Je cherche', browse: 'Vous ne trouvez pas ? Dites ce que vous cherchez', asksTitle: 'Je cherche' },
  ar: { nav: 'أبحث عن', browse: 'لم تجد ما تريد؟ قل ما تبحث عنه', asksTitle: 'أبحث عن' },
} as const;

describe.each(['fr', 'ar'] as const)('"Je cherche" at hand (%s)', (language) => {
  const text = TEXTS[language];

  it.each([1024, 1280, 1440])('should be a main link of the header (%i px)', async (width) => {
    const member = await signedUpMember();
    const context = await signedInContext(browser(), member.client, language, { viewport: { width, height: 900 } });
    const page = await context.newPage();
    await page.goto(`${base}/donations`);
    const link = page.getByRole('navigation', { name: language === 'fr' ? 'Navigation principale' : 'التنقل الرئيسي' }).getByRole('link', { name: text.nav, exact: true });
    await link.waitFor();
    await link.click();
    await page.waitForURL(`${base}/asks`);
    await page.getByTestId('asks-page').waitFor();
    expect(await page.getByTestId('nav-asks').getAttribute('aria-current')).toBe('page');
    await screenshot(page, `asks-nav-${language}-${width}`);
    await context.close();
  });

  it.each([360, 390])('should show the search field and "Je cherche" on a phone\'s browse page, without opening "Filtres" (%i px)', async (width) => {
    const donor = await signedUpMember();
    const word = `z${randomBytes(4).toString('hex')}`;
    await publish(donor.client, `Poussette ${word}`);
    const member = await signedUpMember();
    const context = await signedInContext(browser(), member.client, language, { viewport: { width, height: 844 } });
    const page = await context.newPage();
    await page.goto(`${base}/donations?lat=${kenitra.lat}&lng=${kenitra.lng}`);
    await page.getByTestId('browse-count').waitFor();

    // Both in the first screen, the filters' sheet closed.
    const field = page.getByRole('searchbox', { name: language === 'fr' ? 'Rechercher' : 'بحث', exact: true });
    const asks = page.getByTestId('browse-asks-link');
    expect(await page.getByTestId('filters-sheet').isVisible()).toBe(false);
    for (const shown of [field, asks]) {
      const box = (await shown.boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(width);
      expect(box.y + box.height).toBeLessThan(844 - 64);
    }
    expect(await asks.innerText()).toContain(text.browse);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    await screenshot(page, `asks-browse-phone-${language}-${width}`);

    // The field searches: the words land in the URL and the results, the filters kept.
    await field.fill(word);
    await field.press('Enter');
    await page.waitForURL(new RegExp(`query=${word}`));
    expect(new URL(page.url()).searchParams.get('lat')).toBe(String(kenitra.lat));
    await page.getByTestId('browse-grid').getByTestId('donation-card').filter({ hasText: word }).waitFor();
    expect(await page.getByTestId('browse-count').getAttribute('data-count')).toBe('1');
    expect(await field.inputValue()).toBe(word);
    await screenshot(page, `asks-browse-searched-${language}-${width}`);

    await asks.click();
    await page.waitForURL(`${base}/asks`);
    await page.getByTestId('asks-page').waitFor();
    await context.close();
  });
});
