import { chromium, type Browser } from 'playwright-core';
import { testEnv } from '@hdiya/testing';
import { newMemberPayload } from '../support/api-client.js';

// Debian's Chromium; no browser download is possible (or wanted) on build machines.
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
  '--disable-sync',
];

let browser: Browser;

beforeAll(async () => {
  browser = await chromium.launch({ executablePath: CHROMIUM, args: ARGS });
});

afterAll(() => browser?.close());

describe('signing up in the browser', () => {
  it('should show 10 points in the header, then switch to Arabic right-to-left', async () => {
    const context = await browser.newContext({ locale: 'fr-FR' });
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
