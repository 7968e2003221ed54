import { testEnv, waitFor } from '@hdiya/testing';
import { signedUpMember, type ApiClient } from '../support/api-client.js';
import { browserForFile, screenshot, signedInContext } from '../support/browser.js';
import { completeGift, publish } from '../support/members.js';

// Ratings in a member's record (issue 46, docs/product.md#public-record): under 3 ratings the
// record says plainly that they show from 3 on; from the third, it counts them; and the member's
// own profile shows their level, their record and the comments they received. In French and
// Arabic, at 1440 and 1024 px and on 390 and 360 px phones.

const browser = browserForFile();
const base = testEnv().gatewayUrl;

const TEXTS = {
  fr: { later: 'avis affichés à partir de 3', counted: 'avis : 3 positifs, 0 négatifs', level: 'Nouveau membre', record: 'dons remis : 1, reçus : 0', comments: 'Avis récents' },
  ar: { later: 'تظهر التقييمات ابتداءً من 3', counted: 'التقييمات: 3 إيجابية، 0 سلبية', level: 'عضو جديد', record: 'هدايا سلّمها: 1، استلمها: 0', comments: 'آخر التقييمات' },
} as const;

/** The donor hands a gift over with the code and its receiver rates it "Bien passé". */
async function ratedGift(donor: ApiClient, title: string, comment: string): Promise<number> {
  const receiver = await signedUpMember();
  const gift = await completeGift(donor, receiver.client, title, 'with the code');
  expect((await receiver.client.call('POST /api/donations/{id}/ratings', { params: { id: gift.id }, body: { value: 'up', comment } })).status).toBe(201);
  return gift.id;
}

describe.each(['fr', 'ar'] as const)('ratings in the record (%s)', (language) => {
  const text = TEXTS[language];

  it('should say ratings show from 3 on until they do, then count them, on the donation page and the member’s own profile', async () => {
    const [donor, visitor] = [await signedUpMember(), await signedUpMember()];
    await ratedGift(donor.client, 'Théière en cuivre', 'Très ponctuelle, merci !');
    const item = await publish(donor.client, 'Tapis berbère');
    const widths = [1440, 1024, 390, 360];

    for (const width of widths) {
      const context = await signedInContext(browser(), visitor.client, language, { viewport: { width, height: 900 } });
      const page = await context.newPage();
      await page.goto(`${base}/donations/${item.id}`);
      const note = page.getByTestId('owner-level');
      await note.filter({ hasText: text.record }).waitFor();
      expect(await note.innerText()).toContain(text.later);
      await screenshot(page, `ratings-later-detail-${language}-${width}`);
      await context.close();

      const own = await signedInContext(browser(), donor.client, language, { viewport: { width, height: 900 } });
      const profile = await own.newPage();
      await profile.goto(`${base}/profile`);
      const mine = profile.getByTestId('profile-level');
      await mine.waitFor();
      expect(await mine.getAttribute('data-level')).toBe('new');
      expect(await mine.innerText()).toContain(text.level);
      expect(await mine.innerText()).toContain(text.later);
      expect(await profile.getByTestId('rating-comments').count()).toBe(0);
      expect(await profile.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      await screenshot(profile, `ratings-later-profile-${language}-${width}`);
      await own.close();
    }

    // Two more gifts rated: three ratings, which now show, here and on the member's own profile.
    await ratedGift(donor.client, 'Lampe en laiton', 'Objet conforme.');
    await ratedGift(donor.client, 'Coussin brodé', 'Accueil très aimable.');
    await waitFor(async () => (await visitor.client.call('GET /api/users/{id}', { params: { id: donor.user.id } })).body.ratings?.up === 3, {
      what: 'three ratings counted',
      timeoutMs: 15_000,
    });
    for (const width of widths) {
      const context = await signedInContext(browser(), visitor.client, language, { viewport: { width, height: 900 } });
      const page = await context.newPage();
      await page.goto(`${base}/donations/${item.id}`);
      await page.getByTestId('owner-level').filter({ hasText: text.counted }).waitFor();
      expect(await page.getByTestId('owner-level').innerText()).not.toContain(text.later);
      await screenshot(page, `ratings-counted-detail-${language}-${width}`);
      await context.close();

      const own = await signedInContext(browser(), donor.client, language, { viewport: { width, height: 900 } });
      const profile = await own.newPage();
      await profile.goto(`${base}/profile`);
      await profile.getByTestId('profile-level').filter({ hasText: text.counted }).waitFor();
      const comments = profile.getByTestId('rating-comments');
      await comments.waitFor();
      expect(await comments.innerText()).toContain(text.comments);
      expect(await profile.getByTestId('rating-comment').count()).toBe(3);
      expect(await profile.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      await screenshot(profile, `ratings-counted-profile-${language}-${width}`, true);
      await own.close();
    }
  });
});
