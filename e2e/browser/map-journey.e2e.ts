import { testEnv } from '@hdiya/testing';
import { signedUpMember } from '../support/api-client.js';
import { browserForFile, kenitra, screenshot, signedInContext } from '../support/browser.js';
import { publish } from '../support/members.js';

// The map: browse results as pins at 5 km, a pin opens its donation, the detail page's map shows
// the area; with no network for tiles (as on this machine) the pins stay and the map says so.

const browser = browserForFile();

const base = testEnv().gatewayUrl;

it('should show a donation as a pin in the map view at 5 km, open it, and show its area', async () => {
  const donor = await signedUpMember();
  const seeker = await signedUpMember();
  const item = await publish(donor.client, 'Lampe pour la carte');

  const context = await signedInContext(browser(), seeker.client, 'fr');
  const page = await context.newPage();
  await page.goto(`${base}/donations?lat=${kenitra.lat}&lng=${kenitra.lng}&distance=5&query=carte`);
  await page.getByTestId('browse-grid').getByText('Lampe pour la carte').waitFor();
  await page.getByTestId('view-map').click();
  expect(new URL(page.url()).searchParams.get('view')).toBe('map');
  expect(new URL(page.url()).searchParams.get('distance')).toBe('5');

  const map = page.getByTestId('browse-map');
  await map.locator('.map-pin').first().waitFor();
  expect(await map.getAttribute('data-points')).toBe('1');
  // No tile can load here: the map says so, and the pin is still there to click.
  await map.getByTestId('map-tiles-unavailable').waitFor({ timeout: 15_000 });
  await screenshot(page, 'browse-map-fr');
  await map.locator('.leaflet-marker-icon[title="Lampe pour la carte"]').click();
  await page.waitForURL(`${base}/donations/${item.id}`);

  await page.getByTestId('show-map').click();
  const detail = page.getByTestId('detail-map');
  await detail.locator('.map-pin').waitFor();
  await detail.locator('.donations-map__area').waitFor();
  await screenshot(page, 'detail-map-fr');
  await context.close();
});
