import { randomBytes } from 'node:crypto';
import { testEnv } from '@hdiya/testing';
import { ApiClient, signedUpMember } from '../support/api-client.js';
import { browserForFile, kenitra, screenshot, signedInContext } from '../support/browser.js';
import { publish } from '../support/members.js';

// Installable and usable offline: a manifest with icons, and a service worker that opens the app
// without network and shows the last browse results, under a clear offline banner.

const browser = browserForFile('service-worker');

const base = testEnv().gatewayUrl;

it('should be installable: a manifest with its name and icons', async () => {
  const manifest = await new ApiClient().request<{ name: string; start_url: string; display: string; icons: { sizes: string }[] }>('GET', '/manifest.webmanifest');
  expect(manifest.status).toBe(200);
  expect(manifest.body).toMatchObject({ start_url: '/', display: 'standalone' });
  expect(manifest.body.icons.map((icon) => icon.sizes)).toEqual(expect.arrayContaining(['192x192', '512x512']));
  expect((await fetch(`${base}/icons/icon-512.png`)).headers.get('content-type')).toBe('image/png');
});

it('should open offline with the last browse results and say it is offline', async () => {
  const donor = await signedUpMember();
  const word = `h${randomBytes(4).toString('hex')}`;
  await publish(donor.client, `Étagère ${word}`);
  const url = `${base}/donations?query=${word}&lat=${kenitra.lat}&lng=${kenitra.lng}`;

  const context = await browser().newContext();
  const page = await context.newPage();
  await page.goto(url);
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  // Once the service worker controls the page, what it fetches is kept for later.
  await page.reload();
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
  await page.getByTestId('browse-grid').getByText(`Étagère ${word}`).waitFor();
  expect(await page.getByTestId('offline-banner').count()).toBe(0);

  await context.setOffline(true);
  await page.reload();
  await page.getByTestId('offline-banner').waitFor();
  await page.getByTestId('browse-grid').getByText(`Étagère ${word}`).waitFor();
  await screenshot(page, 'offline-browse-fr');
  await context.close();
});

// Issue 21, item 5: offline, a signed-in member looked signed out ("Connexion / Inscription") and
// the home page's cards stayed skeletons under a banner promising the last visit's donations.
it.each([
  ['fr', 1280],
  ['ar', 390],
] as const)('should keep a member signed in offline and show the saved donations or say there are none (%s, %i px)', async (language, width) => {
  const donor = await signedUpMember();
  const word = `o${randomBytes(4).toString('hex')}`;
  await publish(donor.client, `Tabouret ${word}`);
  const member = await signedUpMember();
  const context = await signedInContext(browser(), member.client, language, { viewport: { width, height: width < 500 ? 844 : 900 } });
  // The member's place, saved on an earlier visit: the home page lists donations around Kénitra.
  await context.addInitScript((place) => {
    window.localStorage.setItem('userLocation', JSON.stringify({ lat: place.lat, lng: place.lng }));
    window.localStorage.setItem('userCity', 'Kénitra');
  }, kenitra);
  const page = await context.newPage();
  await page.goto(`${base}/`);
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  await page.reload();
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
  await page.getByTestId('nearby-grid').getByTestId('donation-card').first().waitFor();
  await page.getByTestId('user-menu').waitFor();

  // The network drops while the app is open: a search never made before says so plainly, no
  // skeletons left spinning, and home still shows the cards seen.
  await context.setOffline(true);
  await page.getByTestId('offline-banner').waitFor();
  await page.locator('[data-testid=tab-explore]:visible, .site-header__nav a[href="/donations"]:visible').first().click();
  await page.getByTestId('browse-offline-none').waitFor({ timeout: 10_000 });
  expect(await page.getByTestId('browse-grid-loading').count()).toBe(0);
  await page.getByTestId('logo').click();
  await page.getByTestId('nearby-grid').getByTestId('donation-card').first().waitFor({ timeout: 10_000 });
  await page.getByTestId('user-menu').waitFor();

  // Opened again without network: the same member, the donations of the last visit.
  await page.reload();
  await page.getByTestId('offline-banner').waitFor();
  await page.getByTestId('nearby-grid').getByTestId('donation-card').first().waitFor({ timeout: 10_000 });
  await page.getByTestId('user-menu').waitFor();
  expect(await page.getByTestId('header-login').count()).toBe(0);
  await screenshot(page, `offline-home-${language}-${width}`);

  // A search never made before: said plainly, no skeleton left spinning.
  await page.evaluate((query) => {
    window.history.pushState(null, '', `/donations?query=${query}`);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, `jamais${word}`);
  await page.getByTestId('browse-offline-none').waitFor({ timeout: 10_000 });
  expect(await page.getByTestId('browse-grid-loading').count()).toBe(0);
  await page.getByTestId('user-menu').waitFor();
  await screenshot(page, `offline-search-none-${language}-${width}`);

  // Back home in the app, still offline: the saved cards, not skeletons.
  await page.getByTestId('logo').click();
  await page.getByTestId('nearby-grid').getByTestId('donation-card').first().waitFor({ timeout: 10_000 });
  await context.close();
});
