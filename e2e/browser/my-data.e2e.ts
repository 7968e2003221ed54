import { MEMBER_EXPORTS_PER_DAY } from '@hdiya/contracts';
import { testEnv } from '@hdiya/testing';
import { signedUpMember } from '../support/api-client.js';
import { browserForFile, screenshot, signedInContext } from '../support/browser.js';

// Issue 47: the profile's "Mes données" downloads the member's ZIP and leads to the privacy
// policy, which says what Hdiya keeps, for how long, and how to use each right of law 09-08.

const browser = browserForFile();

const TEXTS = {
  fr: { download: 'Télécharger mes données', privacy: 'Ce que nous gardons et pourquoi', retention: 'Combien de temps', exercise: 'Comment les exercer dans l’application', limited: 'Vous avez déjà téléchargé vos données' },
  ar: { download: 'تحميل بياناتي', privacy: 'ما نحتفظ به ولماذا', retention: 'مدة الحفظ', exercise: 'كيف تمارسها في التطبيق', limited: 'لقد حمّلت بياناتك 3 مرات اليوم' },
} as const;

describe('my data on the profile, and the privacy policy', () => {
  it.each([
    ['fr', 1280],
    ['fr', 390],
    ['ar', 1280],
    ['ar', 390],
  ] as const)('should download the ZIP and open the policy (%s, %i px)', async (language, width) => {
    const texts = TEXTS[language];
    const member = await signedUpMember();
    const context = await signedInContext(browser(), member.client, language, { viewport: { width, height: 900 } });
    const page = await context.newPage();
    await page.goto(`${testEnv().gatewayUrl}/profile`);
    const card = page.getByTestId('my-data');
    await card.scrollIntoViewIfNeeded();

    const [download] = await Promise.all([page.waitForEvent('download'), card.getByRole('button', { name: texts.download }).click()]);
    expect(download.suggestedFilename()).toMatch(/^hdiya-mes-donnees-\d{4}-\d{2}-\d{2}\.zip$/);
    await screenshot(page, `my-data-${language}-${width}`);

    if (language === 'ar' && width === 390) {
      // Past the day's allowance the card says so in the member's language.
      for (let i = 1; i < MEMBER_EXPORTS_PER_DAY; i += 1) {
        await Promise.all([page.waitForEvent('download'), card.getByRole('button', { name: texts.download }).click()]);
      }
      await card.getByRole('button', { name: texts.download }).click();
      await card.getByTestId('my-data-error').getByText(texts.limited).waitFor();
    }

    await card.getByRole('link', { name: texts.privacy }).click();
    const policy = page.getByTestId('privacy-policy-page');
    await policy.getByRole('heading', { name: texts.retention }).waitFor();
    await policy.getByRole('heading', { name: texts.exercise }).waitFor();
    expect(await policy.textContent()).toContain('09-08');
    // Nothing wider than the screen.
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    expect(await page.evaluate(() => document.documentElement.dir)).toBe(language === 'ar' ? 'rtl' : 'ltr');
    await screenshot(page, `privacy-policy-${language}-${width}`, true);
    await context.close();
  });
});
