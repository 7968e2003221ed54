// @ts-check
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, HEADLESS_SHELL, SHARED_BROWSER_ENDPOINT } from './chromium.mjs';

// One headless shell for the whole run when the runner asks for it (HDIYA_E2E_SHARED_BROWSER=1): each
// browser test file connects to it and opens its own contexts, instead of starting a browser of
// its own (seconds of CPU each, 28 times). The workers inherit the endpoint through the environment.
export default async function startSharedBrowser() {
  if (process.env.HDIYA_E2E_SHARED_BROWSER !== '1') return;
  const server = await chromium.launchServer({ executablePath: HEADLESS_SHELL, args: CHROMIUM_ARGS });
  /** @type {{ sharedBrowser?: import('playwright-core').BrowserServer }} */ (globalThis).sharedBrowser = server;
  process.env[SHARED_BROWSER_ENDPOINT] = server.wsEndpoint();
}
