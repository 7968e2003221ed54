import { randomBytes } from 'node:crypto';
import type { Browser } from 'playwright-core';
import { MOROCCAN_CITIES } from '@hdiya/contracts';
import { testEnv } from '@hdiya/testing';
import { ApiClient, signedUpMember } from '../support/api-client.js';
import { launchBrowser, screenshot } from '../support/browser.js';
import { publish } from '../support/members.js';

// Installable and usable offline: a manifest with icons, and a service worker that opens the app
// without network and shows the last browse results, under a clear offline banner.

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(() => browser?.close());

const base = testEnv().gatewayUrl;

it('should be installable: a manifest with its name and icons', async () => {
  const manifest = await new ApiClient().get<{ name: string; start_url: string; display: string; icons: { sizes: string }[] }>('/manifest.webmanifest');
  expect(manifest.status).toBe(200);
  expect(manifest.body).toMatchObject({ start_url: '/', display: 'standalone' });
  expect(manifest.body.icons.map((icon) => icon.sizes)).toEqual(expect.arrayContaining(['192x192', '512x512']));
  expect((await fetch(`${base}/icons/icon-512.png`)).headers.get('content-type')).toBe('image/png');
});

it('should open offline with the last browse results and say it is offline', async () => {
  const donor = await signedUpMember();
  const word = `h${randomBytes(4).toString('hex')}`;
  await publish(donor.client, `Étagère ${word}`);
  const kenitra = MOROCCAN_CITIES.find((city) => city.name === 'Kénitra')!;
  const url = `${base}/donations?query=${word}&lat=${kenitra.lat}&lng=${kenitra.lng}`;

  const context = await browser.newContext();
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
