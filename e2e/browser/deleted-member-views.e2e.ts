import type { Page } from 'playwright-core';
import { testEnv, waitFor } from '@hdiya/testing';
import { signedUpMember } from '../support/api-client.js';
import { browserForFile, screenshot, signedInContext } from '../support/browser.js';
import { completeGift, expectBalance } from '../support/members.js';

// What another member sees once a member deleted their account (docs/product.md#deleting-ones-account,
// decision 0074): the gift they gave and the conversation with them show "Membre supprimé" (its
// Arabic on Arabic screens) as plain text; nothing leads to, or asks for, the deleted member's
// profile (no reply time, level, rating comments, report button or message form); the
// conversation stays readable. In French and Arabic, at 1280 and 390 px.

const browser = browserForFile();

const TEXTS = {
  fr: { name: 'Membre supprimé', thread: 'Ce membre a supprimé son compte' },
  ar: { name: 'عضو محذوف', thread: 'حذف هذا العضو حسابه' },
} as const;

/** Nothing on the page is wider than the screen. */
const fits = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

/** Whether the element's text sits inside a link or a button (something that leads somewhere). */
const insideLink = (page: Page, testId: string) =>
  page.getByTestId(testId).first().evaluate((element) => element.closest('a, button') !== null);

describe('a deleted member in the views of others', () => {
  for (const [language, width] of [
    ['fr', 1280],
    ['ar', 390],
    ['fr', 390],
    ['ar', 1280],
  ] as const) {
    it(`should show « Membre supprimé » as plain text and lead nowhere (${language}, ${width} px)`, async () => {
      const texts = TEXTS[language];
      const [leaver, friend] = [await signedUpMember({ firstName: 'Leïla' }), await signedUpMember({ firstName: 'Karim' })];
      await expectBalance(leaver.client, { points: 10 }, 'welcome');
      await expectBalance(friend.client, { points: 10 }, 'welcome');
      const gift = await completeGift(leaver.client, friend.client, 'Tajine en terre');
      expect((await leaver.client.call('POST /api/messages', { body: { content: 'Bon appétit avec le tajine', receiverId: friend.user.id, donationId: gift.id } })).status).toBe(201);
      expect((await friend.client.call('POST /api/messages', { body: { content: 'Merci beaucoup !', receiverId: leaver.user.id, donationId: gift.id } })).status).toBe(201);
      expect((await leaver.client.call('DELETE /api/auth/user', { body: { currentPassword: leaver.payload.password, cancelGiftsInProgress: true } })).status).toBe(200);
      // The API says so: the gift's giver and the conversation's other side are the deletion's tombstone.
      const owner = await waitFor(async () => {
        const seen = (await friend.client.call('GET /api/donations/{id}', { params: { id: gift.id } })).body.owner;
        return seen.deleted ? seen : undefined;
      }, { what: 'the gift’s giver deleted' });
      expect(owner).toMatchObject({ displayName: 'Membre supprimé', deleted: true });
      await waitFor(async () => ((await friend.client.call('GET /api/conversations')).body.some((c) => c.otherUser.id === owner.id && c.otherUser.deleted) ? true : undefined), {
        what: 'the conversation’s other side deleted',
      });

      const context = await signedInContext(browser(), friend.client, language, { viewport: { width, height: 900 } });
      const page = await context.newPage();
      // Every call the page makes: none may ask for the deleted member's profile (it answers 404).
      const asked: string[] = [];
      page.on('request', (request) => asked.push(new URL(request.url()).pathname));

      // The gift he received: its giver by the deleted name, nothing about or towards them.
      await page.goto(`${testEnv().gatewayUrl}/donations/${gift.id}`);
      await page.getByTestId('donation-owner-name').getByText(texts.name).waitFor();
      expect(await insideLink(page, 'donation-owner-name')).toBe(false);
      for (const absent of ['owner-reply-time', 'owner-level', 'owner-report-button', 'contact-donor-form', 'rating-comments']) {
        expect(await page.getByTestId(absent).count()).toBe(0);
      }
      expect(await page.locator(`a[href*="${owner.id}"]`).count()).toBe(0);
      expect(await fits(page)).toBe(true);
      await screenshot(page, `deleted-member-donation-${language}-${width}`);

      // The conversation: listed and readable under the deleted name, without a way to write.
      await page.goto(`${testEnv().gatewayUrl}/messages`);
      const entry = page.getByTestId('conversation').filter({ has: page.getByTestId('conversation-name').getByText(texts.name) });
      await entry.waitFor();
      await entry.click();
      const thread = page.getByTestId('message-thread');
      await thread.getByText('Bon appétit avec le tajine').waitFor();
      await thread.locator('#thread-name').getByText(texts.name).waitFor();
      await thread.getByTestId('thread-deleted-member').getByText(texts.thread).waitFor();
      for (const absent of ['thread-reply-time', 'thread-level', 'thread-report-button', 'message-form']) {
        expect(await thread.getByTestId(absent).count()).toBe(0);
      }
      expect(await thread.locator('textarea, input[type="file"]').count()).toBe(0);
      expect(await thread.locator('#thread-name').evaluate((element) => element.closest('a, button') !== null)).toBe(false);
      expect(await fits(page)).toBe(true);
      await screenshot(page, `deleted-member-thread-${language}-${width}`);

      // (The header asks for the signed-in member's own profile, for their level: that one is his.)
      expect(asked.filter((pathname) => pathname.startsWith('/api/users/') && !pathname.endsWith(friend.user.id))).toEqual([]);
      await context.close();
    });
  }
});
