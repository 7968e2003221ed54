import type { Page } from 'playwright-core';
import { testEnv } from '@hdiya/testing';
import { browserForFile, screenshot, signedInContext } from '../support/browser.js';
import { memberWithConversation } from '../support/screens.js';

// Issue 46, item 7: with every API answer 2 s late, Messages was blank with no skeleton. Every
// list that loads shows the shape of its rows meanwhile, then its content.

const browser = browserForFile();
const base = testEnv().gatewayUrl;
const LATE_MS = 2000;

/** Every API answer comes LATE_MS late, as on a slow network. */
async function slowApi(page: Page): Promise<void> {
  await page.route('**/api/**', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, LATE_MS));
    await route.continue().catch(() => undefined); // the page may have moved on
  });
}

describe.each(['fr', 'ar'] as const)('slow answers (%s)', (language) => {
  it.each([390, 1280])('should show skeletons on Messages and the other lists while they load (%i px)', async (width) => {
    const { donor, member, item } = await memberWithConversation('Lit parapluie', 'Bonjour, je peux passer samedi ?');
    const context = await signedInContext(browser(), member.client, language, { viewport: { width, height: 844 } });
    const page = await context.newPage();
    await slowApi(page);

    await page.goto(`${base}/messages`);
    await page.getByTestId('conversations-loading').getByTestId('list-skeleton-row').first().waitFor();
    await screenshot(page, `slow-messages-${language}-${width}`);
    await page.getByTestId('conversation').filter({ hasText: 'Lit parapluie' }).waitFor({ timeout: 15_000 });
    expect(await page.getByTestId('conversations-loading').count()).toBe(0);

    // A thread opened straight from a link: its bubbles' shape first.
    await page.goto(`${base}/messages?with=${donor.user.id}&donation=${item.id}`);
    await page.getByTestId('thread-loading').waitFor();
    await screenshot(page, `slow-thread-${language}-${width}`);
    await page.getByTestId('message').filter({ hasText: 'Bonjour, je peux passer samedi ?' }).waitFor({ timeout: 15_000 });

    for (const [path, loading] of [
      ['/notifications', 'notifications-loading'],
      ['/alerts', 'saved-searches-loading'],
      ['/asks', 'nearby-asks-loading'],
    ] as const) {
      await page.goto(`${base}${path}`);
      await page.getByTestId(loading).getByTestId('list-skeleton-row').first().waitFor();
      await screenshot(page, `slow-${path.slice(1)}-${language}-${width}`);
      await page.getByTestId(loading).waitFor({ state: 'detached', timeout: 15_000 });
    }
    await context.close();
  });
});
