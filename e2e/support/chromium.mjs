// @ts-check
// Debian's Chromium and how the end-to-end tests start it; no browser download is possible (or
// wanted) on build machines. Plain JavaScript: the run's global set-up imports it without a transform.

/**
 * Debian's headless shell (package chromium-headless-shell, Chromium's old headless mode), for
 * every browser test that needs pages only. The full browser's headless mode opens a window with
 * an address bar for each context, and preloads its omnibox pop-up in a renderer of its own:
 * measured on 2026-11-27, a new context and its first page cost 3.9 CPU-seconds there and 1.2 in
 * the shell, a later page 1.3 against 0.7.
 */
export const HEADLESS_SHELL = process.env.CHROMIUM_HEADLESS_SHELL_PATH ?? '/usr/bin/chromium-headless-shell';

/** The full browser, for what the shell lacks: notifications and push in the service worker. */
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

/** Where the run's shared headless shell listens, when the runner started one (shared-browser.setup.mjs). */
export const SHARED_BROWSER_ENDPOINT = 'HDIYA_E2E_BROWSER_WS_ENDPOINT';
