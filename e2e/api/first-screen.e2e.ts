import { mediumPhotoOf } from '@hdiya/contracts';
import { testEnv } from '@hdiya/testing';
import { signedUpMember } from '../support/api-client.js';
import { publish } from '../support/members.js';

// Every page comes with its first screen written by the gateway (issue 44): the header and the
// page's heading in the language the web app last showed (its `hdiya.lang` cookie), so a phone
// paints it before any script has run; a donation's page shows its own title and photo.

const base = testEnv().gatewayUrl;

async function page(path: string, language?: string) {
  const res = await fetch(`${base}${path}`, { headers: language ? { cookie: `hdiya.lang=${language}` } : {} });
  return { status: res.status, vary: res.headers.get('vary') ?? '', html: await res.text() };
}

const heading = (html: string) => /<h1[^>]*>([^<]*)<\/h1>/.exec(html)?.[1];

it.each([
  ['/', undefined, 'fr', 'Donnez une seconde vie à vos objets'],
  ['/', 'ar', 'ar', 'امنح أغراضك حياة ثانية'],
  ['/donations', 'fr', 'fr', 'Explorer les dons'],
  ['/donations', 'ar', 'ar', 'استكشاف الهدايا'],
  ['/how-it-works', undefined, 'fr', 'Comment ça marche'],
  ['/how-it-works', 'ar', 'ar', 'كيف يعمل'],
])('should write %s with its heading for the language cookie %s (%s)', async (path, cookie, language, text) => {
  const res = await page(path, cookie);
  expect(res.status).toBe(200);
  expect(res.html).toContain(`<html lang="${language}" dir="${language === 'ar' ? 'rtl' : 'ltr'}">`);
  expect(heading(res.html)).toBe(text);
  expect(res.html).toMatch(/<header class="site-header">/);
  expect(res.vary).toMatch(/cookie/i);
});

it('should write a donation’s page with its title, escaped, and its photo asked for first', async () => {
  const donor = await signedUpMember();
  const donation = await publish(donor.client, 'Table <basse> & 2 chaises');
  const res = await page(`/donations/${donation.id}`, 'ar');
  expect(res.html).toContain('<html lang="ar" dir="rtl">');
  expect(heading(res.html)).toBe('Table &lt;basse&gt; &amp; 2 chaises');
  expect(res.html).toContain(`<img class="first-screen__photo" src="${donation.imageUrl}" srcset="${mediumPhotoOf(donation.imageUrl)} 800w, ${donation.imageUrl} 1280w"`);
  expect(res.html).toMatch(/<img class="first-screen__photo" [^>]*fetchpriority="high"/);
});

it('should write the bare header for a page without a first screen of its own, and for a donation that does not exist', async () => {
  for (const path of ['/profile', '/donations/999999999']) {
    const res = await page(path);
    expect(res.status).toBe(200);
    expect(res.html).toMatch(/<div id="root"><div class="app-shell first-screen"><header class="site-header">/);
    expect(heading(res.html)).toBeUndefined();
  }
});
