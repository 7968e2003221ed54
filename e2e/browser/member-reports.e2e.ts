import type { Page } from 'playwright-core';
import { testEnv } from '@hdiya/testing';
import { signedInAdmin } from '../support/admin.js';
import { signedUpMember } from '../support/api-client.js';
import { seriousViolations } from '../support/axe.js';
import { browserForFile, screenshot, signedInContext } from '../support/browser.js';

// Member reports and suspensions in French and Arabic, on a laptop and a 390 px phone
// (docs/product.md#member-reports): a member reports another from their conversation and attaches
// it, a second report the same day is turned down kindly; a moderator reads the report and the
// conversation on /admin and suspends the member, whose open page is signed out and whose sign-in
// says why and until when; reinstated, the member signs in again. No sideways scroll, and no
// serious or critical axe violation in the dialogs or the admin section.


const TEXTS = {
  fr: {
    open: 'Signaler ce membre',
    intro: 'Les modérateurs examinent chaque signalement. Le membre ne sait pas qui l’a signalé.',
    scam: 'Arnaque',
    attach: 'Joindre cette conversation',
    attachHint: 'Les modérateurs pourront lire ses 50 derniers messages.',
    sent: 'Merci, votre signalement a été envoyé aux modérateurs.',
    already: 'Vous avez déjà signalé ce membre aujourd’hui.',
    alreadyHint: 'Merci, les modérateurs vont examiner votre signalement.',
    section: 'Signalements de membres',
    openReports: 'Signalements ouverts : 1',
    conversation: 'Conversation jointe',
    suspendTitle: 'Suspendre ce membre',
    suspended: 'Membre suspendu : ses sessions sont fermées.',
    reinstated: 'Suspension levée.',
    reason: 'Demande de l’argent pour ses dons',
    refusal: (when: string, reason: string) => `Votre compte est suspendu jusqu’au ${when}. Motif : ${reason}. Pour contester, écrivez-nous depuis la page Contact.`,
  },
  ar: {
    open: 'الإبلاغ عن هذا العضو',
    intro: 'يراجع المشرفون كل بلاغ. لا يعرف العضو من أبلغ عنه.',
    scam: 'احتيال',
    attach: 'إرفاق هذه المحادثة',
    attachHint: 'سيتمكن المشرفون من قراءة آخر 50 رسالة فيها.',
    sent: 'شكرًا، أُرسل بلاغك إلى المشرفين.',
    already: 'سبق أن أبلغت عن هذا العضو اليوم.',
    alreadyHint: 'شكرًا، سيراجع المشرفون بلاغك.',
    section: 'بلاغات عن الأعضاء',
    openReports: 'بلاغات مفتوحة: 1',
    conversation: 'المحادثة المرفقة',
    suspendTitle: 'تعليق هذا العضو',
    suspended: 'عُلّق العضو: أُغلقت جلساته.',
    reinstated: 'رُفع التعليق.',
    reason: 'يطلب المال مقابل هداياه',
    refusal: (when: string, reason: string) => `حسابك معلّق إلى غاية ${when}. السبب: ${reason}. للاعتراض، راسلنا من صفحة الاتصال.`,
  },
} as const;

const browser = browserForFile();
const base = testEnv().gatewayUrl;

/** Wider than the viewport is a sideways scroll: the document must be exactly as wide as it. */
const documentWidth = (page: Page) => page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, viewport: document.documentElement.clientWidth }));

async function expectNoSidewaysScroll(page: Page): Promise<void> {
  const { scroll, viewport } = await documentWidth(page);
  expect(scroll).toBe(viewport);
}

const toast = (page: Page, text: string) => page.getByTestId('toast').filter({ hasText: text });

async function signIn(page: Page, username: string, password: string): Promise<void> {
  await page.locator('#login-username').fill(username);
  await page.locator('#login-password').fill(password);
  await page.getByTestId('login-submit').click();
}

