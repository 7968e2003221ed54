import type { Page } from 'playwright-core';
import { testEnv } from '@hdiya/testing';
import { newMemberPayload, signedUpMember } from '../support/api-client.js';
import { browserForFile, screenshot } from '../support/browser.js';
import { publish } from '../support/members.js';

// Issue 21, item 3: a link to a members-only screen, opened signed out, used to go home (or to
// sign-in, then home). Now sign-in (or sign-up) leads back to the page asked for, query string
// included, and only ever to a path of this site.

const browser = browserForFile();

const base = testEnv().gatewayUrl;

type Language = 'fr' | 'ar';

async function visitorPage(language: Language, width: number): Promise<Page> {
  const context = await browser().newContext({ viewport: { width, height: width < 500 ? 844 : 900 } });
  await context.addInitScript((lang) => window.localStorage.setItem('language', lang), language);
  return context.newPage();
}

async function signIn(page: Page, username: string, password: string): Promise<void> {
  await page.locator('#login-username').fill(username);
  await page.locator('#login-password').fill(password);
  await page.getByTestId('login-submit').click();
}

/** The path, query and fragment of the page now shown. */
function shown(page: Page): string {
  const url = new URL(page.url());
  return `${url.pathname}${url.search}`;
}

it.each([
  ['fr', 1280],
  ['ar', 390],
] as const)('should sign in and land on the messages, profile or give screen asked for (%s, %i px)', async (language, width) => {
  const member = await signedUpMember();
  const donor = await signedUpMember();
  const item = await publish(donor.client, 'Lampe pour lien direct');
  const { username, password } = member.payload;
  const asked = [
    { path: `/messages?with=${donor.user.id}&donation=${item.id}`, ready: 'messages-page' },
    { path: '/profile?tab=favorites', ready: 'profile-page' },
    { path: '/create-donation', ready: 'create-donation-page' },
  ];
  for (const { path, ready } of asked) {
    const page = await visitorPage(language, width);
    await page.goto(`${base}${path}`);
    await page.waitForURL((url) => url.pathname === '/login');
    expect(new URL(page.url()).searchParams.get('next')).toBe(path);
    await screenshot(page, `deep-link-login-${ready}-${language}-${width}`);
    await signIn(page, username as string, password as string);
    await page.getByTestId(ready).waitFor();
    expect(shown(page)).toBe(path);
    await page.context().close();
  }
});

it.each([
  ['ar', 1280],
  ['fr', 390],
] as const)('should come back to the page asked for after signing up from its sign-in page (%s, %i px)', async (language, width) => {
  const page = await visitorPage(language, width);
  await page.goto(`${base}/create-donation`);
  await page.waitForURL((url) => url.pathname === '/login');
  await page.getByTestId('signup-link').click();
  await page.waitForURL((url) => url.pathname === '/signup');
  expect(new URL(page.url()).searchParams.get('next')).toBe('/create-donation');
  const payload = newMemberPayload();
  const fields: [string, string][] = [
    ['#signup-first-name', payload.firstName],
    ['#signup-last-name', payload.lastName],
    ['#signup-username', payload.username],
    ['#signup-email', payload.email],
    ['#signup-phone', payload.phone],
    ['#signup-password', payload.password],
    ['#signup-confirm-password', payload.confirmPassword],
  ];
  for (const [selector, value] of fields) await page.locator(selector).fill(String(value));
  await page.getByTestId('signup-submit').click();
  await page.getByTestId('create-donation-page').waitFor();
  expect(shown(page)).toBe('/create-donation');
  await screenshot(page, `deep-link-after-signup-${language}-${width}`);
  await page.context().close();
});

it.each(['//evil.example/steal', 'https://evil.example/steal', '/\\evil.example', 'javascript:alert(1)'])(
  'should never leave the site after sign-in, whatever ?next= says (%s)',
  async (next) => {
    const member = await signedUpMember();
    const page = await visitorPage('fr', 1280);
    await page.goto(`${base}/login?next=${encodeURIComponent(next)}`);
    await signIn(page, member.payload.username as string, member.payload.password as string);
    await page.getByTestId('user-menu').waitFor();
    await page.waitForURL(`${base}/`);
    await page.context().close();
  },
);
