import type { BrowserContext } from 'playwright-core';
import { testEnv } from '@hdiya/testing';
import { ApiClient, signedUpMember } from '../support/api-client.js';
import { browserForFile, screenshot, signedInContext } from '../support/browser.js';
import { seriousViolations } from '../support/axe.js';
import { linkIn, waitForMails, type CaughtMail } from '../support/mailbox.js';
import { expectBalance, publish, verifyAddress } from '../support/members.js';

// The language of mails is a member's setting of its own (issue 46): the sign-up's language at
// first, kept when the screen's language is switched, changed on the settings page; every link
// of a mail opens its page in the mail's language, whatever the browser showed last, and a
// digest's long unsubscribe link wraps on a 390 px phone. French and Arabic, phone and desktop.

const gatewayUrl = testEnv().gatewayUrl;
const browser = browserForFile();
const VIEWPORTS = { phone: { width: 390, height: 844 }, desktop: { width: 1280, height: 800 } } as const;
type Language = 'fr' | 'ar';
const other = (language: Language): Language => (language === 'fr' ? 'ar' : 'fr');
const RESET_SUBJECT = { fr: 'Réinitialiser votre mot de passe Hdiya', ar: 'إعادة تعيين كلمة مرور هدية' } as const;
const SAVED = { fr: 'Langue des courriels enregistrée', ar: 'تم حفظ لغة الرسائل' } as const;
const UNSUBSCRIBE_TITLE = { fr: 'Ne plus recevoir ces courriels', ar: 'إيقاف هذه الرسائل' } as const;

const fitsWidth = (width: number) => `document.documentElement.scrollWidth <= ${width}`;

/** A visitor's browser that showed `language` last (the web app keeps it in localStorage and the `hdiya.lang` cookie). */
async function browserThatShowed(language: Language, viewport: { width: number; height: number }): Promise<BrowserContext> {
  const context = await browser().newContext({ locale: language === 'fr' ? 'fr-FR' : 'ar-MA', viewport });
  await context.addCookies([{ name: 'hdiya.lang', value: language, url: gatewayUrl }]);
  await context.addInitScript((lang) => window.localStorage.setItem('language', lang), language);
  return context;
}

async function resetMail(email: string, count: number): Promise<CaughtMail> {
  expect((await new ApiClient().call('POST /api/forgot-password', { body: { email } })).status).toBe(200);
  const mails = await waitForMails(email, { count, match: (m) => m.text.includes('/reset-password?') });
  return mails[count - 1]!;
}

describe.each(['fr', 'ar'] as const)('the language of mails of a member who signed up in %s', (signedUp) => {
  const chosen = other(signedUp);

  it.each(Object.keys(VIEWPORTS) as (keyof typeof VIEWPORTS)[])(
    'should keep it when the screen switches, change it in the settings and open the mailed page in it (%s)',
    async (size) => {
      const viewport = VIEWPORTS[size];
      const member = await signedUpMember({ language: signedUp });
      const context = await signedInContext(browser(), member.client, signedUp, { viewport, bypassCSP: true }); // axe is injected inline
      const page = await context.newPage();
      await page.goto(`${gatewayUrl}/settings/notifications`);
      await page.getByTestId('mail-language').waitFor();
      expect(await page.getByTestId(`mail-language-${signedUp}`).isChecked()).toBe(true);

      // The screen's language switch changes the screen only.
      await page.getByTestId('language-switch').click();
      await page.waitForFunction((lang) => document.documentElement.lang === lang, chosen);
      await page.waitForLoadState('networkidle');
      expect((await member.client.call('GET /api/auth/user')).body.language).toBe(signedUp);
      const first = await resetMail(member.payload.email, 1);
      expect(first.subject).toBe(RESET_SUBJECT[signedUp]);
      expect(linkIn(first, '/reset-password')).toContain(`?lang=${signedUp}#token=`);
      expect(await page.getByTestId(`mail-language-${signedUp}`).isChecked()).toBe(true);
      expect(await page.evaluate(fitsWidth(viewport.width))).toBe(true);
      expect(await seriousViolations(page)).toEqual([]);
      await screenshot(page, `mail-language-${chosen}-screen-${size}`, true);

      // Chosen in the settings: the next mail, and the page its link opens, are in that language.
      await page.getByTestId(`mail-language-${chosen}`).check();
      await page.getByTestId('toast').getByText(SAVED[chosen]).waitFor();
      expect((await member.client.call('GET /api/auth/user')).body.language).toBe(chosen);
      const second = await resetMail(member.payload.email, 2);
      expect(second.subject).toBe(RESET_SUBJECT[chosen]);
      const link = linkIn(second, '/reset-password');
      expect(link).toContain(`?lang=${chosen}#token=`);
      await context.close();

      const visitor = await browserThatShowed(signedUp, viewport);
      const opened = await visitor.newPage();
      const response = await opened.goto(link);
      // The gateway's first screen agrees with the web app.
      expect(await response!.text()).toContain(`<html lang="${chosen}" dir="${chosen === 'ar' ? 'rtl' : 'ltr'}">`);
      await opened.getByTestId('reset-password-form').waitFor();
      expect(await opened.evaluate(() => [document.documentElement.lang, document.documentElement.dir])).toEqual([chosen, chosen === 'ar' ? 'rtl' : 'ltr']);
      expect(new URL(opened.url()).search).toBe('');
      expect(await opened.evaluate(fitsWidth(viewport.width))).toBe(true);
      await screenshot(opened, `mail-language-reset-page-${chosen}-${size}`);
      await visitor.close();
    },
  );

  it('should send a digest whose links open in its language and which fits a 390 px phone', async () => {
    const reserver = await signedUpMember({ firstName: 'Karim' });
    await expectBalance(reserver.client, { points: 10 }, 'welcome');
    const owner = await signedUpMember({ language: signedUp });
    await verifyAddress(owner);
    const item = await publish(owner.client, 'Lampe de chevet');
    expect((await reserver.client.call('POST /api/donations/{id}/reserve', { params: { id: item.id } })).status).toBe(200);
    const [digest] = await waitForMails(owner.payload.email, { match: (m) => m.text.includes('/unsubscribe?token='), timeoutMs: 20_000 });
    const links = digest!.text.match(new RegExp(`${gatewayUrl}\\S+`, 'g')) ?? [];
    expect(links.length).toBeGreaterThanOrEqual(3);
    for (const link of links) expect(new URL(link).searchParams.get('lang')).toBe(signedUp);

    // The mail as a phone's mail app shows it.
    const phone = await browser().newContext({ viewport: VIEWPORTS.phone, isMobile: true });
    const mail = await phone.newPage();
    await mail.setContent(digest!.html);
    expect(await mail.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(VIEWPORTS.phone.width);
    await screenshot(mail, `digest-mail-${signedUp}-phone`, true);
    await phone.close();

    // Its unsubscribe link, opened in a browser that showed the other language last.
    const visitor = await browserThatShowed(other(signedUp), VIEWPORTS.phone);
    const page = await visitor.newPage();
    await page.goto(linkIn(digest!, '/unsubscribe'));
    await page.getByTestId('unsubscribe-confirm').waitFor();
    expect(await page.evaluate(() => document.documentElement.lang)).toBe(signedUp);
    await page.getByRole('heading', { name: UNSUBSCRIBE_TITLE[signedUp] }).waitFor();
    expect(await page.evaluate(fitsWidth(VIEWPORTS.phone.width))).toBe(true);
    await screenshot(page, `digest-unsubscribe-${signedUp}-phone`);
    await visitor.close();
  });
});
