import { testEnv } from '@hdiya/testing';
import { signedUpMember } from '../support/api-client.js';
import { seriousViolations } from '../support/axe.js';
import { browserForFile, screenshot, signedInContext } from '../support/browser.js';
import { dataUrl, jpegWithGps } from '../support/images.js';

// Issue 46, item 9, on the browse page: "frgo" and "kuzina" find the right items and "portable"
// not the coffee table; a search that finds nothing offers "did you mean" (words that find
// something here) and the same words as a "Je cherche" ask, its form filled in. French and
// Arabic, on a 390 px phone and a desktop.

const browser = browserForFile();
const base = testEnv().gatewayUrl;
const VIEWPORTS = { phone: { width: 390, height: 844 }, desktop: { width: 1280, height: 900 } } as const;
const TEXTS = {
  fr: { didYouMean: 'Vouliez-vous dire « refrigerateur » ?', askFor: 'Personne ne donne « refrigerer » pour l’instant : demandez-le dans « Je cherche »' },
  ar: { didYouMean: 'هل تقصد «refrigerateur»؟', askFor: 'لا أحد يهدي «refrigerer» حاليًا: اطلبه في «أبحث عن»' },
} as const;

// A place of its own (near Guelmim), so nothing else falls in these searches.
const here = { lat: 28.9 + Math.random() * 0.2, lng: -10.0 - Math.random() * 0.2 };
const titles = { fridge: 'Réfrigérateur', kitchen: 'أواني المطبخ', table: 'Table basse', phone: 'Téléphone Android', chair: 'كرسي خشبي' } as const;

const browsed = (query: string) => `${base}/donations?${new URLSearchParams({ query, lat: String(here.lat), lng: String(here.lng), distance: '5' }).toString()}`;

beforeAll(async () => {
  const { client } = await signedUpMember();
  const photo = dataUrl(await jpegWithGps(320, 240));
  for (const title of Object.values(titles)) {
    const res = await client.call('POST /api/donations', {
      body: { title, description: 'À récupérer en soirée.', categoryId: 8, city: 'Guelmim', latitude: here.lat, longitude: here.lng, imageUrl: photo },
    });
    if (res.status !== 201) throw new Error(`publish failed: ${res.status} ${JSON.stringify(res.body)}`);
  }
});

describe.each(['fr', 'ar'] as const)('search words on the browse page (%s)', (language) => {
  it.each(Object.keys(VIEWPORTS) as (keyof typeof VIEWPORTS)[])('should find what typos and Darija name, and not a word that shares an ending (%s)', async (size) => {
    const member = await signedUpMember();
    const context = await signedInContext(browser(), member.client, language, { viewport: VIEWPORTS[size] });
    const page = await context.newPage();
    for (const [query, expected] of [
      ['frgo', [titles.fridge]],
      ['kuzina', [titles.kitchen]],
      ['portable', [titles.phone]],
    ] as const) {
      await page.goto(browsed(query));
      await page.getByTestId('browse-grid').getByText(expected[0]).waitFor();
      expect(await page.getByTestId('browse-count').getAttribute('data-count')).toBe(String(expected.length));
      expect(await page.getByTestId('browse-grid').getByText(titles.table).count()).toBe(0);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(VIEWPORTS[size].width);
      await screenshot(page, `search-${query}-${language}-${size}`);
    }
    await context.close();
  });

  it.each(Object.keys(VIEWPORTS) as (keyof typeof VIEWPORTS)[])('should offer "did you mean" and a "Je cherche" ask when nothing is found (%s)', async (size) => {
    const member = await signedUpMember();
    const context = await signedInContext(browser(), member.client, language, { viewport: VIEWPORTS[size], bypassCSP: true }); // axe is injected inline
    const page = await context.newPage();
    await page.goto(browsed('refrigerer'));
    const empty = page.getByTestId('browse-empty');
    await empty.waitFor();
    const suggestion = empty.getByTestId('browse-suggestion');
    expect(await suggestion.innerText()).toBe(TEXTS[language].didYouMean);
    expect((await empty.getByTestId('browse-ask-for').innerText()).trim()).toBe(TEXTS[language].askFor);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(VIEWPORTS[size].width);
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, `search-empty-${language}-${size}`, true);

    // The suggestion searches its words, in the same place.
    await suggestion.click();
    await page.getByTestId('browse-grid').getByText(titles.fridge).waitFor();
    expect(new URL(page.url()).searchParams.get('query')).toBe('refrigerateur');
    expect(new URL(page.url()).searchParams.get('lat')).toBe(String(here.lat));

    // Back to the empty search: its words open the ask form, filled in.
    await page.goBack();
    await page.getByTestId('browse-ask-for').click();
    await page.getByTestId('ask-form').waitFor();
    expect(new URL(page.url()).pathname).toBe('/asks');
    expect(await page.getByTestId('ask-title').inputValue()).toBe('refrigerer');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(VIEWPORTS[size].width);
    await screenshot(page, `search-empty-ask-${language}-${size}`);
    await context.close();
  });
});

// Decision 0078: the same in Arabic letters, on a 390 px phone: "كسري" (two letters swapped, no
// typo to search with) finds nothing and offers "كرسي", whose link finds the chair.
describe.each(['ar', 'fr'] as const)('did you mean, in Arabic letters (%s)', (language) => {
  it('should offer the word a swap hides, in the page\'s direction, and search it', async () => {
    const member = await signedUpMember();
    const context = await signedInContext(browser(), member.client, language, { viewport: VIEWPORTS.phone });
    const page = await context.newPage();
    await page.goto(browsed('كسري'));
    const suggestion = page.getByTestId('browse-empty').getByTestId('browse-suggestion');
    expect(await suggestion.innerText()).toBe(language === 'ar' ? 'هل تقصد «كرسي»؟' : 'Vouliez-vous dire « كرسي » ?');
    expect(await page.evaluate(() => document.documentElement.dir)).toBe(language === 'ar' ? 'rtl' : 'ltr');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(VIEWPORTS.phone.width);
    await screenshot(page, `search-empty-arabic-word-${language}-phone`, true);

    await suggestion.click();
    await page.getByTestId('browse-grid').getByText(titles.chair).waitFor();
    expect(new URL(page.url()).searchParams.get('query')).toBe('كرسي');
    expect(await page.getByTestId('browse-count').getAttribute('data-count')).toBe('1');
    await screenshot(page, `search-arabic-suggested-${language}-phone`);
    await context.close();
  });
});