describe.each([
  ['fr', 1280],
  ['fr', 390],
  ['ar', 1280],
  ['ar', 390],
] as const)('member reports and suspensions in %s at %i px', (language, width) => {
  it('should report a member from a conversation, then let a moderator suspend and reinstate them', async () => {
    const texts = TEXTS[language];
    const dir = language === 'ar' ? 'rtl' : 'ltr';
    const viewport = { viewport: { width, height: 900 }, bypassCSP: true };
    const reporter = await signedUpMember({ firstName: 'Nadia' });
    const reported = await signedUpMember({ firstName: 'Karim' });
    // Written in the other script than the page's: moderators read it in its own direction.
    const asked = language === 'fr' ? 'أعطني 200 درهم وسأعطيك الثلاجة' : 'Donnez-moi 200 DH et le frigo est à vous';
    expect((await reporter.client.call('POST /api/messages', { body: { content: 'Bonjour, le frigo est encore là ?', receiverId: reported.user.id } })).status).toBe(201);
    expect((await reported.client.call('POST /api/messages', { body: { content: asked, receiverId: reporter.user.id } })).status).toBe(201);

    // The reporter, in their conversation with the member.
    const reporterContext = await signedInContext(browser(), reporter.client, language, viewport);
    const reporterPage = await reporterContext.newPage();
    await reporterPage.goto(`${base}/messages?with=${reported.user.id}`);
    await reporterPage.waitForFunction((expected) => document.documentElement.dir === expected, dir);
    await reporterPage.getByTestId('message').filter({ hasText: asked }).waitFor();
    await reporterPage.getByTestId('thread-report-button').filter({ hasText: texts.open }).click();
    const dialog = reporterPage.getByTestId('member-report-dialog');
    await dialog.getByRole('heading', { name: texts.open }).waitFor();
    expect(await dialog.textContent()).toContain(texts.intro);
    expect(await dialog.getByTestId('member-report-attach').isChecked()).toBe(false);
    await dialog.getByLabel(texts.scam, { exact: true }).check();
    await dialog.getByLabel(texts.attach).check();
    expect(await dialog.textContent()).toContain(texts.attachHint);
    await dialog.getByTestId('member-report-comment').fill(language === 'fr' ? 'Il demande de l’argent.' : 'يطلب المال.');

    const dialogViolations = await seriousViolations(reporterPage, '[data-testid=member-report-dialog]');
    await screenshot(reporterPage, `member-report-dialog-${language}-${width}`);
    expect(dialogViolations).toEqual([]);
    await expectNoSidewaysScroll(reporterPage);

    await dialog.getByTestId('member-report-submit').click();
    await toast(reporterPage, texts.sent).waitFor();
    await dialog.getByTestId('member-report-form').waitFor({ state: 'detached' });

    // The same day, a second report is turned down in the page's language, and the dialog closes.
    await reporterPage.getByTestId('thread-report-button').click();
    await dialog.getByTestId('member-report-submit').click();
    const refused = toast(reporterPage, texts.already);
    await refused.waitFor();
    expect(await refused.getByTestId('toast-description').textContent()).toBe(texts.alreadyHint);
    await dialog.getByTestId('member-report-form').waitFor({ state: 'detached' });
    await screenshot(reporterPage, `member-report-already-${language}-${width}`);
    await reporterContext.close();

    // The reported member has a page open.
    const memberContext = await signedInContext(browser(), reported.client, language, viewport);
    const memberPage = await memberContext.newPage();
    await memberPage.goto(`${base}/messages`);
    await memberPage.getByTestId('messages-page').waitFor();

    // The moderator reads the report and the attached conversation.
    const admin = await signedInAdmin();
    const adminContext = await signedInContext(browser(), admin.client, language, viewport);
    const adminPage = await adminContext.newPage();
    await adminPage.goto(`${base}/admin`);
    await adminPage.waitForFunction((expected) => document.documentElement.dir === expected, dir);
    const section = adminPage.getByTestId('member-reports');
    await section.getByRole('heading', { name: texts.section }).waitFor();
    const member = section.locator(`[data-testid=reported-member][data-member-id="${reported.user.id}"]`);
    await member.waitFor();
    expect(await member.textContent()).toContain(texts.openReports);
    expect(await member.textContent()).toContain(`@${reported.payload.username}`);
    const report = member.getByTestId('member-report');
    expect(await report.count()).toBe(1);
    expect(await report.textContent()).toContain(texts.scam);
    expect(await report.textContent()).toContain('Nadia');
    const conversation = report.getByTestId('member-report-conversation');
    await conversation.getByText(texts.conversation).click();
    await conversation.getByText(asked).waitFor();
    expect(await conversation.getByText(asked).getAttribute('dir')).toBe('auto');
    expect(await conversation.textContent()).toContain('Bonjour, le frigo est encore là ?');

    await member.scrollIntoViewIfNeeded();
    const sectionViolations = await seriousViolations(adminPage, '[data-testid=member-reports]');
    await screenshot(adminPage, `member-reports-admin-${language}-${width}`);
    expect(sectionViolations).toEqual([]);
    await expectNoSidewaysScroll(adminPage);

    // Suspended until a day five days ahead, with a reason the member will read.
    const day = new Date(Date.now() + 5 * 86_400_000).toISOString().slice(0, 10);
    await member.getByTestId('member-suspend').click();
    const suspendDialog = adminPage.getByTestId('member-suspend-dialog');
    await suspendDialog.getByRole('heading', { name: texts.suspendTitle }).waitFor();
    await suspendDialog.getByTestId('member-suspend-reason').fill(texts.reason);
    await suspendDialog.getByTestId('member-suspend-until').fill(day);
    const suspendViolations = await seriousViolations(adminPage, '[data-testid=member-suspend-dialog]');
    await screenshot(adminPage, `member-suspend-dialog-${language}-${width}`);
    expect(suspendViolations).toEqual([]);
    await expectNoSidewaysScroll(adminPage);
    await suspendDialog.getByTestId('member-suspend-submit').click();
    await toast(adminPage, texts.suspended).waitFor();
    await member.getByTestId('reported-member-suspension').filter({ hasText: texts.reason }).waitFor();

    // The member's open page: its next API call is refused, and a reload shows them signed out.
    await memberPage.waitForFunction(async () => (await fetch('/api/auth/user')).status === 401, undefined, { polling: 200, timeout: 10_000 });
    await memberPage.reload();
    await memberPage.waitForURL((url) => url.pathname === '/login');
    await signIn(memberPage, reported.payload.username, reported.payload.password);
    // The end of the suspension, as the member's page writes it in its language and time zone.
    const when = await memberPage.evaluate(
      ({ day, locale }) => new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(`${day}T23:59:00`)),
      { day, locale: language === 'ar' ? 'ar-MA-u-nu-latn' : 'fr-FR' },
    );
    const loginError = memberPage.locator('#login-error');
    await loginError.waitFor();
    expect(await loginError.textContent()).toBe(texts.refusal(when, texts.reason));
    await screenshot(memberPage, `member-suspended-login-${language}-${width}`);
    await expectNoSidewaysScroll(memberPage);

    // Reinstated, the member signs in again.
    await member.getByTestId('member-reinstate').click();
    await toast(adminPage, texts.reinstated).waitFor();
    // Neither suspended nor with an open report (suspending actioned it), the member leaves the list.
    await member.waitFor({ state: 'detached' });
    await signIn(memberPage, reported.payload.username, reported.payload.password);
    await memberPage.waitForURL((url) => url.pathname !== '/login');
    await memberPage.getByTestId('messages-page').waitFor();
    await memberContext.close();
    await adminContext.close();
  });
});
