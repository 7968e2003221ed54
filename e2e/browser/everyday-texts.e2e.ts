import type { BrowserContext, Page } from 'playwright-core';
import { testEnv } from '@hdiya/testing';
import { signedUpMember } from '../support/api-client.js';
import { signedInAdmin } from '../support/admin.js';
import { browserForFile, kenitra, screenshot, signedInContext } from '../support/browser.js';
import { completeGift, publish } from '../support/members.js';

// What a member meets every day (issue 21): points rules said once and alike everywhere, member
// text in its own direction whatever the screen's, a conversation list that does not wrap, and
// French typography. In French and Arabic, on a desktop and a 390 px phone.

const browser = browserForFile();

const base = testEnv().gatewayUrl;
const WIDTHS = [1280, 390] as const;
const LANGUAGES = ['fr', 'ar'] as const;
const CASES = LANGUAGES.flatMap((language) => WIDTHS.map((width) => ({ language, width })));

async function open(client: Parameters<typeof signedInContext>[1], language: 'fr' | 'ar', width: number): Promise<{ context: BrowserContext; page: Page }> {
  const context = await signedInContext(browser(), client, language, { viewport: { width, height: 900 } });
  return { context, page: await context.newPage() };
}

/** The resolved direction of the innermost element holding `text` (member text must carry its own). */
function directionOfText(page: Page, text: string): Promise<string | null> {
  return page.evaluate((text) => {
    let found: Element | null = null;
    for (const element of document.body.querySelectorAll('*')) {
      if (element.textContent?.includes(text) && !(element instanceof HTMLScriptElement)) found = element;
    }
    return found ? getComputedStyle(found).direction : null;
  }, text);
}

