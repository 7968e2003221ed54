import { testEnv, waitFor } from '@hdiya/testing';
import { signedUpMember, type ApiClient } from '../support/api-client.js';
import { browserForFile, screenshot, signedInContext } from '../support/browser.js';
import { askingMember, withDatabase } from '../support/members.js';
import { dataUrl, jpegWithGps } from '../support/images.js';

// A donor is told that people asked (issue 46, docs/product.md#request-window): three members ask
// for an item in its window and the donor's bell shows one line counting them, with the badge; the
// close of the window reminds them to choose; the notification settings have a row of their own
// for it. In French and Arabic, at 1440 and 1024 px and on 390 and 360 px phones, no page wider than its screen.

const browser = browserForFile();
const base = testEnv().gatewayUrl;

const TEXTS = {
  fr: {
    title: 'Table en chêne',
    asked: '3 personnes ont demandé « Table en chêne ».',
    closed: 'Demandes closes pour « Table en chêne » (3 demandes)',
    setting: 'Un membre demande votre objet (un résumé par objet)',
    closeSetting: 'Les demandes pour votre objet sont closes : à vous de choisir',
  },
  ar: {
    title: 'طاولة من خشب البلوط',
    asked: 'طلب 3 أشخاص «طاولة من خشب البلوط».',
    closed: 'أُغلقت الطلبات على «طاولة من خشب البلوط» (3 طلبات)',
    setting: 'عضو يطلب غرضك (ملخص واحد لكل غرض)',
    closeSetting: 'أُغلقت الطلبات على غرضك: حان وقت الاختيار',
  },
} as const;

async function publishWindow(client: ApiClient, title: string): Promise<number> {
  const res = await client.call('POST /api/donations', {
    body: {
      title,
      description: 'Solide, à récupérer le soir.',
      categoryId: 8,
      city: 'Rabat',
      imageUrl: dataUrl(await jpegWithGps(320, 240)),
      allocation: { mode: 'choose', closesAt: new Date(Date.now() + 6 * 3_600_000).toISOString() },
    },
  });
  expect(res.status).toBe(201);
  return res.body.id;
}

/** Sentences without the isolates that keep member text in its own direction. */
const plain = (text: string) => text.replace(/[\u2068\u2069]/g, '');

describe.each(['fr', 'ar'] as const)('the donor told of requests (%s)', (language) => {
  const text = TEXTS[language];

  it.each([1440, 1024, 390, 360])('should show one bell line counting three requests, then the close reminder, and a setting of its own (%i px)', async (width) => {
    const donor = await signedUpMember();
    const id = await publishWindow(donor.client, text.title);
    const askers = [await askingMember(), await askingMember(), await askingMember()];
    for (const asker of askers) {
      expect((await asker.client.call('POST /api/donations/{id}/requests', { params: { id }, body: { message: 'Bonjour, je peux passer demain.' } })).status).toBe(201);
    }

    const context = await signedInContext(browser(), donor.client, language, { viewport: { width, height: 900 } });
    const page = await context.newPage();
    await page.goto(`${base}/`);
    await page.getByTestId('notifications-badge').filter({ hasText: '1' }).waitFor({ timeout: 20_000 });
    await page.getByTestId('notifications-trigger').click();
    const asked = page.getByTestId('notifications-menu').locator('[data-testid="notification"][data-kind="request_received"]');
    await asked.first().waitFor();
    expect(plain(await asked.first().innerText())).toContain(text.asked);
    // One line for the item, not one per request.
    expect(await page.getByTestId('notifications-menu').getByTestId('notification').count()).toBe(1);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    await screenshot(page, `donor-told-bell-${language}-${width}`);

    // The window closes: the reminder to choose comes in, the line leads to the item.
    await withDatabase((db) => db.query(`UPDATE donations.donations SET requests_close_at = now() - interval '1 minute' WHERE id = $1`, [id]));
    // The close goes through a job, the outbox and messaging: wait for the reminder to exist before
    // opening the page, so the page is not racing the reminder it is meant to show.
    await waitFor(async () => (await donor.client.call('GET /api/notifications')).body.some((n) => n.kind === 'request_window_closed'), {
      timeoutMs: 30_000,
      what: 'the close reminder',
    });
    await page.goto(`${base}/notifications`);
    const reminder = page.locator('[data-testid="notification"][data-kind="request_window_closed"]');
    await reminder.first().waitFor({ timeout: 20_000 });
    expect(plain(await reminder.first().innerText())).toContain(text.closed);
    expect(await page.getByTestId('notification').count()).toBe(2);
    await screenshot(page, `donor-told-reminder-${language}-${width}`);
    await reminder.first().click();
    await page.waitForURL(new RegExp(`/donations/${id}$`));

    // A kind of its own in the notification settings, in the page's language.
    await page.goto(`${base}/settings/notifications`);
    const row = page.locator('[data-testid="notification-preferences"] tr[data-kind="request_received"]');
    await row.waitFor();
    expect(await row.locator('th').innerText()).toBe(text.setting);
    expect(await page.locator('tr[data-kind="request_window_closed"] th').innerText()).toBe(text.closeSetting);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    await screenshot(page, `donor-told-settings-${language}-${width}`, true);
    await context.close();
  });
});
