import { randomBytes } from 'node:crypto';
import { testEnv } from '@hdiya/testing';
import { browserForFile, screenshot, signedInContext } from '../support/browser.js';
import { memberWithConversation } from '../support/screens.js';

// Issue 46, item 7: offline, sending a message spun for ever with no error, and Messages said
// "Vous n'avez pas encore de conversations" to a member who had some. A message written offline
// now waits, saying so, and leaves when the network is back; Messages shows the last list known.

const browser = browserForFile('service-worker');
const base = testEnv().gatewayUrl;

describe.each([
  { language: 'fr' as const, queued: "En attente d'envoi", kept: 'Hors ligne : voici vos dernières conversations connues.' },
  { language: 'ar' as const, queued: 'في انتظار الإرسال', kept: 'أنت غير متصل: هذه آخر محادثاتك المعروفة.' },
])('messages offline ($language)', ({ language, queued, kept }) => {
  it.each([390, 1280])('should queue a message offline, show the known conversations, and send it once back online (%i px)', async (width) => {
    const word = randomBytes(3).toString('hex');
    const { donor, member, item } = await memberWithConversation(`Chaise haute ${word}`, 'Bonjour, toujours disponible ?');
    const context = await signedInContext(browser(), member.client, language, { viewport: { width, height: 844 } });
    const page = await context.newPage();
    const thread = `${base}/messages?with=${donor.user.id}&donation=${item.id}`;
    await page.goto(thread);
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
    // Once the service worker controls the page, the app opens without network.
    await page.reload();
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
    await page.getByTestId('message').filter({ hasText: 'Bonjour, toujours disponible ?' }).waitFor();

    // Offline: the message waits, and says so, instead of "Envoi…" for ever.
    await context.setOffline(true);
    await page.getByTestId('offline-banner').waitFor();
    const text = `Je passe ce soir ${word}`;
    await page.getByTestId('message-input').fill(text);
    await page.getByTestId('message-send').click();
    const waiting = page.locator('[data-testid=message-outgoing][data-status=queued]').filter({ hasText: text });
    await waiting.getByTestId('message-queued').filter({ hasText: queued }).waitFor();
    await screenshot(page, `messages-offline-queued-${language}-${width}`);

    // Opened again without network: the message still waits in its thread…
    await page.reload();
    await page.getByTestId('offline-banner').waitFor();
    await waiting.getByTestId('message-queued').waitFor();
    // …and Messages lists the conversations known, not "none yet".
    await page.goto(`${base}/messages`);
    await page.getByTestId('conversations-kept').filter({ hasText: kept }).waitFor();
    await page.getByTestId('conversation').filter({ hasText: `Chaise haute ${word}` }).waitFor();
    expect(await page.getByTestId('conversations-empty').count()).toBe(0);
    await screenshot(page, `messages-offline-kept-${language}-${width}`);

    // Back online: it leaves by itself, once, and the list shows it as the last message.
    await context.setOffline(false);
    await page.getByTestId('conversation').filter({ hasText: text }).waitFor({ timeout: 20_000 });
    expect(await page.getByTestId('conversations-kept').count()).toBe(0);
    await page.getByTestId('conversation').filter({ hasText: text }).click();
    await page.getByTestId('message').filter({ hasText: text }).waitFor();
    expect(await page.getByTestId('message-outgoing').count()).toBe(0);
    const stored = await donor.client.call('GET /api/messages/conversation/{userId}', { params: { userId: member.user.id }, query: { donationId: String(item.id) } });
    expect(stored.body.filter((message) => message.content === text)).toHaveLength(1);
    await screenshot(page, `messages-offline-sent-${language}-${width}`);
    await context.close();
  });
});
