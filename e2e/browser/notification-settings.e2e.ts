import { DISPATCHED_KINDS } from '@hdiya/contracts';
import { testEnv } from '@hdiya/testing';
import { ApiClient, signedUpMember } from '../support/api-client.js';
import { browserForFile, screenshot, signedInContext } from '../support/browser.js';
import { linkIn, tokenOf, waitForMails } from '../support/mailbox.js';
import { expectBalance, publish } from '../support/members.js';

// The notification settings (decision 0027): e-mail and push per kind, and this device's switch,
// in French and Arabic, on a desktop and a 390 px phone; the page a mail's unsubscribe link opens.

const gatewayUrl = testEnv().gatewayUrl;
const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };
const browser = browserForFile();

describe('notification settings', () => {
  it('should reach the settings from the user menu and save a channel turned off, in French', async () => {
    const member = await signedUpMember();
    const context = await signedInContext(browser(), member.client, 'fr', { viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await page.goto(`${gatewayUrl}/`);
    await page.getByTestId('user-menu').click();
    await page.getByTestId('user-menu-notification-settings').click();
    const grid = page.getByTestId('notification-preferences');
    await grid.waitFor();
    await page.getByRole('heading', { name: 'Réglages des notifications' }).waitFor();
    await page.getByTestId('device-push').waitFor();
    expect(await grid.getByRole('switch').count()).toBe(DISPATCHED_KINDS.length * 2);
    const switchOff = page.getByRole('switch', { name: 'Un membre réserve votre objet : Courriel' });
    expect(await switchOff.isChecked()).toBe(true);
    await switchOff.click();
    await page.waitForFunction(() => !(document.querySelector('[data-testid=preference-reservation_made-email]') as HTMLInputElement).checked);
    const saved = await member.client.call('GET /api/notification-preferences');
    expect(saved.body).toContainEqual({ kind: 'reservation_made', email: false, push: true });
    await page.reload();
    await grid.waitFor();
    expect(await page.getByTestId('preference-reservation_made-email').isChecked()).toBe(false);
    expect(await page.getByTestId('preference-reservation_made-push').isChecked()).toBe(true);
    await screenshot(page, 'notification-settings-fr-desktop', true);
    await context.close();
  });

  it('should be in Arabic, right to left, on a phone and a desktop, and reachable from the profile', async () => {
    const member = await signedUpMember();
    for (const [name, options] of [
      ['phone', PHONE],
      ['desktop', { viewport: { width: 1280, height: 900 } }],
    ] as const) {
      const context = await signedInContext(browser(), member.client, 'ar', options);
      const page = await context.newPage();
      await page.goto(`${gatewayUrl}/profile`);
      await page.getByTestId('notification-settings-link').getByRole('link').click();
      await page.getByTestId('notification-preferences').waitFor();
      await page.waitForFunction(() => document.documentElement.dir === 'rtl');
      await page.getByRole('heading', { name: 'إعدادات الإشعارات' }).waitFor();
      await page.getByRole('switch', { name: 'رسائل جديدة: إشعار' }).waitFor();
      // Nothing wider than the screen.
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth + 1)).toBe(true);
      await screenshot(page, `notification-settings-ar-${name}`, true);
      await context.close();
    }
    // French on a phone too.
    const context = await signedInContext(browser(), member.client, 'fr', PHONE);
    const page = await context.newPage();
    await page.goto(`${gatewayUrl}/settings/notifications`);
    await page.getByTestId('notification-preferences').waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth + 1)).toBe(true);
    await screenshot(page, 'notification-settings-fr-phone', true);
    await context.close();
  });
});

describe('the unsubscribe page', () => {
  it('should stop the mail’s kinds only once the person confirms, without signing in, and refuse a tampered link', async () => {
    const reserver = await signedUpMember({ firstName: 'Karim' });
    await expectBalance(reserver.client, { points: 10 }, 'welcome');
    // Their mails are in Arabic, so the pages their links open are too (issue 46).
    const owner = await signedUpMember({ language: 'ar' });
    const [verification] = await waitForMails(owner.payload.email as string, { match: (m) => m.text.includes('/verify-email?lang=') });
    expect((await new ApiClient().call('POST /api/verify-email', { body: { token: tokenOf(linkIn(verification!, '/verify-email')) } })).status).toBe(200);
    const item = await publish(owner.client, 'Lampe');
    expect((await reserver.client.call('POST /api/donations/{id}/reserve', { params: { id: item.id } })).status).toBe(200);
    const [digest] = await waitForMails(owner.payload.email as string, { match: (m) => m.text.includes('/unsubscribe?token='), timeoutMs: 20_000 });
    const link = linkIn(digest!, '/unsubscribe');

    // A visitor's browser (no session), in Arabic: a tampered link is refused in Arabic.
    const context = await browser().newContext({ locale: 'ar-MA', viewport: PHONE.viewport, isMobile: true });
    await context.addInitScript(() => window.localStorage.setItem('language', 'ar'));
    const page = await context.newPage();
    await page.goto(link.replace(/(token=[\w-]+\.)[\w-]+/, '$1AAAA'));
    await page.getByTestId('unsubscribe-confirm').click();
    await page.getByTestId('unsubscribe-error').getByText('رابط إلغاء الاشتراك هذا غير صالح').waitFor();
    await screenshot(page, 'unsubscribe-ar-phone-refused');

    await page.goto(link);
    await page.getByTestId('unsubscribe-confirm').waitFor();
    // Opening the page changed nothing.
    expect((await owner.client.call('GET /api/notification-preferences')).body.every((p) => p.email)).toBe(true);
    await page.getByTestId('unsubscribe-confirm').click();
    await page.getByTestId('unsubscribe-done').getByText('عضو يحجز غرضك').waitFor();
    await screenshot(page, 'unsubscribe-ar-phone-done');
    expect((await owner.client.call('GET /api/notification-preferences')).body).toContainEqual({ kind: 'reservation_made', email: false, push: true });
    await context.close();
  });
});
