import { randomUUID } from 'node:crypto';
import { testEnv } from '@hdiya/testing';
import { signedInAdmin } from '../support/admin.js';
import { ApiClient } from '../support/api-client.js';
import { seriousViolations } from '../support/axe.js';
import { browserForFile, screenshot, signedInContext } from '../support/browser.js';
import { waitForMails } from '../support/mailbox.js';

// The support inbox and the moderation log on /admin, in French and Arabic, on a laptop and a
// 390 px phone: a moderator reads a contact message, replies (the sender gets the mail in their
// language), sees it answered, then finds the reply in the journal filtered by action and by
// moderator; no sideways scroll and no serious or critical axe violation.


const TEXTS = {
  fr: {
    new: 'Nouveau',
    answered: 'Répondu',
    replyLabel: 'Votre réponse',
    send: 'Envoyer la réponse',
    sent: 'Réponse envoyée à l’expéditeur',
    required: 'Écrivez une réponse avant de l’envoyer.',
    action: 'Action',
    actionText: 'Réponse à un message de contact',
    actor: 'Modérateur',
    mailSubject: 'Réponse de l’équipe Hdiya à votre message',
    reply: 'Bonjour, déposez votre frigo comme un don.',
  },
  ar: {
    new: 'جديدة',
    answered: 'تمّ الردّ',
    replyLabel: 'ردّك',
    send: 'إرسال الردّ',
    sent: 'أُرسل الردّ إلى المرسل',
    required: 'اكتب ردًّا قبل إرساله.',
    action: 'الإجراء',
    actionText: 'ردّ على رسالة اتصال',
    actor: 'المشرف',
    mailSubject: 'ردّ فريق هدية على رسالتك',
    reply: 'مرحبًا، انشر ثلاجتك كهدية.',
  },
} as const;

const browser = browserForFile();

describe.each([
  ['fr', 1280],
  ['fr', 390],
  ['ar', 1280],
  ['ar', 390],
] as const)('the support inbox and the moderation log in %s at %i px', (language, width) => {
  it('should reply to a contact message and show the reply in the journal', async () => {
    const texts = TEXTS[language];
    // A visitor writes from the contact page shown in the same language (its cookie), in the other script.
    const sender = `s_${randomUUID().slice(0, 8)}@example.ma`;
    const subject = language === 'fr' ? `سؤال عن ثلاجة ${width}` : `Question sur un frigo ${width}`;
    const sent = await new ApiClient().call('POST /api/contact', {
      body: { name: 'Hajar', email: sender, subject, message: 'Bonjour,\nJe voudrais donner un frigo, comment faire ?' },
      headers: { cookie: `hdiya.lang=${language}` },
    });
    expect(sent.status).toBe(201);
    const admin = await signedInAdmin();

    const context = await signedInContext(browser(), admin.client, language, { viewport: { width, height: 900 }, bypassCSP: true });
    const page = await context.newPage();
    await page.goto(`${testEnv().gatewayUrl}/admin`);
    await page.waitForFunction((dir) => document.documentElement.dir === dir, language === 'ar' ? 'rtl' : 'ltr');
    const card = page.locator(`[data-testid=contact-message][data-contact-id="${sent.body.id}"]`);
    await card.waitFor();
    expect(await card.getByTestId('contact-message-state').textContent()).toBe(texts.new);
    // Member text keeps its own direction whatever the page's.
    expect(await card.getByTestId('contact-message-subject').getAttribute('dir')).toBe('auto');
    expect(await card.getByTestId('contact-message-subject').textContent()).toBe(subject);

    // An empty reply is refused on the spot, in the page's language.
    await card.getByRole('button', { name: texts.send }).click();
    await card.getByText(texts.required).waitFor();

    const violations = await seriousViolations(page);
    const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
    await card.scrollIntoViewIfNeeded();
    await screenshot(page, `support-inbox-${language}-${width}`);
    expect(violations).toEqual([]);
    expect(scrollWidth).toBeLessThanOrEqual(width);

    await card.getByLabel(texts.replyLabel).fill(texts.reply);
    await card.getByRole('button', { name: texts.send }).click();
    await page.getByTestId('toast').getByText(texts.sent).waitFor();
    await page.locator(`[data-testid=contact-message][data-contact-id="${sent.body.id}"][data-status=answered]`).waitFor();
    expect(await card.getByTestId('contact-message-state').textContent()).toBe(texts.answered);
    expect(await card.getByTestId('contact-reply').textContent()).toContain(texts.reply);
    const [mail] = await waitForMails(sender);
    expect(mail!.subject).toBe(texts.mailSubject);

    // The journal: the reply, by this moderator, found by action and by moderator.
    const journal = page.getByTestId('moderation-log');
    await journal.getByLabel(texts.action).selectOption('contact.reply');
    await journal.getByLabel(texts.actor).selectOption(admin.user.id);
    const entry = journal.locator('[data-testid=moderation-log-entry][data-action="contact.reply"]').first();
    await entry.waitFor();
    const shown = await entry.textContent();
    expect(shown).toContain(texts.actionText);
    expect(shown).toContain(sent.body.id);
    expect(shown).toContain(admin.user.username);
    expect(await journal.locator('[data-testid=moderation-log-entry]:not([data-action="contact.reply"])').count()).toBe(0);
    await journal.scrollIntoViewIfNeeded();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    await screenshot(page, `moderation-log-${language}-${width}`);
    await context.close();
  });
});
