import { testEnv } from '@hdiya/testing';
import { signedUpMember } from '../support/api-client.js';
import { browserForFile, screenshot, signedInContext } from '../support/browser.js';
import { expectBalance, publish } from '../support/members.js';

// The waiting list and the handover code in the browser, in French and in Arabic: a member joins
// the line of a reserved item and sees their place; the reservation is cancelled and, without a
// reload, the offer appears; they accept it (2 points held), see their handover code, and the
// donor confirms the handover by typing it. Then a search saved from browse is edited and deleted.

const browser = browserForFile();

const base = testEnv().gatewayUrl;

describe.each(['fr', 'ar'] as const)('in %s', (language) => {
  it('should join a line, get the offer without reloading, accept it, and hand over with the code', async () => {
    const donor = await signedUpMember();
    const holder = await signedUpMember();
    const waiter = await signedUpMember();
    await expectBalance(waiter.client, { points: 10 }, 'welcome');
    const item = await publish(donor.client, `Bureau en chêne ${language}`);
    expect((await holder.client.call('POST /api/donations/{id}/reserve', { params: { id: item.id } })).status).toBe(200);

    const waiterContext = await signedInContext(browser(), waiter.client, language);
    const page = await waiterContext.newPage();
    await page.goto(`${base}/donations/${item.id}`);
    await page.locator('[data-realtime=connected]').waitFor();
    if (language === 'ar') expect(await page.locator('html').getAttribute('dir')).toBe('rtl');
    await page.getByTestId('waitlist-join').click();
    const position = page.getByTestId('waitlist-position');
    await position.waitFor();
    expect(await position.getAttribute('data-position')).toBe('1');
    if (language === 'fr') expect(await position.textContent()).toBe('Vous êtes 1er dans la file d’attente.');
    else expect(await position.textContent()).toBe('ترتيبك 1 في قائمة الانتظار.');
    await screenshot(page, `waitlist-waiting-${language}`);

    // The holder gives up: the offer reaches the waiting member's open page by the socket.
    expect((await holder.client.call('POST /api/donations/{id}/cancel', { params: { id: item.id } })).status).toBe(200);
    const offer = page.getByTestId('waitlist-offer');
    await offer.waitFor({ timeout: 15_000 });
    // It is this member's turn now, not "someone else's" item.
    expect(await page.getByTestId('donation-status-message').count()).toBe(0);
    await screenshot(page, `waitlist-offer-${language}`);
    await offer.getByTestId('waitlist-accept').click();

    const code = page.getByTestId('handover-code-value');
    await code.waitFor();
    const digits = (await code.textContent())!.trim();
    expect(digits).toMatch(/^\d{4}$/);
    await expectBalance(waiter.client, { points: 8, blockedPoints: 2 }, 'offer accepted');
    await page.getByTestId('reservation-time-left').waitFor();

    // The donor types the code at the handover.
    const donorContext = await signedInContext(browser(), donor.client, language);
    const donorPage = await donorContext.newPage();
    await donorPage.goto(`${base}/donations/${item.id}`);
    await donorPage.getByTestId('reservation-time-left').waitFor();
    const entry = donorPage.getByTestId('handover-entry');
    await entry.getByTestId('handover-code-input').fill(digits === '0000' ? '1111' : '0000');
    await entry.getByTestId('handover-submit').click();
    await entry.locator('.field__error').waitFor();
    await entry.getByTestId('handover-code-input').fill(digits);
    await entry.getByTestId('handover-submit').click();
    await donorPage.getByTestId('donation-status-message').and(donorPage.locator('[data-message=completed]')).waitFor();
    await screenshot(donorPage, `handover-confirmed-${language}`);
    await expectBalance(waiter.client, { points: 8, blockedPoints: 0 }, 'hold captured');

    await donorContext.close();
    await waiterContext.close();
  });
});

describe.each(['fr', 'ar'] as const)('the donor of an item offered from the line, in %s', (language) => {
  it('should see the offer, pass it to the next with "Passer au suivant", then withdraw the item', async () => {
    const donor = await signedUpMember();
    const [holder, first, second] = [await signedUpMember(), await signedUpMember(), await signedUpMember()];
    await expectBalance(holder.client, { points: 10 }, 'welcome');
    const item = await publish(donor.client, `Commode ${language}`);
    expect((await holder.client.call('POST /api/donations/{id}/reserve', { params: { id: item.id } })).status).toBe(200);
    expect((await first.client.call('POST /api/donations/{id}/waitlist', { params: { id: item.id } })).status).toBe(200);
    expect((await second.client.call('POST /api/donations/{id}/waitlist', { params: { id: item.id } })).status).toBe(200);
    expect((await holder.client.call('POST /api/donations/{id}/cancel', { params: { id: item.id } })).status).toBe(200);

    const context = await signedInContext(browser(), donor.client, language);
    const page = await context.newPage();
    await page.goto(`${base}/donations/${item.id}`);
    const offer = page.getByTestId('owner-waitlist-offer');
    await offer.waitFor();
    // Who it is offered to, with their level beside the name.
    await offer.getByTestId('owner-waitlist-offered-to').filter({ hasText: first.payload.firstName as string }).waitFor();
    expect(await offer.getByTestId('owner-waitlist-level').getAttribute('data-level')).toBe('new');
    await screenshot(page, `waitlist-owner-offer-${language}`);
    await offer.getByTestId('waitlist-skip-offer').click();
    await page.getByTestId('toast').getByText(language === 'fr' ? 'L’objet passe au suivant de la file' : 'يُعرض الغرض الآن على التالي في القائمة').waitFor();
    expect((await second.client.call('GET /api/donations/{id}/waitlist', { params: { id: item.id } })).body.me?.state).toBe('offered');

    await page.getByTestId('delete-donation').click();
    await page.getByTestId('delete-dialog-confirm').click();
    await page.waitForURL(`${base}/donations`);
    expect((await donor.client.call('GET /api/donations/{id}', { params: { id: item.id } })).status).toBe(404);
    await context.close();
  });
});

it('should save a search from browse, then edit and delete it on the alerts page', async () => {
  const member = await signedUpMember();
  const context = await signedInContext(browser(), member.client, 'fr');
  const page = await context.newPage();
  await page.goto(`${base}/donations?query=lampe&category=8&distance=7&lat=34.26&lng=-6.58`);
  await page.getByTestId('browse-count').waitFor();
  await page.getByTestId('save-search').click();
  await page.getByTestId('toast').getByText('Recherche enregistrée').waitFor();

  await page.goto(`${base}/alerts`);
  const saved = page.getByTestId('saved-search');
  await saved.waitFor();
  expect(await saved.getByTestId('saved-search-summary').textContent()).toBe('Autres · 7\u00a0km autour de Kénitra');
  await saved.getByTestId('saved-search-edit').click();
  await saved.getByLabel('Mots recherchés').fill('lampe de chevet');
  await saved.getByTestId('saved-search-city').selectOption('Rabat');
  await saved.getByTestId('saved-search-submit').click();
  await saved.getByText('lampe de chevet').waitFor();
  expect(await saved.getByTestId('saved-search-summary').textContent()).toBe('Autres · 7\u00a0km autour de Rabat');
  await screenshot(page, 'alerts-fr');
  await saved.getByTestId('saved-search-delete').click();
  await page.getByTestId('saved-searches-empty').waitFor();
  await context.close();
});
