import { testEnv } from '@hdiya/testing';
import { signedUpMember } from '../support/api-client.js';
import { browserForFile, kenitra, screenshot, signedInContext } from '../support/browser.js';
import { jpegWithGps } from '../support/images.js';
import { expectBalance } from '../support/members.js';

// A whole gift, in each language: the donor publishes with a photo; another member finds it on
// the map at 5 km, reserves it (−2), writes to the donor and confirms reception, and the donor is
// paid (+5 for giving it, +5 for publishing it, decision 0012).

const browser = browserForFile();

const base = testEnv().gatewayUrl;

describe.each([
  // `word`: a word no other test's donation matches, in any of its search forms, so the map shows
  // this one alone (others at the city's centre, 'Vélo …' among them, would gather with it under
  // one cluster icon). Not "balade": its consonant skeleton (b-l-d, p read as b) is also "Plaid"'s,
  // which another file publishes in Kénitra.
  { language: 'fr' as const, title: 'Vélo pour la promenade', word: 'promenade', dir: 'ltr', reserve: 'Réserver (2 points)' },
  // Two is Arabic's dual: "نقطتان", not "2 نقاط".
  { language: 'ar' as const, title: 'دراجة للنزهة', word: 'للنزهة', dir: 'rtl', reserve: 'احجز (نقطتان)' },
])('a gift from publishing to reception ($language)', ({ language, title, word, dir, reserve }) => {
  it('should go publish → map at 5 km → reserve → message → confirm, with the points of each step', async () => {
    const donor = await signedUpMember();
    const seeker = await signedUpMember();
    await expectBalance(seeker.client, { points: 10 }, 'welcome');

    const donorContext = await signedInContext(browser(), donor.client, language);
    const donorPage = await donorContext.newPage();
    await donorPage.goto(`${base}/create-donation`);
    expect(await donorPage.locator('html').getAttribute('dir')).toBe(dir);
    await donorPage.getByTestId('donation-title-input').fill(title);
    await donorPage.getByTestId('donation-description-input').fill('Bon état, pneus neufs. حالة جيدة.');
    await donorPage.getByTestId('donation-category').selectOption('8');
    await donorPage.getByTestId('donation-city').selectOption('Kénitra');
    await donorPage.locator('#donation-photo').setInputFiles({ name: 'velo.jpg', mimeType: 'image/jpeg', buffer: await jpegWithGps(640, 480) });
    await donorPage.locator('[data-testid=photo-preview][data-uploading=false]').waitFor();
    await donorPage.getByTestId('donation-submit').click();
    await donorPage.waitForURL(/\/donations\/\d+$/);

    const seekerContext = await signedInContext(browser(), seeker.client, language);
    const page = await seekerContext.newPage();
    await page.goto(`${base}/donations?lat=${kenitra.lat}&lng=${kenitra.lng}&distance=5&view=map&query=${encodeURIComponent(word)}`);
    const map = page.getByTestId('browse-map');
    await map.locator(`.leaflet-marker-icon[title="${title}"]`).click();
    await page.getByTestId('donation-title').filter({ hasText: title }).waitFor();

    await page.getByTestId('reserve-button').filter({ hasText: reserve }).click();
    await page.locator('[data-testid=donation-status-message][data-message=reservedByYou]').waitFor();
    await expectBalance(seeker.client, { points: 8, blockedPoints: 2 }, 'after reserving');

    await page.getByTestId('contact-donor-input').fill('Je passe ce soir. سأمر هذا المساء.');
    await page.getByTestId('contact-donor-send').click();
    await page.getByTestId('contact-donor-open').waitFor();
    // The donor hears of both, in the header's badges, without reloading.
    await donorPage.getByTestId('messages-badge').filter({ hasText: '1' }).waitFor({ timeout: 15_000 });
    await donorPage.getByTestId('notifications-badge').filter({ hasText: '1' }).waitFor({ timeout: 15_000 });

    await page.getByTestId('confirm-reception-button').click();
    await page.getByTestId('confirm-reception-dialog-confirm').click();
    await page.locator('[data-testid=donation-detail][data-status=completed]').waitFor();
    await expectBalance(seeker.client, { points: 8, blockedPoints: 0 }, 'after confirming');
    await expectBalance(donor.client, { points: 20 }, 'donor paid for the gift');
    await screenshot(page, `gift-confirmed-${language}`);
    await donorContext.close();
    await seekerContext.close();
  });
});
