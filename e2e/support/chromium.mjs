// @ts-check
// Debian's Chromium and how the end-to-end tests start it; no browser download is possible (or
// wanted) on build machines. Plain JavaScript: the run's global set-up imports it without a transform.

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
  '--disable-sync',
];

/** Where the run's shared Chromium listens, when the runner started one (shared-browser.setup.mjs). */
export const SHARED_BROWSER_ENDPOINT = 'HDIYA_E2E_BROWSER_WS_ENDPOINT';
