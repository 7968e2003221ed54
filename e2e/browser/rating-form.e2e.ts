import { testEnv } from '@hdiya/testing';
import { signedInAdmin } from '../support/admin.js';
import { signedUpMember } from '../support/api-client.js';
import { browserForFile, screenshot, signedInContext } from '../support/browser.js';
import { completeGift, publish } from '../support/members.js';

// Rating a gift in the web app (docs/product.md#ratings): the receiver rates on the donation page,
// a down rating asks for a reason, and afterwards the page thanks them instead of asking again;
// the avatar menu and the points pages show the member's level where the reliability score was. Rating comments
// (docs/product.md#rating-comments): a member reports one from the donor's recent comments, a
// moderator removes it on /admin. In French and Arabic, on a desktop and a 390 px phone.

const browser = browserForFile();
const base = testEnv().gatewayUrl;

const TEXTS = {
  fr: { title: 'Évaluer cet échange', thanks: 'Merci, votre évaluation est enregistrée', reasonRequired: 'Indiquez ce qui s’est mal passé.', level: 'Nouveau membre', removed: 'Commentaire retiré : l’évaluation reste.' },
  ar: { title: 'قيّم هذا التبادل', thanks: 'شكرًا، تم تسجيل تقييمك', reasonRequired: 'حدّد ما الذي لم يسر على ما يرام.', level: 'عضو جديد', removed: 'تم حذف التعليق: يبقى التقييم.' },
} as const;

describe.each(['fr', 'ar'] as const)('rating a gift (%s)', (language) => {
  const text = TEXTS[language];

  it.each([1280, 390])('should let the receiver rate once, with a reason for a down rating (%i px)', async (width) => {
    const [donor, receiver] = [await signedUpMember(), await signedUpMember()];
    const gift = await completeGift(donor.client, receiver.client, 'Bouilloire en inox');
    const context = await signedInContext(browser(), receiver.client, language, { viewport: { width, height: 900 } });
    const page = await context.newPage();

    await page.goto(`${base}/donations/${gift.id}`);
    const form = page.getByTestId('rating-form');
    await form.waitFor();
    expect(await form.getByRole('heading').innerText()).toBe(text.title);
    // The member's level is in the avatar menu (issue 46: in the header's pill it pushed the header past the screen).
    await page.getByTestId('user-menu').click();
    expect(await page.getByTestId('header-level').innerText()).toBe(text.level);
    await page.keyboard.press('Escape');

    await page.getByTestId('rating-down').click();
    expect(await page.getByTestId('rating-down').getAttribute('aria-pressed')).toBe('true');
    await page.getByTestId('rating-submit').click();
    expect(await page.locator('#rating-reason-error').innerText()).toBe(text.reasonRequired);
    await page.getByTestId('rating-reason').selectOption('late');
    await page.getByTestId('rating-comment').fill('Vingt minutes de retard, mais très aimable.');
    expect(await form.innerText()).toContain('43/300');
    await screenshot(page, `rating-form-${language}-${width}`, true);

    await page.getByTestId('rating-submit').click();
    const done = page.getByTestId('rating-done');
    await done.waitFor();
    expect(await done.innerText()).toContain(text.thanks);
    expect(await done.getAttribute('data-value')).toBe('down');

    // Read again from the API: the form is not offered a second time.
    await page.reload();
    await page.getByTestId('rating-done').waitFor();
    expect(await page.getByTestId('rating-form').count()).toBe(0);
    await screenshot(page, `rating-done-${language}-${width}`);

    // The points page shows the member's level where the reliability score was, linked to /levels.
    await page.goto(`${base}/points-history`);
    const level = page.getByTestId('balance-level');
    await level.waitFor();
    expect(await level.innerText()).toBe(text.level);
    expect(await level.getAttribute('href')).toBe('/levels');
    await screenshot(page, `rating-points-level-${language}-${width}`);
    await context.close();
  });
});

describe.each([
  { language: 'fr' as const, width: 1280 },
  { language: 'ar' as const, width: 390 },
])('reporting and removing a rating comment ($language, $width px)', ({ language, width }) => {
  it('should let a member report a donor’s comment and a moderator remove it', async () => {
    const donor = await signedUpMember();
    for (const [index, comment] of ['Très ponctuel, merci.', 'Objet comme neuf.', 'Un escroc, fuyez !'].entries()) {
      const receiver = await signedUpMember();
      // With the code: only such handovers' ratings count at once (decision 0056).
      const gift = await completeGift(donor.client, receiver.client, `Objet ${index + 1}`, 'with the code');
      const rated = await receiver.client.call('POST /api/donations/{id}/ratings', { params: { id: gift.id }, body: { value: index < 2 ? 'up' : 'down', ...(index < 2 ? {} : { reason: 'other' }), comment } });
      expect(rated.status).toBe(201);
    }
    const item = await publish(donor.client, 'Table basse');
    const member = await signedUpMember();
    const context = await signedInContext(browser(), member.client, language, { viewport: { width, height: 900 } });
    const page = await context.newPage();
    await page.goto(`${base}/donations/${item.id}`);
    const comments = page.getByTestId('rating-comment');
    await comments.first().waitFor();
    expect(await comments.count()).toBe(3);
    const target = comments.filter({ hasText: 'Un escroc, fuyez !' });
    await target.scrollIntoViewIfNeeded();
    await screenshot(page, `rating-comments-${language}-${width}`);
    await target.getByTestId('rating-comment-report').click();
    await page.getByTestId('rating-report-reason-false').check();
    await screenshot(page, `rating-report-dialog-${language}-${width}`);
    await page.getByTestId('rating-report-submit').click();
    await page.getByTestId('rating-report-dialog').waitFor({ state: 'hidden' });
    await context.close();

    const admin = await signedInAdmin();
    const moderation = await signedInContext(browser(), admin.client, language, { viewport: { width, height: 900 } });
    const adminPage = await moderation.newPage();
    await adminPage.goto(`${base}/admin`);
    const reported = adminPage.getByTestId('reported-rating').filter({ hasText: 'Un escroc, fuyez !' });
    await reported.waitFor();
    await reported.scrollIntoViewIfNeeded();
    await screenshot(adminPage, `rating-moderation-${language}-${width}`);
    await reported.getByTestId('reported-rating-remove').click();
    await reported.waitFor({ state: 'detached' });
    await adminPage.getByText(TEXTS[language].removed).waitFor();

    // The donor's page shows the two comments left.
    await adminPage.goto(`${base}/donations/${item.id}`);
    await adminPage.getByTestId('rating-comment').first().waitFor();
    expect(await adminPage.getByTestId('rating-comment').count()).toBe(2);
    await moderation.close();
  });
});
