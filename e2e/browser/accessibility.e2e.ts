import { testEnv } from '@hdiya/testing';
import { seriousViolations } from '../support/axe.js';
import { browserForFile, screenshot, signedInContext } from '../support/browser.js';
import { mainScreens, memberWithConversation } from '../support/screens.js';

// axe-core on the main screens, in French and in Arabic, light and dark: no serious or critical
// violation (contrast AA included). Screenshots of each screen, laptop and phone, are kept.


const browser = browserForFile();

describe.each([
  ['fr', 'light'],
  ['fr', 'dark'],
  ['ar', 'light'],
  ['ar', 'dark'],
] as const)('accessibility in %s, %s theme', (language, theme) => {
  it('should find no serious or critical violation on the main screens', async () => {
    const { donor, member, item } = await memberWithConversation('Table pour axe', 'Bonjour');
    // Signed in with a reservation: the header then shows the blocked points too, the widest it gets.
    expect((await member.client.call('POST /api/donations/{id}/reserve', { params: { id: item.id } })).status).toBe(200);
    const context = await signedInContext(browser(), member.client, language, { bypassCSP: true }); // axe is injected inline
    await context.addInitScript((mode) => window.localStorage.setItem('ui-theme', mode), theme);
    const page = await context.newPage();
    const found: Record<string, string[]> = {};
    for (const [name, path, ready] of mainScreens(donor.user.id, item.id)) {
      await page.goto(`${testEnv().gatewayUrl}${path}`);
      await page.getByTestId(ready).first().waitFor();
      const violations = await seriousViolations(page);
      if (violations.length > 0) found[name] = violations;
      // The same screen for people to look at, on a laptop and on a 390 px phone.
      await screenshot(page, `${name}-${language}-${theme}-1280`, true);
      await page.setViewportSize({ width: 390, height: 844 });
      // Nothing sticks out sideways on a phone (the header included).
      await page.waitForFunction(() => document.documentElement.scrollWidth <= 390, undefined, { timeout: 5000 }).catch(() => undefined);
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      if (width > 390) found[`${name}-390`] = [`the page is ${width} px wide on a 390 px screen`];
      await screenshot(page, `${name}-${language}-${theme}-390`, true);
      await page.setViewportSize({ width: 1280, height: 720 });
    }
    expect(found).toEqual({});
    await context.close();
  });
});
