import { testEnv } from '@hdiya/testing';
import { signedInAdmin } from '../support/admin.js';
import { ApiClient, signedUpMember } from '../support/api-client.js';
import { seriousViolations } from '../support/axe.js';
import { browserForFile, screenshot, signedInContext } from '../support/browser.js';
import { publish } from '../support/members.js';

// The moderation page in French and Arabic, on a laptop and a 390 px phone: the reporters' reasons
// and comments, the "reported only" filter, dismissing reports (the donation stays online), no
// points pill for the administrator, and no serious or critical axe violation.


const TEXTS = {
  fr: { filter: 'Signalés uniquement', dismiss: 'Classer sans suite', dismissed: 'Signalements classés : le don reste en ligne', reason: 'Contenu commercial (vente, publicité)' },
  ar: { filter: 'المُبلَّغ عنها فقط', dismiss: 'حفظ دون متابعة', dismissed: 'حُفظت البلاغات: تبقى الهدية منشورة', reason: 'محتوى تجاري (بيع، إشهار)' },
} as const;

const browser = browserForFile();

describe.each([
  ['fr', 1280],
  ['fr', 390],
  ['ar', 1280],
  ['ar', 390],
] as const)('the moderation page in %s at %i px', (language, width) => {
  it('should show the reporter comment, filter reported donations, dismiss their reports, and show the admin no points', async () => {
    const texts = TEXTS[language];
    const owner = await signedUpMember();
    const reporter = await signedUpMember();
    const quiet = await publish(owner.client, `Étagère sans histoire ${language} ${width}`);
    const reported = await publish(owner.client, `Vélo à vendre ${language} ${width}`);
    // A comment written in the other script than the page's: it must keep its own direction.
    const comment = language === 'fr' ? 'يبيعه بـ 300 درهم في الهاتف' : 'Il le vend 300 DH au téléphone';
    expect((await reporter.client.call('POST /api/donations/{id}/reports', { params: { id: reported.id }, body: { reason: 'commercial', details: comment } })).status).toBe(201);
    const admin = await signedInAdmin();

    const context = await signedInContext(browser(), admin.client, language, { viewport: { width, height: 900 }, bypassCSP: true });
    const page = await context.newPage();
    await page.goto(`${testEnv().gatewayUrl}/admin`);
    await page.getByTestId('moderation-list').waitFor();
    await page.waitForFunction((dir) => document.documentElement.dir === dir, language === 'ar' ? 'rtl' : 'ltr');

    // Administrators take no part in the points economy: no pill in their header.
    await page.getByTestId('user-menu').waitFor({ state: 'attached' });
    expect(await page.getByTestId('header-points-summary').count()).toBe(0);

    // The reporter's reason, comment (as text, in its own direction) and time.
    const card = page.locator(`[data-testid=moderation-card][data-donation-id="${reported.id}"]`);
    const report = card.getByTestId('moderation-report');
    await report.waitFor();
    expect(await report.textContent()).toContain(texts.reason);
    const shown = card.getByTestId('moderation-report-comment');
    expect(await shown.textContent()).toBe(comment);
    expect(await shown.getAttribute('dir')).toBe('auto');

    // Reported only: the quiet donation leaves the list, the reported one stays.
    const quietCard = page.locator(`[data-testid=moderation-card][data-donation-id="${quiet.id}"]`);
    await quietCard.waitFor();
    await page.getByLabel(texts.filter).check();
    await quietCard.waitFor({ state: 'detached' });
    await card.waitFor();
    expect(await page.locator('[data-testid=moderation-card][data-report-count="0"]').count()).toBe(0);

    const violations = await seriousViolations(page);
    const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
    await screenshot(page, `moderation-${language}-${width}`, true);
    expect(violations).toEqual([]);
    expect(scrollWidth).toBeLessThanOrEqual(width);

    // Dismissing: the card leaves the reported list, the donation stays online.
    await card.getByRole('button', { name: texts.dismiss }).click();
    await page.getByTestId('toast').getByText(texts.dismissed).waitFor();
    await card.waitFor({ state: 'detached' });
    expect((await new ApiClient().call('GET /api/donations/{id}', { params: { id: reported.id } })).status).toBe(200);
    await page.getByLabel(texts.filter).uncheck();
    // Back in the whole list, without its reports.
    await page.locator(`[data-testid=moderation-card][data-donation-id="${reported.id}"][data-report-count="0"]`).waitFor();
    expect(await page.locator(`[data-testid=moderation-card][data-donation-id="${reported.id}"] [data-testid=moderation-report]`).count()).toBe(0);
    await screenshot(page, `moderation-dismissed-${language}-${width}`);
    await context.close();
  });
});
