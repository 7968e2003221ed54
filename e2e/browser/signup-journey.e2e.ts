import { testEnv } from '@hdiya/testing';
import { ApiClient, newMemberPayload, signedUpMember } from '../support/api-client.js';
import { browserForFile } from '../support/browser.js';
import { jpegWithGps } from '../support/images.js';
import { expectBalance } from '../support/members.js';

const browser = browserForFile();

describe('signing up in the browser', () => {
  it('should show 10 points in the header, then switch to Arabic right-to-left', async () => {
    const context = await browser().newContext({ locale: 'fr-FR' });
    const page = await context.newPage();
    const member = newMemberPayload();

    await page.goto(`${testEnv().gatewayUrl}/signup`);
    expect(await page.locator('html').getAttribute('lang')).toBe('fr');
    await page.getByLabel('Prénom', { exact: true }).fill(member.firstName);
    await page.getByLabel('Nom', { exact: true }).fill(member.lastName);
    await page.getByLabel("Nom d'utilisateur", { exact: true }).fill(member.username);
    await page.getByLabel('Email', { exact: true }).fill(member.email);
    await page.getByLabel('Téléphone', { exact: true }).fill(member.phone);
    await page.getByLabel('Mot de passe', { exact: true }).fill(member.password);
    await page.getByLabel('Confirmer le mot de passe', { exact: true }).fill(member.confirmPassword);
    await page.getByRole('button', { name: 'Créer mon compte' }).click();

    await page.waitForURL(`${testEnv().gatewayUrl}/`);
    const points = page.getByTestId('header-points');
    await points.filter({ hasText: /^10 points/ }).waitFor({ timeout: 15_000 });
    expect(await page.locator('html').getAttribute('dir')).toBe('ltr');

    await page.getByTestId('language-switch').click();
    await page.waitForFunction(() => document.documentElement.dir === 'rtl');
    expect(await page.locator('html').getAttribute('lang')).toBe('ar');
    await points.filter({ hasText: /10/ }).waitFor();

    // The choice is remembered across visits.
    await page.reload();
    await page.waitForFunction(() => document.documentElement.dir === 'rtl');
    await context.close();
  });
});

describe('giving and reserving in the browser', () => {
  it('should publish a donation with a photo, then let another member reserve it', async () => {
    const base = testEnv().gatewayUrl;
    const donor = await signedUpMember({ firstName: 'Mehdi', lastName: 'Lahlou' });
    const reserver = await signedUpMember();
    await expectBalance(reserver.client, { points: 10 });

    const donorContext = await browser().newContext({ locale: 'fr-FR' });
    await donorContext.addCookies([{ name: 'hdiya.sid', value: donor.client.sessionCookie!, url: base }]);
    const page = await donorContext.newPage();
    await page.goto(`${base}/create-donation`);
    await page.getByLabel('Titre', { exact: true }).fill('Lampe de chevet');
    await page.getByLabel('Description', { exact: true }).fill('Lampe en laiton, ampoule fournie.');
    await page.getByLabel('Catégorie', { exact: true }).selectOption('1');
    await page.getByLabel('Ville', { exact: true }).selectOption('Rabat');
    await page.getByLabel('Photos', { exact: true }).setInputFiles({ name: 'lampe.jpg', mimeType: 'image/jpeg', buffer: await jpegWithGps(640, 480) });
    await page.locator('[data-testid=photo-preview][data-uploading=false]').waitFor();
    await page.getByTestId('donation-submit').click();
    await page.waitForURL(/\/donations\/\d+$/);
    // The rewards come when the item is given, and the toast says so.
    await page.getByText('Votre don est publié. Vos points arriveront quand il sera remis.').waitFor();
    expect(await page.getByTestId('header-points').textContent()).toMatch(/^10 points/);
    const mine = await donor.client.call('GET /api/user/donations');
    expect(mine.body[0]!.title).toBe('Lampe de chevet');
    await donorContext.close();

    const reserverContext = await browser().newContext({ locale: 'fr-FR' });
    await reserverContext.addCookies([{ name: 'hdiya.sid', value: reserver.client.sessionCookie!, url: base }]);
    const reserverPage = await reserverContext.newPage();
    await reserverPage.goto(`${base}/donations/${mine.body[0]!.id}`);
    await reserverPage.getByTestId('donation-title').filter({ hasText: 'Lampe de chevet' }).waitFor();
    await reserverPage.getByTestId('reserve-button').click();
    await reserverPage.locator('[data-testid=donation-status-message][data-message=reservedByYou]').waitFor();
    // Ten days from now reads "10 jours", not the 9 days, 23 hours and 59 minutes a floor would say.
    await reserverPage.getByText('Il vous reste 10 jours pour le récupérer').waitFor();
    await reserverPage.getByTestId('header-points').filter({ hasText: /^8 points/ }).waitFor({ timeout: 15_000 });
    expect(await reserverPage.getByTestId('header-blocked-points').textContent()).toContain('2');
    expect((await new ApiClient().call('GET /api/donations/{id}', { params: { id: mine.body[0]!.id } })).body.status).toBe('reserved');
    await reserverContext.close();
  });
});
