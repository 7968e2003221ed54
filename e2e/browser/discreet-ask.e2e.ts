import { testEnv, waitFor } from '@hdiya/testing';
import { signedUpMember } from '../support/api-client.js';
import { browserForFile, screenshot, signedInContext } from '../support/browser.js';
import { publish } from '../support/members.js';

// A discreet ask matched by a new donation (docs/product.md#asks), in French and Arabic on a
// desktop and a 390 px phone: the asker publishes "Je cherche" in the web app, a donor publishes
// the item, sees only that someone nearby looks for it and offers it; the asker is told.

const browser = browserForFile();
const base = testEnv().gatewayUrl;

const TEXTS = {
  fr: { post: 'Publier une demande', submit: 'Publier', someone: 'Quelqu’un près de chez vous cherche ceci', offer: 'Le lui proposer', offered: 'Proposé', told: 'Un donateur vous propose' },
  ar: { post: 'نشر طلب', submit: 'نشر', someone: 'شخص قريب منك يبحث عن هذا', offer: 'أعرضه عليه', offered: 'تم العرض', told: 'يعرض عليك متبرع' },
} as const;

describe.each(['fr', 'ar'] as const)('a discreet ask (%s)', (language) => {
  const text = TEXTS[language];
  it.each([1280, 390])('should be matched by a new donation whose donor offers it without knowing who asked (%i px)', async (width) => {
    const word = `zx${Math.random().toString(36).replace(/[^a-z]/g, '').slice(0, 8)}`;
    const [asker, donor] = [await signedUpMember(), await signedUpMember()];
    const viewport = { viewport: { width, height: 900 } };

    const askerContext = await signedInContext(browser(), asker.client, language, viewport);
    const askerPage = await askerContext.newPage();
    await askerPage.goto(`${base}/asks`);
    await askerPage.getByRole('button', { name: text.post }).click();
    await askerPage.getByTestId('ask-title').fill(`poussette ${word}`);
    await askerPage.getByTestId('ask-city').selectOption('Kénitra');
    expect(await askerPage.getByTestId('ask-visibility-discreet').isChecked()).toBe(true);
    await screenshot(askerPage, `ask-form-${language}-${width}`);
    await askerPage.getByRole('button', { name: text.submit, exact: true }).click();
    await askerPage.getByTestId('my-ask').filter({ hasText: word }).waitFor();
    // A discreet ask is never listed, not even to its asker among the public ones.
    expect(await askerPage.getByTestId('nearby-ask').filter({ hasText: word }).count()).toBe(0);

    const donation = await publish(donor.client, `Poussette ${word}`);
    const donorContext = await signedInContext(browser(), donor.client, language, viewport);
    const donorPage = await donorContext.newPage();
    await donorPage.goto(`${base}/donations/${donation.id}`);
    const match = donorPage.getByTestId('ask-match');
    // The alerts consumer matches within a moment of publication: reload until it has.
    await waitFor(
      async () => {
        if ((await match.count()) > 0) return true;
        await donorPage.reload();
        await donorPage.getByTestId('donation-detail').waitFor();
        await donorPage.waitForTimeout(500);
        return (await match.count()) > 0;
      },
      { what: 'the donor seeing someone nearby looks for it', timeoutMs: 20_000 },
    );
    await expect(match.first().innerText()).resolves.toContain(text.someone);
    expect(await donorPage.content()).not.toContain(asker.user.username);
    await donorPage.getByRole('button', { name: text.offer }).click();
    await donorPage.getByTestId('ask-match-offered').waitFor();
    await expect(donorPage.getByTestId('ask-match-offered').innerText()).resolves.toContain(text.offered);
    await screenshot(donorPage, `ask-match-${language}-${width}`);

    await askerPage.goto(`${base}/notifications`);
    await askerPage.getByText(text.told).first().waitFor({ timeout: 15_000 });
    await screenshot(askerPage, `ask-told-${language}-${width}`);
    await askerContext.close();
    await donorContext.close();
  });
});
