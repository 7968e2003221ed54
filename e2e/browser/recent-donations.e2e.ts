// e2e: alone (the home page's 8 newest donations in the whole country: files publishing side by side would push this one out)
import { testEnv } from '@hdiya/testing';
import { signedUpMember } from '../support/api-client.js';
import { browserForFile, screenshot } from '../support/browser.js';
import { publish } from '../support/members.js';

// Home without a position (issue 21, item 10): "Dons récents" lists the newest donations in the
// whole country; it used to show only those within 10 km of Casablanca (or "Aucun don disponible").

const browser = browserForFile();

const base = testEnv().gatewayUrl;

describe.each(['fr', 'ar'] as const)('home in %s', (language) => {
  it.each([1280, 390])('should list a donation published in Kénitra among the recent ones, without a position (%i px)', async (width) => {
    const donor = await signedUpMember();
    const donation = await publish(donor.client, `Table pliante ${language} ${width}`); // published in Kénitra, 130 km away
    const context = await browser().newContext({ viewport: { width, height: 900 }, locale: language === 'fr' ? 'fr-FR' : 'ar-MA' });
    await context.addInitScript((lang) => window.localStorage.setItem('language', lang), language);
    const page = await context.newPage();
    await page.goto(`${base}/`);
    const section = page.locator('[data-testid=nearby-donations][data-mode=recent]');
    await section.getByRole('heading', { name: language === 'fr' ? 'Dons récents' : 'أحدث الهدايا' }).waitFor();
    await section.locator(`[data-testid=donation-card][data-donation-id="${donation.id}"]`).waitFor();
    // No distance without a position.
    expect(await section.getByTestId('donation-card-distance').count()).toBe(0);
    // The section's top just below the sticky header.
    await section.evaluate((element) => window.scrollTo(0, element.getBoundingClientRect().top + window.scrollY - 72));
    await screenshot(page, `home-recent-${language}-${width}`);
    await context.close();
  });
});
