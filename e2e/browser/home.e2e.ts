import type { ImpactView } from '@hdiya/contracts';
import { testEnv } from '@hdiya/testing';
import { browserForFile, screenshot } from '../support/browser.js';

// The home page as a visitor finds it: figures counted from the data, search from the hero and
// the header; screenshots of the main screens in both languages, both themes, desktop and phone.

const browser = browserForFile();

const base = testEnv().gatewayUrl;

async function visitorPage(language: 'fr' | 'ar', theme: 'light' | 'dark', width: number, height: number) {
  const context = await browser().newContext({ viewport: { width, height } });
  await context.addInitScript(
    ([lang, mode]) => {
      window.localStorage.setItem('language', lang!);
      window.localStorage.setItem('ui-theme', mode!);
    },
    [language, theme],
  );
  return { context, page: await context.newPage() };
}

it('should show the impact figures the API counts, and search from the hero and the header', async () => {
  const { context, page } = await visitorPage('fr', 'light', 1280, 900);
  // The figures are counted once a minute per replica: compare with the answer this page got, not
  // with an earlier call that a recount may have overtaken.
  const answered = page.waitForResponse((response) => response.url().endsWith('/api/stats/impact') && response.ok());
  await page.goto(`${base}/`);
  const impact = (await (await answered).json()) as ImpactView;
  const given = page.getByTestId('home-impact').locator('[data-figure=objectsGiven] dd');
  await given.filter({ hasText: new Intl.NumberFormat('fr-MA').format(impact.objectsGiven) }).waitFor();
  await page.getByTestId('hero-counters').locator('[data-counter=users] dd').filter({ hasText: /\d/ }).waitFor();
  expect(await page.getByTestId('home-testimonials').getByTestId('testimonial').count()).toBe(3);

  await page.getByTestId('hero-search').getByRole('searchbox').fill('lampe');
  await page.getByTestId('hero-search').getByRole('button').click();
  await page.waitForURL(`${base}/donations?query=lampe`);
  await page.getByTestId('header-search').getByRole('searchbox').fill('vélo');
  await page.getByTestId('header-search').getByRole('searchbox').press('Enter');
  await page.waitForURL(`${base}/donations?query=v%C3%A9lo`);
  await context.close();
});

it('should open the map around the member from the teaser, open the filters from "Filtrer", and say how to install', async () => {
  const context = await browser().newContext({
    viewport: { width: 390, height: 844 },
    geolocation: { latitude: 34.69, longitude: -1.88 },
    permissions: ['geolocation'],
  });
  const page = await context.newPage();
  await page.goto(`${base}/`);
  const teaser = page.getByTestId('map-teaser');
  // The start-up location names the city first (quietly); then the teaser's own button opens the map there.
  await page.evaluate(() => new Promise<void>((resolve) => {
    const poll = () => (window.localStorage.getItem('userCity') ? resolve() : setTimeout(poll, 100));
    poll();
  }));
  await teaser.getByTestId('map-teaser-locate').click();
  await page.waitForURL((url) => url.pathname === '/donations' && url.searchParams.get('view') === 'map');
  const url = new URL(page.url());
  expect([url.searchParams.get('lat'), url.searchParams.get('lng'), url.searchParams.get('distance')]).toEqual(['34.69', '-1.88', '10']);
  await page.getByTestId('browse-count').waitFor();

  await page.goto(`${base}/`);
  await page.getByTestId('map-teaser-filter').click();
  await page.waitForURL((next) => next.searchParams.get('view') === 'map');
  expect(await page.getByTestId('filters-sheet').getAttribute('data-open')).toBe('true');

  // Headless Chromium never offers installation: the block gives the browser menu's words.
  await page.goto(`${base}/`);
  const install = page.getByTestId('install-app');
  expect(await install.getAttribute('data-state')).toBe('manual');
  await install.getByTestId('install-app-manual').getByText('Ajouter à l\'écran d\'accueil', { exact: false }).waitFor();
  await context.close();
});

describe.each(['fr', 'ar'] as const)('screens in %s', (language) => {
  it.each([
    ['light', 1280, 900],
    ['dark', 1280, 900],
    ['light', 390, 844],
    ['dark', 390, 844],
  ] as const)('should render home, browse and the information pages (%s, %i px) for people to look at', async (theme, width, height) => {
    const { context, page } = await visitorPage(language, theme, width, height);
    for (const [name, path, ready] of [
      ['home', '/', 'home-impact'],
      ['browse', '/donations', 'browse-count'],
      ['how-it-works', '/how-it-works', 'how-it-works-page'],
      ['stories', '/success-stories', 'impact-figures'],
    ] as const) {
      await page.goto(`${base}${path}`);
      await page.waitForFunction((dir) => document.documentElement.dir === dir, language === 'ar' ? 'rtl' : 'ltr');
      // Figures and counts are there (not the "…" shown while they load).
      await page.getByTestId(ready).filter({ hasNotText: '…' }).waitFor();
      await screenshot(page, `${name}-${language}-${theme}-${width}`, true);
    }
    await context.close();
  });
});