describe.each(CASES)('everyday texts ($language, $width px)', ({ language, width }) => {
  it('should state the publishing reward once on the create screen, as paid when the item is given', async () => {
    const member = await signedUpMember();
    const { context, page } = await open(member.client, language, width);
    await page.goto(`${base}/create-donation`);
    await page.getByTestId('points-rule').waitFor();
    const main = await page.locator('main').innerText();
    // No "+5 for publishing" beside "5 points paid when it is given": one rule, said once.
    expect(main).not.toContain(language === 'fr' ? 'en publiant' : 'عند نشر هدية');
    expect(await page.getByTestId('donation-points').count()).toBe(0);
    const given = language === 'fr' ? /remis/g : /تسليم/g;
    expect(main.match(given)?.length).toBe(1);
    await screenshot(page, `texts-create-${language}-${width}`, true);
    await page.goto(`${base}/`);
    const home = await page.locator('.home-cta').innerText();
    expect(home).toContain(language === 'fr' ? '10 points' : '10 نقاط');
    await context.close();
  });

  it('should give member text its own direction, in lists, cards and while typing', async () => {
    const donor = await signedUpMember({ firstName: 'Amina', lastName: 'Berrada' });
    const asker = await signedUpMember({ firstName: 'Omar', lastName: 'Idrissi' });
    const item = await publish(donor.client, 'Lampe en bon état');
    // The donor writes French and the asker Arabic: each text keeps its direction on either screen.
    const french = 'On se voit à 18h.';
    const arabic = 'سأمر على الساعة 18h.';
    expect((await asker.client.call('POST /api/messages', { body: { content: arabic, receiverId: donor.user.id, donationId: item.id } })).status).toBe(201);
    expect((await donor.client.call('POST /api/messages', { body: { content: french, receiverId: asker.user.id, donationId: item.id } })).status).toBe(201);

    const { context, page } = await open(donor.client, language, width);
    await page.goto(`${base}/messages`);
    await page.getByTestId('conversation').first().waitFor();
    expect(await directionOfText(page, french)).toBe('ltr');
    await page.getByTestId('conversation').first().click();
    await page.getByTestId('message').filter({ hasText: arabic }).waitFor();
    expect(await directionOfText(page, arabic)).toBe('rtl');

    // Typing Arabic in a French form (and French in an Arabic one) turns the field that way.
    await page.goto(`${base}/create-donation`);
    const description = page.locator('#donation-description');
    await description.fill(language === 'fr' ? 'مصباح في حالة جيدة' : 'Lampe en bon état.');
    expect(await description.evaluate((element) => getComputedStyle(element).direction)).toBe(language === 'fr' ? 'rtl' : 'ltr');
    const unfilled = await page.evaluate(() =>
      [...document.querySelectorAll('input:not([type=hidden]):not([type=checkbox]):not([type=radio]):not([type=range]):not([type=file]), textarea')]
        .filter((element) => element.getAttribute('dir') === null)
        .map((element) => element.id || element.getAttribute('name') || element.outerHTML.slice(0, 80)),
    );
    expect(unfilled).toEqual([]);
    await context.close();
  });

  it('should keep names, times and unread badges on one line each in the conversation list', async () => {
    const me = await signedUpMember({ firstName: 'Amina', lastName: 'Berrada' });
    const item = await publish(me.client, 'Poussette pliable');
    for (const [firstName, lastName] of [['Abdelmoughit', 'Benabdeljalil'], ['عبد الرحيم', 'الإدريسي']]) {
      const other = await signedUpMember({ firstName, lastName });
      for (let i = 0; i < 3; i++) await other.client.call('POST /api/messages', { body: { content: `Bonjour ${i}`, receiverId: me.user.id, donationId: item.id } });
    }
    const { context, page } = await open(me.client, language, width);
    await page.goto(`${base}/messages`);
    await page.getByTestId('conversation-unread').nth(1).waitFor();
    const boxes = await page.getByTestId('conversation').evaluateAll((rows) =>
      rows.map((row) => {
        const box = (selector: string) => {
          const element = row.querySelector(selector)!;
          const rects = [...element.getClientRects()];
          const lineHeight = parseFloat(getComputedStyle(element).lineHeight) || 20;
          const rect = element.getBoundingClientRect();
          return { lines: Math.round(rect.height / lineHeight), rects: rects.length, left: rect.left, right: rect.right, top: rect.top, bottom: rect.bottom };
        };
        const name = row.querySelector('.conversation__name')!;
        const text = row.querySelector('.conversation__text')!;
        return {
          name: box('.conversation__name'),
          time: box('.conversation__time'),
          badge: box('[data-testid=conversation-unread]'),
          direction: [name.textContent, getComputedStyle(name).direction],
          // "Bonjour 2" is short enough to show whole beside the unread count.
          lastMessageWhole: text.scrollWidth <= text.clientWidth,
        };
      }),
    );
    const overlap = (a: { left: number; right: number; top: number; bottom: number }, b: typeof a) =>
      a.left < b.right - 1 && b.left < a.right - 1 && a.top < b.bottom - 1 && b.top < a.bottom - 1;
    // Each name in its own direction ("Abdelmoughit B." keeps its full stop at its end in Arabic).
    expect(boxes.map((row) => row.direction).sort()).toEqual([
      ['Abdelmoughit B.', 'ltr'],
      ['عبد الرحيم ا.', 'rtl'],
    ]);
    for (const row of boxes) {
      expect([row.name.lines, row.time.lines, row.badge.lines]).toEqual([1, 1, 1]);
      expect([overlap(row.name, row.time), overlap(row.name, row.badge), overlap(row.time, row.badge)]).toEqual([false, false, false]);
      expect(row.lastMessageWhole).toBe(true);
    }
    await screenshot(page, `texts-conversations-${language}-${width}`);
    await context.close();
  });
});

describe.each(LANGUAGES)('the points history (%s)', (language) => {
  it('should say the publishing reward came with the gift', async () => {
    const donor = await signedUpMember();
    const friend = await signedUpMember();
    await completeGift(donor.client, friend.client, 'Livre de cuisine');
    const { context, page } = await open(donor.client, language, 390);
    await page.goto(`${base}/points-history`);
    await page.getByTestId('history-entry').nth(2).waitFor();
    const texts = await page.getByTestId('history-entry-description').allInnerTexts();
    expect(texts).toContain(language === 'fr' ? 'Publication du don remis : Livre de cuisine' : 'نشر هدية مُسلَّمة');
    await screenshot(page, `texts-history-${language}-390`);
    await context.close();
  });
});

