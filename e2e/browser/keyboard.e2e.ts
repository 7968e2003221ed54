import type { Page } from 'playwright-core';
import { testEnv } from '@hdiya/testing';
import { signedUpMember } from '../support/api-client.js';
import { browserForFile, signedInContext } from '../support/browser.js';
import { expectBalance, publish } from '../support/members.js';

// Keyboard only: the skip link, a dialog that takes focus and gives it back, and reserving
// without a mouse.

const browser = browserForFile();

const focusedTestId = (page: Page) => page.evaluate(() => document.activeElement?.getAttribute('data-testid') ?? document.activeElement?.tagName ?? null);

/** Presses Tab until the element with this test id has focus (as a keyboard user would). */
async function tabTo(page: Page, testId: string, presses = 80): Promise<void> {
  for (let i = 0; i < presses; i += 1) {
    await page.keyboard.press('Tab');
    if ((await focusedTestId(page)) === testId) return;
  }
  throw new Error(`${testId} never received focus after ${presses} Tab presses`);
}

it('should let a member reach, open and close the map dialog and reserve with the keyboard alone', async () => {
  const donor = await signedUpMember();
  const member = await signedUpMember();
  await expectBalance(member.client, { points: 10 }, 'welcome');
  const item = await publish(donor.client, 'Lampe au clavier');
  const context = await signedInContext(browser(), member.client, 'fr');
  const page = await context.newPage();
  await page.goto(`${testEnv().gatewayUrl}/donations/${item.id}`);
  await page.getByTestId('donation-title').waitFor();

  // The first Tab offers to skip to the content, and it goes there.
  await page.keyboard.press('Tab');
  expect(await page.evaluate(() => document.activeElement?.className)).toContain('skip-link');
  await page.keyboard.press('Enter');
  expect(new URL(page.url()).hash).toBe('#main');

  await tabTo(page, 'show-map');
  await page.keyboard.press('Enter');
  await page.getByTestId('map-dialog').waitFor();
  expect(await page.evaluate(() => document.querySelector('[data-testid=map-dialog]')!.contains(document.activeElement))).toBe(true);
  await page.keyboard.press('Escape');
  await page.getByTestId('map-dialog').waitFor({ state: 'hidden' });
  expect(await focusedTestId(page)).toBe('show-map');

  await tabTo(page, 'reserve-button');
  await page.keyboard.press('Enter');
  await page.locator('[data-testid=donation-status-message][data-message=reservedByYou]').waitFor();
  await expectBalance(member.client, { points: 8, blockedPoints: 2 }, 'reserved by keyboard');
  await context.close();
});
