import { testEnv } from '@hdiya/testing';
import { signedUpMember } from '../support/api-client.js';
import { browserForFile, screenshot, signedInContext } from '../support/browser.js';
import { completeGift, publish } from '../support/members.js';

// A member's level and record next to their name (docs/product.md#public-record): on a donation's
// page and in a conversation's header, with the page that says how levels are earned; in French
// and Arabic, on a desktop and a 390 px phone.

const browser = browserForFile();
const base = testEnv().gatewayUrl;

describe.each([
  { language: 'fr' as const, level: 'Nouveau membre', record: 'dons remis : 1, reçus : 0', how: 'comment se gagnent les niveaux', reliable: 'Fiable : au moins 3 dons remis ou reçus, membre depuis 14 jours' },
  { language: 'ar' as const, level: 'عضو جديد', record: 'هدايا سلّمها: 1، استلمها: 0', how: 'كيف تُكتسب المستويات', reliable: 'موثوق: 3 هدايا على الأقل' },
])('the member’s level ($language)', ({ language, level, record, how, reliable }) => {
  it.each([1280, 390])('should show the donor’s level and record on the donation and in the conversation, and explain levels (%i px)', async (width) => {
    const [donor, member] = [await signedUpMember(), await signedUpMember()];
    await completeGift(donor.client, (await signedUpMember()).client, 'Théière marocaine', 'with the code');
    const item = await publish(donor.client, 'Plateau en cuivre');
    const context = await signedInContext(browser(), member.client, language, { viewport: { width, height: 900 } });
    const page = await context.newPage();

    await page.goto(`${base}/donations/${item.id}`);
    const note = page.getByTestId('owner-level');
    await note.waitFor();
    expect(await note.getAttribute('data-level')).toBe('new');
    expect(await note.innerText()).toContain(level);
    expect(await note.innerText()).toContain(record);
    await screenshot(page, `member-level-detail-${language}-${width}`);

    expect((await member.client.call('POST /api/messages', { body: { content: 'Bonjour, toujours disponible ?', receiverId: donor.user.id, donationId: item.id } })).status).toBe(201);
    await page.goto(`${base}/messages?with=${donor.user.id}&donation=${item.id}`);
    await page.getByTestId('thread-level').filter({ hasText: record }).waitFor();

    await page.getByTestId('thread-level').getByRole('link', { name: how }).click();
    const levels = page.getByTestId('trust-levels');
    await levels.waitFor();
    expect(await levels.innerText()).toContain(reliable);
    await screenshot(page, `member-level-how-${language}-${width}`);
    await context.close();
  });
});
