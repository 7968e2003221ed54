import type { BrowserContext, Page } from 'playwright-core';
import { testEnv } from '@hdiya/testing';
import { ApiClient, signedUpMember } from '../support/api-client.js';
import { browserForFile, kenitra, signedInContext } from '../support/browser.js';
import { publish } from '../support/members.js';
import { mainScreens, memberWithConversation, type Screen } from '../support/screens.js';

// Members' text (titles, names) is text on every screen, the map's pins included: markup in a
// title creates no element and cannot redirect whoever hovers the pin. The Content-Security-Policy
// allows no inline style, and the main screens need none.

const browser = browserForFile();

const base = testEnv().gatewayUrl;

// Each would be an element if written as HTML: #x, an image whose error handler runs, a refresh
// that takes the visitor to another page. Each has its own first word, to be alone on its map.
const MARKUP_TITLE = 'Gras <b id=x>gras</b><img src=x onerror="document.title=1">';
const REFRESH_TITLE = 'Horloge <meta http-equiv=refresh content="0;url=/pris-au-piege">';

/** Collects the page's Content-Security-Policy violations, on every page the context opens. */
async function recordViolations(context: BrowserContext): Promise<string[]> {
  const violations: string[] = [];
  await context.exposeBinding('reportViolation', (_source, text: string) => violations.push(text));
  await context.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      const report = (window as unknown as { reportViolation: (text: string) => void }).reportViolation;
      void report(`${e.effectiveDirective} ${e.blockedURI} ${e.sourceFile}:${e.lineNumber} ${e.sample}`);
    });
  });
  return violations;
}

/** What markup in a title could have created anywhere in the page. */
function injected(page: Page) {
  return page.evaluate(() => ({
    bold: document.querySelectorAll('#x, #y').length,
    images: document.querySelectorAll('img[src="x"]').length,
    metas: document.querySelectorAll('meta[http-equiv]').length,
  }));
}

it('should show titles with markup as text in the map pins, creating no element and no redirect', async () => {
  const donor = await signedUpMember();
  const seeker = await signedUpMember({ firstName: '<strong id=y>Sami</strong>' });
  const items = [await publish(donor.client, MARKUP_TITLE), await publish(donor.client, REFRESH_TITLE)];

  const context = await signedInContext(browser(), seeker.client, 'fr');
  const violations = await recordViolations(context);
  const page = await context.newPage();
  const navigations: string[] = [];
  // Documents the page loads (the app's own route changes load none).
  page.on('request', (request) => {
    if (request.isNavigationRequest() && request.frame() === page.mainFrame()) navigations.push(new URL(request.url()).pathname);
  });
  for (const [title, query] of [[MARKUP_TITLE, 'gras'], [REFRESH_TITLE, 'horloge']] as const) {
    await page.goto(`${base}/donations?lat=${kenitra.lat}&lng=${kenitra.lng}&distance=5&query=${query}&view=map`);
    const map = page.getByTestId('browse-map');
    // A pin's tooltip opens on hover, and on focus for keyboard users.
    await map.getByTitle(title, { exact: true }).focus();
    await map.locator('.leaflet-tooltip').waitFor();
    expect(await map.locator('.leaflet-tooltip').textContent()).toBe(title);
    expect(await injected(page)).toEqual({ bold: 0, images: 0, metas: 0 });
  }

  // The detail page shows the title as text too (its map's pin is named after the city).
  await page.goto(`${base}/donations/${items[0]!.id}`);
  await page.getByTestId('donation-title').filter({ hasText: MARKUP_TITLE }).waitFor();
  expect(await injected(page)).toEqual({ bold: 0, images: 0, metas: 0 });
  expect(await page.title()).not.toBe('1');

  // Only the pages the test opened: no refresh took the visitor anywhere.
  expect(navigations).toEqual(['/donations', '/donations', `/donations/${items[0]!.id}`]);
  expect(violations).toEqual([]);
  await context.close();
});

it('should report no Content-Security-Policy violation on the main screens', async () => {
  const { donor, member, item } = await memberWithConversation('Tapis tranquille', 'Bonjour <i>toi</i>');
  const context = await signedInContext(browser(), member.client, 'fr');
  const violations = await recordViolations(context);
  const page = await context.newPage();
  const screens: Screen[] = [
    ...mainScreens(donor.user.id, item.id),
    ['map', `/donations?lat=${kenitra.lat}&lng=${kenitra.lng}&distance=5&query=tranquille&view=map`, 'browse-map'],
  ];
  for (const [, path, ready] of screens) {
    await page.goto(`${base}${path}`);
    await page.getByTestId(ready).first().waitFor();
    if (ready === 'browse-map') await page.getByTestId(ready).locator('.map-pin').waitFor();
    if (ready === 'donation-title') {
      await page.getByTestId('show-map').click();
      await page.getByTestId('detail-map').locator('.map-pin').waitFor();
    }
  }
  // The other screens a member opens from the menus, each ready once its heading shows.
  for (const path of ['/notifications', '/points-history', '/transfer-points', '/alerts', '/contact', '/how-it-works', '/about']) {
    await page.goto(`${base}${path}`);
    await page.getByRole('heading', { level: 1 }).first().waitFor();
  }
  // A violation is reported as an event of the page that caused it: a last round trip to the
  // page lets any pending one arrive.
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(resolve)));
  expect(violations).toEqual([]);
  await context.close();
});

it('should send a Content-Security-Policy that allows no inline style and no style from any https site', async () => {
  const res = await new ApiClient().request('GET', '/');
  const policy = res.headers.get('content-security-policy') ?? '';
  const directives = new Map(policy.split(';').map((d) => d.trim().split(/\s+/)).map(([name, ...values]) => [name, values] as const));
  expect(directives.get('style-src')).toEqual(["'self'"]);
  expect(directives.get('script-src')).toEqual(["'self'"]);
  expect(policy).not.toContain("'unsafe-inline'");
});
