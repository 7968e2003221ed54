import type { Page } from 'playwright-core';
import { testEnv } from '@hdiya/testing';
import { ApiClient, signedUpMember } from '../support/api-client.js';
import { browserForFile, screenshot } from '../support/browser.js';
import { publish } from '../support/members.js';

// docs/product.md#validation and #members-and-roles for a visitor: reserving, favouriting and messaging each ask to sign in with the
// product's texts and make no call; transfer and history show a "Connexion requise" card; the
// messages screen sends the visitor to sign in with its toast, and back afterwards (issue 21).
// Nothing is changed on the server.

const browser = browserForFile();

const base = testEnv().gatewayUrl;

async function visitorPage(language: 'fr' | 'ar'): Promise<Page> {
  const context = await browser().newContext({ viewport: { width: 1280, height: 900 } });
  await context.addInitScript((lang) => window.localStorage.setItem('language', lang), language);
  return context.newPage();
}

/** The one visible toast's title and text, then closes it so the next prompt stands alone. */
async function toastText(page: Page): Promise<{ title: string; description: string; action: string | null }> {
  const toast = page.getByTestId('toast');
  await toast.waitFor();
  const shown = {
    title: (await toast.getByTestId('toast-title').textContent())!,
    description: (await toast.getByTestId('toast-description').textContent())!,
    action: await toast.getByTestId('toast-action').getAttribute('href'),
  };
  await toast.getByTestId('toast-close').click();
  await toast.waitFor({ state: 'detached' });
  return shown;
}

it('should ask a visitor to sign in to reserve, favourite or message, with the product texts and no call', async () => {
  const donor = await signedUpMember();
  const item = await publish(donor.client, 'Chaise pour visiteur');
  const page = await visitorPage('fr');
  const writes: string[] = [];
  page.on('request', (request) => {
    if (request.method() !== 'GET' && new URL(request.url()).pathname.startsWith('/api/')) writes.push(`${request.method()} ${request.url()}`);
  });
  await page.goto(`${base}/donations/${item.id}`);

  await page.getByTestId('reserve-button').click();
  expect(await toastText(page)).toEqual({
    title: 'Connexion requise',
    description: 'Veuillez vous connecter pour réserver cet objet',
    action: `/login?next=%2Fdonations%2F${item.id}`,
  });

  await page.getByTestId('favorite-button').click();
  expect(await toastText(page)).toMatchObject({ description: 'Veuillez vous connecter pour ajouter aux favoris', action: `/login?next=%2Fdonations%2F${item.id}` });

  // The message box is disabled for visitors; its send button says why.
  expect(await page.getByTestId('contact-donor-input').isDisabled()).toBe(true);
  await page.getByTestId('contact-donor-send').click();
  expect(await toastText(page)).toMatchObject({ description: 'Veuillez vous connecter pour envoyer un message', action: `/login?next=%2Fdonations%2F${item.id}` });

  expect(writes).toEqual([]);
  const state = await new ApiClient().call('GET /api/donations/{id}', { params: { id: item.id } });
  expect(state.body.status).toBe('available');
  await page.context().close();
});

it('should show a visitor the sign-in card on transfer and history, and send them to sign in from messages', async () => {
  const page = await visitorPage('fr');
  await page.goto(`${base}/transfer-points`);
  const transfer = page.getByTestId('transfer-login-required');
  await transfer.getByText('Connexion requise').waitFor();
  await transfer.getByText('Veuillez vous connecter pour transférer des points.').waitFor();
  expect(await page.getByTestId('transfer-form').count()).toBe(0);

  await page.goto(`${base}/points-history`);
  await page.getByTestId('history-login-required').getByText('Veuillez vous connecter pour consulter votre historique de points.').waitFor();
  await page.getByTestId('history-login-required-login').click();
  await page.waitForURL(`${base}/login?next=%2Fpoints-history`);

  await page.goto(`${base}/messages`);
  await page.waitForURL(`${base}/login?next=%2Fmessages`);
  // Already on the sign-in page: the toast says why, with no link of its own.
  const toast = page.getByTestId('toast');
  await toast.getByTestId('toast-title').filter({ hasText: 'Connexion requise' }).waitFor();
  expect(await toast.getByTestId('toast-description').textContent()).toBe('Veuillez vous connecter pour accéder à vos messages');
  expect(await toast.getByTestId('toast-action').count()).toBe(0);
  await page.context().close();
});

it('should ask in Arabic too, right to left', async () => {
  const donor = await signedUpMember();
  const item = await publish(donor.client, 'Chaise pour visiteur arabe');
  const page = await visitorPage('ar');
  await page.goto(`${base}/donations/${item.id}`);
  expect(await page.locator('html').getAttribute('dir')).toBe('rtl');
  await page.getByTestId('reserve-button').click();
  const shown = await page.getByTestId('toast').textContent();
  expect(shown).toMatch(/[\u0600-\u06FF]/);
  expect(shown).not.toMatch(/Veuillez|Connexion/);
  await screenshot(page, 'visitor-reserve-prompt-ar');
  await page.context().close();
});
