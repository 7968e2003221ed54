import type { BrowserContext } from 'playwright-core';
import { testEnv } from '@hdiya/testing';
import { ApiClient, signedUpMember } from '../support/api-client.js';
import { browserForFile, screenshot, signedInContext } from '../support/browser.js';
import { linkIn, waitForMails } from '../support/mailbox.js';

// The pages account mails open, in French and Arabic, on a desktop and a 390 px phone: the reset
// page (token read from the link, then out of the address bar), the verification page, and the
// profile's banner with "Renvoyer le lien". Screenshots in e2e/artifacts.

const browser = browserForFile();

const VIEWPORTS = { desktop: { width: 1280, height: 800 }, phone: { width: 390, height: 844 } } as const;
const TEXT = {
  fr: { reset: 'Enregistrer le mot de passe', done: 'Mot de passe modifié', banner: 'Confirmez votre adresse email', sent: 'Un nouveau lien a été envoyé', verified: 'Adresse vérifiée' },
  ar: { reset: 'حفظ كلمة المرور', done: 'تم تغيير كلمة المرور', banner: 'أكّد بريدك الإلكتروني', sent: 'تم إرسال رابط جديد', verified: 'عنوان مؤكَّد' },
} as const;

/** A visitor's browser in that language (the web app keeps the choice in localStorage). */
async function visitorContext(language: 'fr' | 'ar', viewport: { width: number; height: number }): Promise<BrowserContext> {
  const context = await browser().newContext({ locale: language === 'fr' ? 'fr-FR' : 'ar-MA', viewport });
  await context.addInitScript((lang) => window.localStorage.setItem('language', lang), language);
  return context;
}

/** Every horizontal overflow of the page (a 390 px screen must not scroll sideways). */
const overflows = (width: number) => `document.documentElement.scrollWidth <= ${width}`;

describe.each(['fr', 'ar'] as const)('account mail pages in %s', (language) => {
  it.each(Object.keys(VIEWPORTS) as (keyof typeof VIEWPORTS)[])('should set a new password from the mailed link (%s)', async (size) => {
    const member = await signedUpMember({ language });
    await new ApiClient().call('POST /api/forgot-password', { body: { email: member.payload.email } });
    const [mail] = await waitForMails(member.payload.email, { match: (m) => m.text.includes('/reset-password?lang=') });
    const context = await visitorContext(language, VIEWPORTS[size]);
    const page = await context.newPage();
    const response = await page.goto(linkIn(mail!, '/reset-password'));
    // Helmet keeps even the path out of Referer headers to other sites.
    expect(response!.headers()['referrer-policy']).toBe('no-referrer');
    await page.getByTestId('reset-password-form').waitFor();
    expect(new URL(page.url()).hash).toBe('');
    expect(await page.evaluate(() => document.documentElement.dir)).toBe(language === 'ar' ? 'rtl' : 'ltr');
    expect(await page.evaluate(overflows(VIEWPORTS[size].width))).toBe(true);
    await screenshot(page, `reset-password-${language}-${size}`);

    await page.locator('#reset-password').fill('un-nouveau-mot-de-passe');
    await page.locator('#reset-confirm-password').fill('un-nouveau-mot-de-passe');
    await page.getByRole('button', { name: TEXT[language].reset }).click();
    await page.getByTestId('reset-password-done').getByText(TEXT[language].done).waitFor();
    await screenshot(page, `reset-password-done-${language}-${size}`);
    expect((await new ApiClient().call('POST /api/login', { body: { username: member.payload.username, password: 'un-nouveau-mot-de-passe' } })).status).toBe(200);
    await context.close();
  });

  it('should say a used link is no good and offer a new one', async () => {
    const context = await visitorContext(language, VIEWPORTS.phone);
    const page = await context.newPage();
    await page.goto(`${testEnv().gatewayUrl}/reset-password#token=${'A'.repeat(43)}`);
    await page.locator('#reset-password').fill('un-nouveau-mot-de-passe');
    await page.locator('#reset-confirm-password').fill('un-nouveau-mot-de-passe');
    await page.getByRole('button', { name: TEXT[language].reset }).click();
    await page.getByTestId('reset-password-invalid').waitFor();
    await screenshot(page, `reset-password-invalid-${language}`);
    await context.close();
  });

  it.each(Object.keys(VIEWPORTS) as (keyof typeof VIEWPORTS)[])('should show the verification banner, send the link again and verify (%s)', async (size) => {
    const member = await signedUpMember({ language });
    const context = await signedInContext(browser(), member.client, language, { viewport: VIEWPORTS[size] });
    const page = await context.newPage();
    await page.goto(`${testEnv().gatewayUrl}/profile`);
    const banner = page.getByTestId('email-verification-banner');
    await banner.getByText(TEXT[language].banner).waitFor();
    await page.getByTestId('resend-verification').click();
    await page.getByTestId('toast').getByText(TEXT[language].sent).waitFor();
    expect(await page.evaluate(overflows(VIEWPORTS[size].width))).toBe(true);
    await screenshot(page, `verification-banner-${language}-${size}`);

    const mails = await waitForMails(member.payload.email, { count: 2, match: (m) => m.text.includes('/verify-email?lang=') });
    await page.goto(linkIn(mails[1]!, '/verify-email'));
    await page.getByTestId('verify-email-done').waitFor();
    expect(new URL(page.url()).hash).toBe('');
    await screenshot(page, `verify-email-done-${language}-${size}`);
    await page.goto(`${testEnv().gatewayUrl}/profile`);
    await page.getByTestId('profile-email-status').getByText(TEXT[language].verified).waitFor();
    expect(await banner.count()).toBe(0);
    await context.close();
  });
});
