import { testEnv } from '@hdiya/testing';
import type { DonationRequestsView, DonationView } from '@hdiya/contracts';
import { signedUpMember } from '../support/api-client.js';
import { browserForFile, screenshot, signedInContext } from '../support/browser.js';
import { jpegWithGps } from '../support/images.js';
import { askingMember, expectBalance, notificationAbout, verifyAddress, welcomedMember } from '../support/members.js';

// The request window's whole journey in the web app (docs/product.md#request-window): the donor
// publishes with "Laisser chacun demander", three members ask (one in the web app, no
// "Réserver"), the donor sees each asker's level and chooses one, the gift is handed over, both
// rate it, and the donor's record and limits show it; in French and Arabic, desktop and 390 px.

const browser = browserForFile();
const base = testEnv().gatewayUrl;

describe.each([
  { language: 'fr' as const, verify: 'Confirmez d’abord votre adresse email', title: 'Lit bébé en bois', ask: 'Demander cet objet', sent: 'Votre demande est envoyée', level: 'Nouveau membre', choose: 'Choisir', record: 'dons remis : 1' },
  { language: 'ar' as const, verify: 'أكّد عنوان بريدك الإلكتروني أولاً', title: 'سرير أطفال خشبي', ask: 'اطلب هذا الغرض', sent: 'أُرسل طلبك', level: 'عضو جديد', choose: 'اختيار', record: 'هدايا سلّمها: 1' },
])('the request window ($language)', ({ language, verify, title, ask, sent, level, choose, record }) => {
  it.each([1280, 390])('should go publish with a window → three ask → the donor chooses → handover → both rate → the record shows it (%i px)', async (width) => {
    const viewport = { viewport: { width, height: 900 } };
    const donor = await signedUpMember();
    const donorContext = await signedInContext(browser(), donor.client, language, viewport);
    const donorPage = await donorContext.newPage();

    // Publish, letting everyone ask for 6 hours.
    await donorPage.goto(`${base}/create-donation`);
    await donorPage.getByTestId('donation-title-input').fill(title);
    await donorPage.getByTestId('donation-description-input').fill('Avec son matelas. مع فراشه.');
    await donorPage.getByTestId('donation-category').selectOption('8');
    await donorPage.getByTestId('donation-city').selectOption('Rabat');
    await donorPage.locator('#donation-photo').setInputFiles({ name: 'lit.jpg', mimeType: 'image/jpeg', buffer: await jpegWithGps(640, 480) });
    await donorPage.locator('[data-testid=photo-preview][data-uploading=false]').waitFor();
    await donorPage.getByTestId('allocation-choose').check();
    await donorPage.getByTestId('allocation-hours').selectOption('6');
    await screenshot(donorPage, `request-window-publish-${language}-${width}`, true);
    await donorPage.getByTestId('donation-submit').click();
    await donorPage.waitForURL(/\/donations\/\d+$/);
    const [item] = (await donor.client.call('GET /api/user/donations')).body as DonationView[];
    expect(item).toMatchObject({ title, allocation: { mode: 'choose', decided: false } });
    const id = item!.id;
    if (item!.allocation.mode === 'choose') expect(Date.parse(item!.allocation.closesAt) - Date.parse(item!.createdAt)).toBeGreaterThan(6 * 3_600_000 - 120_000);

    const [first, second] = [await askingMember(), await askingMember()];
    for (const asker of [first, second]) {
      expect((await asker.client.call('POST /api/donations/{id}/requests', { params: { id }, body: { message: 'Bonjour, je peux passer demain.' } })).status).toBe(201);
    }

    // The third asks in the web app: no "Réserver"; first asked to verify their address (issue
    // 45), then a message and "Demander".
    const third = await welcomedMember();
    const askerContext = await signedInContext(browser(), third.client, language, viewport);
    const askerPage = await askerContext.newPage();
    await askerPage.goto(`${base}/donations/${id}`);
    await askerPage.getByTestId('request-window').waitFor();
    expect(await askerPage.getByTestId('reserve-button').count()).toBe(0);
    await askerPage.getByTestId('request-verify-email').filter({ hasText: verify }).waitFor();
    expect(await askerPage.getByTestId('request-message').count()).toBe(0);
    await screenshot(askerPage, `request-window-verify-${language}-${width}`);
    await verifyAddress(third);
    await askerPage.reload();
    await askerPage.getByTestId('request-message').fill('السلام، أحتاجه لابنتي الصغيرة.');
    await askerPage.getByRole('button', { name: ask }).click();
    await askerPage.getByTestId('request-sent').filter({ hasText: sent }).waitFor();
    await screenshot(askerPage, `request-window-asked-${language}-${width}`);
    await expectBalance(third.client, { points: 10, blockedPoints: 0 }, 'nothing held for asking');

    // The donor sees three askers with their level and chooses the one who asked in the web app.
    await donorPage.goto(`${base}/donations/${id}`);
    const requests = donorPage.getByTestId('owner-request');
    await requests.nth(2).waitFor();
    expect(await requests.count()).toBe(3);
    expect(await donorPage.getByTestId('owner-request-level').first().innerText()).toContain(level);
    await screenshot(donorPage, `request-window-owner-${language}-${width}`, true);
    await donorPage.locator(`[data-testid="owner-request"][data-member="${third.user.id}"]`).getByRole('button', { name: choose }).click();
    await donorPage.getByTestId('owner-request-confirm-confirm').click();
    await donorPage.getByTestId('owner-requests').waitFor({ state: 'detached' });
    await expectBalance(third.client, { points: 8, blockedPoints: 2 }, 'the chosen asker holds 2 points');
    expect((await notificationAbout(third.client, 'request_decided', id)).params).toMatchObject({ outcome: 'chosen' });
    expect(((await first.client.call('GET /api/donations/{id}/requests', { params: { id } })).body as DonationRequestsView).mine).toMatchObject({ state: 'not_chosen' });

    // The handover: the donor types the chosen member's code; both rate (the donor in the web app).
    const { code } = (await third.client.call('GET /api/donations/{id}/handover', { params: { id } })).body as { code: string };
    expect((await donor.client.call('POST /api/donations/{id}/handover', { params: { id }, body: { code } })).status).toBe(200);
    expect((await third.client.call('POST /api/donations/{id}/ratings', { params: { id }, body: { value: 'up' } })).status).toBe(201);
    await donorPage.reload();
    await donorPage.getByTestId('rating-form').waitFor();
    await donorPage.getByTestId('rating-up').click();
    await donorPage.getByTestId('rating-submit').click();
    await donorPage.getByTestId('rating-done').waitFor();

    // The record shows the gift next to the donor's name, and their limits the points it earned.
    await askerPage.goto(`${base}/donations/${id}`);
    await askerPage.getByTestId('owner-level').filter({ hasText: record }).waitFor();
    await screenshot(askerPage, `request-window-given-${language}-${width}`);
    await donorPage.goto(`${base}/profile`);
    const earned = donorPage.getByTestId('limit-giftPoints');
    await earned.waitFor();
    expect(await earned.getAttribute('data-used')).toBe('10');
    await screenshot(donorPage, `request-window-limits-${language}-${width}`, true);
    await askerContext.close();
    await donorContext.close();
  });
});
