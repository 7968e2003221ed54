import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type BrowserContextOptions, type Page } from 'playwright-core';
import { MOROCCAN_CITIES } from '@hdiya/contracts';
import { testEnv } from '@hdiya/testing';
import type { ApiClient } from './api-client.js';
import { CHROMIUM, CHROMIUM_ARGS, HEADLESS_SHELL, SHARED_BROWSER_ENDPOINT } from './chromium.mjs';

/**
 * What a test file needs of its browser: pages only (the default), the web app's service worker
 * as well (the offline tests), or notifications and push in that worker, which only the full
 * browser has (the push tests).
 */
export type BrowserNeeds = 'pages' | 'service-worker' | 'push';

/**
 * A browser for `needs`: the run's shared headless shell if there is one, else one of the
 * caller's own; the full browser, always the caller's own, for push. Its contexts block service
 * workers unless asked: the web app's worker precaches the whole app in every new context, one to
 * two seconds of Chromium's CPU each (measured).
 */
export async function launchBrowser(needs: BrowserNeeds = 'pages'): Promise<Browser> {
  const shared = process.env[SHARED_BROWSER_ENDPOINT];
  const browser =
    needs === 'push'
      ? await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS })
      : await (shared ? chromium.connect(shared) : chromium.launch({ executablePath: HEADLESS_SHELL, args: CHROMIUM_ARGS }));
  const serviceWorkers = needs === 'pages' ? 'block' : 'allow';
  // newPage() opens its context through newContext(), so both get the default.
  const newContext = browser.newContext.bind(browser);
  browser.newContext = (options = {}) => newContext({ serviceWorkers, ...options });
  return browser;
}

/**
 * The browser a test file shares: launched before its first test, closed after its last. Call it
 * at the file's top level, with what the file needs; call what it returns inside the tests
 * (`browser().newContext()`).
 */
export function browserForFile(needs: BrowserNeeds = 'pages'): () => Browser {
  let browser: Browser | undefined;
  beforeAll(async () => {
    browser = await launchBrowser(needs);
  });
  // Closes its own browser, or disconnects from the shared one (closing the contexts it opened).
  afterAll(() => browser?.close());
  return () => {
    if (!browser) throw new Error('browserForFile(): the browser is launched in beforeAll, read it inside a test');
    return browser;
  };
}

/** Kénitra, where browser tests publish to stand apart from the default city (Casablanca). */
export const kenitra = MOROCCAN_CITIES.find((city) => city.name === 'Kénitra')!;

/** A browser context signed in as the member behind `client`, in French or Arabic. */
export async function signedInContext(
  browser: Browser,
  client: ApiClient,
  language: 'fr' | 'ar' = 'fr',
  options: Omit<BrowserContextOptions, 'locale'> = {},
): Promise<BrowserContext> {
  const context = await browser.newContext({ locale: language === 'fr' ? 'fr-FR' : 'ar-MA', ...options });
  await context.addCookies([{ name: 'hdiya.sid', value: client.sessionCookie!, url: testEnv().gatewayUrl }]);
  // The language the member chose last time (the web app keeps it in localStorage).
  await context.addInitScript((lang) => window.localStorage.setItem('language', lang), language);
  return context;
}

/** Where browser tests leave screenshots for people to look at (kept out of git). */
export const ARTIFACTS = process.env.HDIYA_E2E_ARTIFACTS ?? path.join(import.meta.dirname, '..', 'artifacts');

export async function screenshot(page: Page, name: string, fullPage = false): Promise<void> {
  mkdirSync(ARTIFACTS, { recursive: true });
  await page.screenshot({ path: path.join(ARTIFACTS, `${name}.png`), fullPage });
}
