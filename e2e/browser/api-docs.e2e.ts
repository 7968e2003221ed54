import { testEnv } from '@hdiya/testing';
import { launchBrowser, screenshot } from '../support/browser.js';

// The API reference page under the gateway's strict Content-Security-Policy: a browser would
// report any inline script or style it refused.
it('should show the API reference at /api/docs with nothing refused by the Content-Security-Policy', async () => {
  const browser = await launchBrowser();
  try {
    for (const width of [1280, 390]) {
      const page = await browser.newPage({ viewport: { width, height: 900 } });
      const refused: string[] = [];
      page.on('console', (message) => {
        if (/Content Security Policy|Refused to/i.test(message.text())) refused.push(message.text());
      });
      const response = await page.goto(`${testEnv().gatewayUrl}/api/docs`);
      expect(response?.status()).toBe(200);
      expect(await page.locator('h1').textContent()).toBe('Hdiya API');
      expect(await page.locator('section h2').count()).toBeGreaterThanOrEqual(70);
      await page.locator('a[href="#post--api-donations-id-reserve"]').click();
      expect(page.url()).toMatch(/#post--api-donations-id-reserve$/);
      await screenshot(page, `api-docs-${width}`);
      expect(refused).toEqual([]);
      await page.close();
    }
  } finally {
    await browser.close();
  }
});
