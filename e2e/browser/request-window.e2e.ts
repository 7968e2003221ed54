import { testEnv } from '@hdiya/testing';
import type { DonationRequestsView } from '@hdiya/contracts';
import { signedUpMember } from '../support/api-client.js';
import { browserForFile, screenshot, signedInContext } from '../support/browser.js';
import { dataUrl, jpegWithGps } from '../support/images.js';
import { notificationAbout, welcomedMember } from '../support/members.js';

// The request window in the web app (docs/product.md#request-window): a member asks with a few
// words instead of reserving, the donor sees every asker with their level and chooses one, who
// gets the reservation; in French and Arabic, on a desktop and a 390 px phone.

const browser = browserForFile();
const base = testEnv().gatewayUrl;

describe.each([
  { language: 'fr' as const, ask: 'Demander cet objet', sent: 'Votre demande est envoyée', level: 'Nouveau membre', choose: 'Choisir' },
  { language: 'ar' as const, ask: 'اطلب هذا الغرض', sent: 'أُرسل طلبك', level: 'عضو جديد', choose: 'اختيار' },
])('the request window ($language)', ({ language, ask, sent, level, choose }) => {
  it.each([1280, 390])('should let a member ask and the donor choose among three askers (%i px)', async (width) => {
    const donor = await signedUpMember();
    const closesAt = new Date(Date.now() + 6 * 3_600_000).toISOString();
    const created = await donor.client.call('POST /api/donations', {
      body: { title: 'Lit bébé en bois', description: 'Avec son matelas.', categoryId: 8, city: 'Rabat', imageUrl: dataUrl(await jpegWithGps(320, 240)), allocation: { mode: 'choose', closesAt } },
    });
    expect(created.status).toBe(201);
    const id = created.body.id;
    const [first, second] = [await welcomedMember(), await welcomedMember()];
    for (const asker of [first, second]) {
      expect((await asker.client.call('POST /api/donations/{id}/requests', { params: { id }, body: { message: 'Bonjour, je peux passer demain.' } })).status).toBe(201);
    }

    // The third asks in the web app: no "Réserver", a message and "Demander".
    const third = await welcomedMember();
    const askerContext = await signedInContext(browser(), third.client, language, { viewport: { width, height: 900 } });
    const askerPage = await askerContext.newPage();
    await askerPage.goto(`${base}/donations/${id}`);
    await askerPage.getByTestId('request-window').waitFor();
    expect(await askerPage.getByTestId('reserve-button').count()).toBe(0);
    await askerPage.getByTestId('request-message').fill('السلام، أحتاجه لابنتي الصغيرة.');
    await askerPage.getByRole('button', { name: ask }).click();
    await askerPage.getByTestId('request-sent').filter({ hasText: sent }).waitFor();
    await screenshot(askerPage, `request-window-asked-${language}-${width}`);
    await askerContext.close();

    // The donor sees three askers with their level and chooses the one who asked in the web app.
    const donorContext = await signedInContext(browser(), donor.client, language, { viewport: { width, height: 900 } });
    const donorPage = await donorContext.newPage();
    await donorPage.goto(`${base}/donations/${id}`);
    const requests = donorPage.getByTestId('owner-request');
    await requests.nth(2).waitFor();
    expect(await requests.count()).toBe(3);
    expect(await donorPage.getByTestId('owner-request-level').first().innerText()).toContain(level);
    await screenshot(donorPage, `request-window-owner-${language}-${width}`, true);
    await donorPage.locator(`[data-testid="owner-request"][data-member="${third.user.id}"]`).getByRole('button', { name: choose }).click();
    await donorPage.getByTestId('owner-requests').waitFor({ state: 'detached' });
    await donorContext.close();

    const after = (await donor.client.call('GET /api/donations/{id}', { params: { id } })).body;
    expect(after).toMatchObject({ status: 'reserved', reservedById: third.user.id });
    expect((await notificationAbout(third.client, 'request_decided', id)).params).toMatchObject({ outcome: 'chosen' });
    const window = (await first.client.call('GET /api/donations/{id}/requests', { params: { id } })).body as DonationRequestsView;
    expect(window.mine).toMatchObject({ state: 'not_chosen' });
  });
});
