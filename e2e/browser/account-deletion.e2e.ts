import type { Page } from 'playwright-core';
import { testEnv, waitFor } from '@hdiya/testing';
import { signedUpMember } from '../support/api-client.js';
import { browserForFile, screenshot, signedInContext } from '../support/browser.js';
import { expectBalance, publish } from '../support/members.js';

// "Supprimer mon compte" on the profile (docs/product.md#deleting-ones-account): the dialog says
// what happens, a wrong password is refused in the screen's language, a gift in progress is named
// and must be ticked as cancelled, and the confirmation screen says it is done at once; in French
// and Arabic, on a computer (1280 px) and a phone (390 px), nothing wider than the screen.

const browser = browserForFile();

const TEXTS = {
  fr: {
    open: 'Supprimer mon compte',
    dialog: 'Supprimer votre compte ?',
    atOnce: 'C’est immédiat et définitif',
    password: 'Votre mot de passe',
    wrong: 'Mot de passe actuel incorrect.',
    gift: 'Vélo enfant : vous l’avez réservé',
    cancel: 'J’annule ce don en supprimant mon compte',
    confirm: 'Supprimer définitivement',
    done: 'Votre compte est supprimé',
  },
  ar: {
    open: 'حذف حسابي',
    dialog: 'حذف حسابك؟',
    atOnce: 'الحذف فوري ونهائي',
    password: 'كلمة مرورك',
    wrong: 'كلمة المرور الحالية غير صحيحة.',
    gift: 'Vélo enfant: حجزتها أنت',
    cancel: 'ألغي هذه الهدية بحذف حسابي',
    confirm: 'حذف نهائي',
    done: 'تم حذف حسابك',
  },
} as const;

/** Nothing on the page is wider than the screen (no sideways scrolling on a phone). */
const fits = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

describe('deleting one’s account from the profile', () => {
  for (const [language, width] of [
    ['fr', 1280],
    ['ar', 390],
    ['fr', 390],
    ['ar', 1280],
  ] as const) {
    it(`should explain, name the gift in progress and confirm the deletion (${language}, ${width} px)`, async () => {
      const texts = TEXTS[language];
      const [leaver, friend] = [await signedUpMember(), await signedUpMember()];
      await expectBalance(leaver.client, { points: 10 }, 'welcome');
      const bike = await publish(friend.client, 'Vélo enfant');
      expect((await leaver.client.call('POST /api/donations/{id}/reserve', { params: { id: bike.id } })).status).toBe(200);

      const context = await signedInContext(browser(), leaver.client, language, { viewport: { width, height: 900 } });
      const page = await context.newPage();
      await page.goto(`${testEnv().gatewayUrl}/profile`);
      await page.getByTestId('delete-account-open').getByText(texts.open).click();
      const dialog = page.getByTestId('delete-account-dialog');
      await dialog.getByText(texts.dialog).waitFor();
      await dialog.getByText(texts.atOnce).waitFor();
      expect(await dialog.getByTestId('delete-account-consequences').locator('li').count()).toBe(5);

      await dialog.getByLabel(texts.password).fill('pas-le-bon');
      await dialog.getByTestId('delete-account-confirm').getByText(texts.confirm).click();
      await dialog.getByTestId('form-error').getByText(texts.wrong).waitFor();

      await dialog.getByLabel(texts.password).fill(leaver.payload.password);
      await dialog.getByTestId('delete-account-confirm').click();
      const gifts = dialog.getByTestId('delete-account-gifts');
      await gifts.waitFor();
      expect((await gifts.getByTestId('delete-account-gift').textContent())!.replace(/[\u2068\u2069]/g, '')).toBe(texts.gift);
      expect(await dialog.getByTestId('delete-account-confirm').isDisabled()).toBe(true);
      expect(await fits(page)).toBe(true);
      await screenshot(page, `account-deletion-dialog-${language}-${width}`);
      // Still there until confirmed.
      expect((await leaver.client.call('GET /api/auth/user')).status).toBe(200);

      await dialog.getByText(texts.cancel).click();
      await dialog.getByTestId('delete-account-confirm').click();
      await page.getByTestId('account-deleted').getByText(texts.done).waitFor();
      expect(new URL(page.url()).pathname).toBe('/account-deleted');
      expect(await fits(page)).toBe(true);
      await screenshot(page, `account-deleted-${language}-${width}`);
      expect((await leaver.client.call('GET /api/auth/user')).status).toBe(401);
      await waitFor(async () => ((await friend.client.call('GET /api/donations/{id}', { params: { id: bike.id } })).body.status === 'available' ? true : undefined), { what: 'the bike free again' });
      await context.close();
    });
  }
});