describe.each(LANGUAGES)('the typing signal (%s)', (language) => {
  it('should leave when the other member’s message arrives', async () => {
    const donor = await signedUpMember();
    const asker = await signedUpMember();
    const item = await publish(donor.client, 'Table basse');
    await asker.client.call('POST /api/messages', { body: { content: 'Bonjour', receiverId: donor.user.id, donationId: item.id } });
    const donorSide = await open(donor.client, language, 1280);
    const askerSide = await open(asker.client, language, 1280);
    await donorSide.page.goto(`${base}/messages?with=${asker.user.id}&donation=${item.id}`);
    await askerSide.page.goto(`${base}/messages?with=${donor.user.id}&donation=${item.id}`);
    for (const side of [donorSide, askerSide]) await side.page.locator('[data-realtime=connected]').waitFor();
    await askerSide.page.getByTestId('message-input').pressSequentially('Je passe');
    await donorSide.page.getByTestId('thread-typing').waitFor();
    await askerSide.page.getByTestId('message-send').click();
    await donorSide.page.getByTestId('message').filter({ hasText: 'Je passe' }).waitFor();
    // Well before the 3 s the signal lasts on its own.
    await donorSide.page.getByTestId('thread-typing').waitFor({ state: 'detached', timeout: 1000 });
    await donorSide.context.close();
    await askerSide.context.close();
  });
});

describe.each(LANGUAGES)('member text on the Arabic or French moderation page (%s)', (language) => {
  it('should show a description in its own direction', async () => {
    const donor = await signedUpMember();
    await publish(donor.client, language === 'ar' ? 'Lampe en bon état' : 'مصباح في حالة جيدة');
    const admin = await signedInAdmin();
    const { context, page } = await open(admin.client, language, 1280);
    await page.goto(`${base}/admin`);
    await page.getByTestId('moderation-card').first().waitFor();
    // publish() writes a French description: on the Arabic page it must stay left to right.
    const titleDirection = await directionOfText(page, language === 'ar' ? 'Lampe en bon état' : 'مصباح في حالة جيدة');
    expect(titleDirection).toBe(language === 'ar' ? 'ltr' : 'rtl');
    if (language === 'ar') expect(await directionOfText(page, 'À récupérer en soirée.')).toBe('ltr');
    await context.close();
  });
});

describe.each(CASES)('placeholders ($language, $width px)', ({ language, width }) => {
  it('should fit their fields', async () => {
    const donor = await signedUpMember();
    const reader = await signedUpMember();
    const item = await publish(donor.client, 'Chaise en rotin');
    const { context, page } = await open(reader.client, language, width);
    for (const path of ['/', `/donations/${item.id}`, '/messages', '/create-donation']) {
      await page.goto(`${base}${path}`);
      await page.locator('main').waitFor();
      await page.waitForTimeout(300);
      // The placeholder's width in the field's own font against the room inside its padding.
      const cut = await page.evaluate(() => {
        const canvas = document.createElement('canvas').getContext('2d')!;
        return [...document.querySelectorAll<HTMLInputElement>('input[placeholder]')]
          .filter((field) => field.checkVisibility())
          .filter((field) => {
            const style = getComputedStyle(field);
            canvas.font = `${style.fontStyle} ${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
            const room = field.clientWidth - parseFloat(style.paddingInlineStart) - parseFloat(style.paddingInlineEnd);
            return canvas.measureText(field.placeholder).width > room;
          })
          .map((field) => field.placeholder);
      });
      expect({ path, cut }).toEqual({ path, cut: [] });
    }
    await context.close();
  });
});

describe('French typography', () => {
  it('should write decimal commas, Mo and elided names', async () => {
    const donor = await signedUpMember({ firstName: 'Amina', lastName: 'Berrada' });
    const reader = await signedUpMember();
    const item = await publish(donor.client, 'Chaise en rotin');
    await donor.client.call('POST /api/messages', { body: { content: 'Bonjour', receiverId: reader.user.id, donationId: item.id } });
    for (const width of WIDTHS) {
      const { context, page } = await open(reader.client, 'fr', width);
      // About 330 m north of the city's centre, where the donation stands.
      await page.goto(`${base}/donations?lat=${kenitra.lat + 0.003}&lng=${kenitra.lng}&distance=5&query=rotin`);
      const distance = await page.getByTestId('donation-card-distance').first().innerText();
      expect(distance).toMatch(/^\d+(,\d)?\u00a0km$/);
      await page.goto(`${base}/notifications`);
      // The message's notice, not the reply reminder that follows it 20 s later on a slow run.
      const notice = page.getByTestId('notification').filter({ hasText: 'Nouveau message' }).first();
      await notice.waitFor();
      expect((await notice.innerText()).replace(/[\u2066-\u2069]/g, '')).toContain('d’Amina');
      await page.goto(`${base}/create-donation`);
      await page.getByTestId('points-rule').waitFor();
      expect(await page.locator('main').innerText()).toContain('5\u00a0Mo');
      expect(await page.locator('main').innerText()).not.toContain('MB');
      await context.close();
    }
  });
});
