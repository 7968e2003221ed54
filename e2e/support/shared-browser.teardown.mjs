// @ts-check

/** Stops the run's shared Chromium, if the set-up started one. */
export default async function stopSharedBrowser() {
  await /** @type {{ sharedBrowser?: import('playwright-core').BrowserServer }} */ (globalThis).sharedBrowser?.close();
}
