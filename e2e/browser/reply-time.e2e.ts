import type { MessageView } from '@hdiya/contracts';
import { testEnv, waitFor } from '@hdiya/testing';
import { ApiClient, signedUpMember } from '../support/api-client.js';
import { browserForFile, screenshot, signedInContext } from '../support/browser.js';
import { publish, withDatabase } from '../support/members.js';

// Who owes a reply in the browser: the waiting time in the conversation list and the thread,
// the reminder in the notifications, the usual reply time in a thread and on a donation's page.

const browser = browserForFile();

const base = testEnv().gatewayUrl;
const HOUR_MS = 3_600_000;
/** Names and titles are isolated in sentences (first-strong isolate … pop). */
const SALMA = '\u2068Salma T.\u2069';
const TAJINE = '\u2068Tajine en terre\u2069';

/** Moves a message and the wait it opened back in time (the stack cannot wait three hours). */
async function backdate(message: MessageView, ms: number): Promise<void> {
  await withDatabase(async (db) => {
    await db.query(`UPDATE messaging.messages SET "created_at" = "created_at" - $2 * interval '1 millisecond' WHERE "id" = $1`, [message.id, ms]);
    await db.query(`UPDATE messaging.reply_waits SET "since" = "since" - $2 * interval '1 millisecond' WHERE "first_message_id" = $1`, [message.id, ms]);
  });
}

describe.each([
  {
    language: 'fr' as const,
    listWaiting: 'Attend votre réponse depuis 3 h',
    threadWaiting: `${SALMA} attend votre réponse depuis 3 h`,
    reminder: `${SALMA} attend votre réponse à propos de « ${TAJINE} » depuis 3 h.`,
    usual: 'Répond en général en moins d’une minute',
    notEnough: 'Délai de réponse : pas encore assez de réponses',
  },
  {
    language: 'ar' as const,
    listWaiting: 'في انتظار ردّك منذ 3 ساعات',
    threadWaiting: `${SALMA} في انتظار ردّك منذ 3 ساعات`,
    reminder: `${SALMA} في انتظار ردّك بخصوص «${TAJINE}» منذ 3 ساعات.`,
    usual: 'الرد عادةً في غضون أقل من دقيقة',
    notEnough: 'مدة الرد: لا توجد ردود كافية بعد',
  },
])('who owes a reply in the browser ($language)', ({ language, listWaiting, threadWaiting, reminder, usual, notEnough }) => {
  it('should show the donor how long a member has waited, remind them, and show visitors how fast the donor replies', async () => {
    const donor = await signedUpMember({ firstName: 'Mehdi', lastName: 'Lahlou' });
    const asker = await signedUpMember({ firstName: 'Salma', lastName: 'Tazi' });
    const item = await publish(donor.client, 'Tajine en terre');
    const visitor = await browser().newContext({ locale: language === 'fr' ? 'fr-FR' : 'ar-MA' });
    await visitor.addInitScript((lang) => window.localStorage.setItem('language', lang), language);
    const visitorPage = await visitor.newPage();

    // Before three replies, the donation's page says there are not enough yet.
    await visitorPage.goto(`${base}/donations/${item.id}`);
    await visitorPage.getByTestId('owner-reply-time').filter({ hasText: notEnough }).waitFor();

    // Salma writes and has waited three hours: the donor sees it in the list and the thread.
    const sent = (await asker.client.call('POST /api/messages', { body: { content: 'Bonjour, toujours disponible ?', receiverId: donor.user.id, donationId: item.id } })).body;
    await backdate(sent, 3 * HOUR_MS);
    const context = await signedInContext(browser(), donor.client, language);
    const page = await context.newPage();
    await page.goto(`${base}/messages`);
    const conversation = page.getByTestId('conversation').filter({ hasText: 'Salma T.' });
    await conversation.getByTestId('conversation-waiting').filter({ hasText: listWaiting }).waitFor();
    await conversation.click();
    await page.getByTestId('thread-waiting').filter({ hasText: threadWaiting }).waitFor();
    // Salma has never answered anyone: the thread says so under her name.
    await page.getByTestId('thread-reply-time').filter({ hasText: notEnough }).waitFor();
    await screenshot(page, `reply-waiting-${language}-1280`);
    await page.setViewportSize({ width: 390, height: 844 });
    await screenshot(page, `reply-waiting-${language}-390`);

    // A day (20 s in the test stack) unanswered: the reminder is in the notifications.
    await page.goto(`${base}/notifications`);
    await page.getByTestId('notification').filter({ hasText: reminder }).waitFor({ timeout: 45_000 });
    await screenshot(page, `reply-reminder-${language}-390`);

    // Answered: nobody waits any more.
    await page.goto(`${base}/messages?with=${asker.user.id}&donation=${item.id}`);
    await page.getByTestId('message-input').fill('Oui, passez ce soir.');
    await page.getByTestId('message-send').click();
    await page.getByTestId('message').filter({ hasText: 'Oui, passez ce soir.' }).waitFor();
    await page.getByTestId('conversation-waiting').waitFor({ state: 'detached' });
    await page.getByTestId('thread-waiting').waitFor({ state: 'detached' });

    // Two more answers make three: the donation's page gives the donor's usual reply time.
    for (const n of [1, 2]) {
      const other = await signedUpMember();
      await other.client.call('POST /api/messages', { body: { content: `Question ${n}`, receiverId: donor.user.id } });
      await donor.client.call('POST /api/messages', { body: { content: `Réponse ${n}`, receiverId: other.user.id } });
    }
    await waitFor(async () => (await new ApiClient().call('GET /api/users/{id}', { params: { id: donor.user.id } })).body.replyTime.replies === 3, { what: 'three replies' });
    await visitorPage.reload();
    await visitorPage.getByTestId('owner-reply-time').filter({ hasText: usual }).waitFor();
    await visitorPage.setViewportSize({ width: 390, height: 844 });
    await screenshot(visitorPage, `reply-time-owner-${language}-390`);

    await context.close();
    await visitor.close();
  });
});
