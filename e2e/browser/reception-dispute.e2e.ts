import { testEnv } from '@hdiya/testing';
import { signedUpMember } from '../support/api-client.js';
import { browserForFile, screenshot, signedInContext } from '../support/browser.js';
import { completeGift, notificationAbout } from '../support/members.js';

// A donor disputes a reception the receiver confirmed alone (decision 0056): the donation page
// offers "Je ne l'ai pas remis" for 48 hours, asks to confirm, and the item is available again;
// in French on a desktop and in Arabic on a 390 px phone.

const browser = browserForFile();
const base = testEnv().gatewayUrl;

describe.each([
  { language: 'fr' as const, width: 1280, action: 'Je ne l’ai pas remis', done: 'Réception annulée : l’objet est de nouveau disponible.' },
  { language: 'ar' as const, width: 390, action: 'لم أسلّمه', done: 'أُلغي الاستلام: الغرض متاح من جديد.' },
])('disputing a reception ($language, $width px)', ({ language, width, action, done }) => {
  it('should let the donor say the item was never handed over, and give it back', async () => {
    const [donor, receiver] = [await signedUpMember(), await signedUpMember()];
    const gift = await completeGift(donor.client, receiver.client, language === 'fr' ? 'Lampe en laiton' : 'مصباح نحاسي');
    const context = await signedInContext(browser(), donor.client, language, { viewport: { width, height: 900 } });
    const page = await context.newPage();
    await page.goto(`${base}/donations/${gift.id}`);
    const panel = page.getByTestId('reception-dispute');
    await panel.waitFor();
    await screenshot(page, `reception-dispute-${language}-${width}`);
    await panel.getByRole('button', { name: action }).click();
    await page.getByTestId('reception-dispute-dialog-confirm').click();
    await page.getByText(done).first().waitFor();
    await panel.waitFor({ state: 'detached' });
    expect((await donor.client.call('GET /api/donations/{id}', { params: { id: gift.id } })).body.status).toBe('available');
    await notificationAbout(receiver.client, 'reception_disputed', gift.id);
    // The receiver's page offers no such thing.
    const theirs = await signedInContext(browser(), receiver.client, language, { viewport: { width, height: 900 } });
    const theirPage = await theirs.newPage();
    await theirPage.goto(`${base}/donations/${gift.id}`);
    await theirPage.getByRole('heading', { level: 1 }).first().waitFor();
    expect(await theirPage.getByTestId('reception-dispute').count()).toBe(0);
    await theirs.close();
    await context.close();
  });
});
