import { randomBytes } from 'node:crypto';
import type { Page } from 'playwright-core';
import { testEnv } from '@hdiya/testing';
import { signedUpMember } from '../support/api-client.js';
import { browserForFile, kenitra } from '../support/browser.js';
import { publish } from '../support/members.js';

// Issue 44: on a first load, the answers a page shows first are asked for while the page's own
// code downloads, not after it has rendered (frontend/src/app/router.tsx `preloadRoute`), and the
// page then uses that answer instead of asking again.

const browser = browserForFile();
const base = testEnv().gatewayUrl;

/** The paths of the requests the page makes, in the order it makes them. */
function requestsOf(page: Page): string[] {
  const paths: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    paths.push(url.pathname + url.search);
  });
  return paths;
}

it("should ask for the search before the browse screen's code, once", async () => {
  const donor = await signedUpMember();
  const word = `z${randomBytes(4).toString('hex')}`;
  await publish(donor.client, `Chaise ${word}`);
  const page = await browser().newPage();
  const requests = requestsOf(page);

  await page.goto(`${base}/donations?query=${word}&lat=${kenitra.lat}&lng=${kenitra.lng}`);
  await page.getByTestId('browse-grid').getByTestId('donation-card').filter({ hasText: word }).waitFor();

  const searches = requests.filter((path) => path.startsWith('/api/donations?') && path.includes(word));
  expect(searches).toHaveLength(1);
  const screenCode = requests.findIndex((path) => /^\/assets\/browse-page-[\w-]+\.js$/.test(path));
  expect(screenCode).toBeGreaterThan(-1);
  expect(requests.indexOf(searches[0]!)).toBeLessThan(screenCode);
  await page.close();
});

it("should ask for the donation before the donation screen's code, once", async () => {
  const donor = await signedUpMember();
  const donation = await publish(donor.client, 'Étagère en pin');
  const page = await browser().newPage();
  const requests = requestsOf(page);

  await page.goto(`${base}/donations/${donation.id}`);
  await page.getByTestId('donation-detail').getByTestId('donation-title').filter({ hasText: 'Étagère en pin' }).waitFor();

  const asks = requests.filter((path) => path === `/api/donations/${donation.id}`);
  expect(asks).toHaveLength(1);
  const screenCode = requests.findIndex((path) => /^\/assets\/donation-detail-page-[\w-]+\.js$/.test(path));
  expect(screenCode).toBeGreaterThan(-1);
  expect(requests.indexOf(asks[0]!)).toBeLessThan(screenCode);
  await page.close();
});
