import type { Page } from 'playwright-core';
import { testEnv } from '@hdiya/testing';
import { signedUpMember } from '../support/api-client.js';
import { browserForFile, signedInContext } from '../support/browser.js';
import { publish } from '../support/members.js';

// Two members in two browsers talk about a gift: nobody reloads, the socket brings each message.

const browser = browserForFile();

const base = testEnv().gatewayUrl;

async function sendInThread(page: Page, text: string): Promise<void> {
  await page.getByTestId('message-input').fill(text);
  await page.getByTestId('message-send').click();
}

const bubble = (page: Page, text: string) => page.getByTestId('message').filter({ hasText: text });

describe.each([
  { language: 'fr' as const, dir: 'ltr', messagesTitle: 'Messages', contact: 'Contacter le donateur' },
  { language: 'ar' as const, dir: 'rtl', messagesTitle: 'الرسائل', contact: 'تواصل مع المتبرع' },
])('messaging in the browser ($language)', ({ language, dir, messagesTitle, contact }) => {
  it('should let two members exchange messages without reloading', async () => {
    const donor = await signedUpMember({ firstName: 'Mehdi', lastName: 'Lahlou' });
    const asker = await signedUpMember({ firstName: 'Salma', lastName: 'Tazi' });
    const item = await publish(donor.client, language === 'fr' ? 'Table pliante' : 'طاولة قابلة للطي');

    const donorContext = await signedInContext(browser(), donor.client, language);
    const askerContext = await signedInContext(browser(), asker.client, language);
    const donorPage = await donorContext.newPage();
    const askerPage = await askerContext.newPage();

    // The donor waits on the messages screen, which has no conversation yet. With the socket up,
    // screens do not poll: whatever arrives below came through it.
    await donorPage.goto(`${base}/messages`);
    await donorPage.locator('[data-realtime=connected]').waitFor();
    await donorPage.getByTestId('conversations-empty').waitFor();
    expect(await donorPage.locator('html').getAttribute('dir')).toBe(dir);
    expect(await donorPage.title()).toContain(messagesTitle);

    // The asker writes from the donation's page.
    await askerPage.goto(`${base}/donations/${item.id}`);
    await askerPage.locator('[data-realtime=connected]').waitFor();
    await askerPage.getByText(contact, { exact: true }).waitFor();
    await askerPage.getByTestId('contact-donor-input').fill('Bonjour <b>Mehdi</b>, elle est dispo ?');
    await askerPage.getByTestId('contact-donor-send').click();
    await askerPage.getByTestId('contact-donor-open').click();
    await bubble(askerPage, 'Bonjour <b>Mehdi</b>, elle est dispo ?').waitFor();

    // It appears on the donor's screen by itself, with the unread badge; markup stays text.
    const conversation = donorPage.getByTestId('conversation').filter({ hasText: 'Salma T.' });
    await conversation.waitFor({ timeout: 10_000 });
    await donorPage.getByTestId('messages-badge').filter({ hasText: '1' }).waitFor();
    await conversation.click();
    await bubble(donorPage, 'Bonjour <b>Mehdi</b>, elle est dispo ?').waitFor();
    expect(await donorPage.locator('.bubble b').count()).toBe(0);
    await donorPage.getByTestId('messages-badge').waitFor({ state: 'detached' });

    // The reply comes back to the asker's open thread, and the asker sees it was read.
    await sendInThread(donorPage, 'Oui, passez ce soir.');
    await bubble(askerPage, 'Oui, passez ce soir.').waitFor({ timeout: 10_000 });
    await donorPage.getByTestId('thread-read').waitFor({ timeout: 10_000 });
    expect(await bubble(askerPage, 'Oui, passez ce soir.').getAttribute('data-own')).toBe('false');
    expect(await bubble(donorPage, 'Oui, passez ce soir.').getAttribute('data-own')).toBe('true');

    await donorContext.close();
    await askerContext.close();
  });
});
