import type { BrowserContextOptions, Page } from 'playwright-core';
import { testEnv } from '@hdiya/testing';
import { browserForFile } from '../support/browser.js';

// docs/product.md#location (start-up) in a real browser: the device is asked once, the nearest city by
// great-circle distance names the place, the stored keys keep it; a refusal falls back to
// Casablanca; saved values win over the defaults; and browse's slider searches on its own only
// after an 800 ms pause. Startup says all this on the page, without toasts: the member asked for
// nothing (issue 21); its toasts come when the member asks for their position.

const browser = browserForFile();

const base = testEnv().gatewayUrl;

async function visitor(options: BrowserContextOptions, saved: Record<string, string> = {}): Promise<Page> {
  const context = await browser().newContext({ viewport: { width: 1280, height: 900 }, ...options });
  await context.addInitScript((values) => {
    for (const [key, value] of Object.entries(values)) window.localStorage.setItem(key, value);
  }, saved);
  return context.newPage();
}

const storage = (page: Page, key: string) => page.evaluate((name) => window.localStorage.getItem(name), key);

it('should name the nearest city when the device tells where it is, and keep it under the stored keys', async () => {
  // A few km east of Oujda's centre: nearer Oujda than any other city of the list.
  const page = await visitor({ geolocation: { latitude: 34.69, longitude: -1.88 }, permissions: ['geolocation'] });
  await page.goto(`${base}/`);
  await page.getByTestId('location-badge').filter({ hasText: 'Oujda · 10\u00a0km' }).waitFor();
  expect(await page.getByTestId('toast').count()).toBe(0);
  expect(await storage(page, 'userCity')).toBe('Oujda');
  expect(JSON.parse((await storage(page, 'userLocation'))!)).toEqual({ lat: 34.69, lng: -1.88 });
  expect(await storage(page, 'userDistance')).toBe('10');
  await page.context().close();
});

it('should fall back to Casablanca when the position is refused, and give the toasts when asked', async () => {
  const page = await visitor({ permissions: [] });
  await page.goto(`${base}/donations`);
  expect(await page.getByTestId('browse-no-position').textContent()).toContain(
    'Géolocalisation non disponible - utilisation de Casablanca par défaut',
  );
  expect(await storage(page, 'userLocation')).toBeNull();
  expect(await page.getByTestId('toast').count()).toBe(0);

  // Asked for by the member: now the toast says what happened.
  await page.goto(`${base}/`);
  // The section's own button (an empty country shows a second one in its card).
  await page.getByTestId('nearby-use-position').first().click();
  const toast = page.getByTestId('toast');
  await toast.getByText('Localisation par défaut').waitFor();
  expect(await toast.getByTestId('toast-description').textContent()).toBe('Nous utilisons une position par défaut.');
  await page.context().close();
});

it('should say "Localisation activée" with the city when the member asks for their position', async () => {
  const page = await visitor({ geolocation: { latitude: 34.69, longitude: -1.88 }, permissions: ['geolocation'] });
  await page.goto(`${base}/`);
  await page.getByTestId('location-badge').waitFor();
  await page.getByTestId('location-change').click();
  await page.getByRole('button', { name: 'Utiliser ma position actuelle' }).click();
  const toast = page.getByTestId('toast');
  await toast.getByText('Localisation activée').waitFor();
  expect(await toast.getByTestId('toast-description').textContent()).toBe('Nous affichons les dons près d’Oujda.');
  await page.context().close();
});

it('should let saved values win over the defaults without asking the device again', async () => {
  const page = await visitor(
    { geolocation: { latitude: 34.69, longitude: -1.88 }, permissions: ['geolocation'] },
    { userLocation: JSON.stringify({ lat: 34.0209, lng: -6.8416 }), userCity: 'Rabat', userDistance: '25' },
  );
  await page.goto(`${base}/`);
  expect(await page.getByTestId('location-badge').textContent()).toBe('Rabat · 25\u00a0km');
  await page.getByTestId('nearby-donations').waitFor();
  expect(await page.getByTestId('toast').count()).toBe(0);
  await page.context().close();
});

it('should search on its own only once the distance slider rests for 800 ms', async () => {
  const page = await visitor({ permissions: [] }, { userLocation: JSON.stringify({ lat: 34.0209, lng: -6.8416 }), userCity: 'Rabat' });
  // The page's clock is the test's: on a busy machine a key press can take longer than the pause
  // itself, so the pauses are counted in the page's time, not the wall clock's.
  await page.clock.install();
  await page.goto(`${base}/donations?distance=10`);
  const slider = page.getByTestId('browse-distance');
  await slider.waitFor();
  await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1000);
  await slider.focus();
  for (let step = 0; step < 5; step++) {
    if (step > 0) await page.clock.runFor(150);
    await slider.press('ArrowRight');
  }
  // Resting 700 ms after the last move: the URL has not changed yet.
  await page.clock.runFor(700);
  expect(new URL(page.url()).searchParams.get('distance')).toBe('10');
  // 800 ms: it searches (the clock runs on, for what the navigation itself waits for).
  await page.clock.runFor(100);
  await page.clock.resume();
  await page.waitForURL((url) => url.searchParams.get('distance') === '15');
  await page.context().close();
});
