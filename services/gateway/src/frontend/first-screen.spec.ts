import { languageOf, pageHtml, type FirstScreens } from './first-screen.js';

const INDEX = '<!doctype html>\n<html lang="fr" dir="ltr">\n  <head>\n    <title>Hdiya</title>\n  </head>\n  <body>\n    <div id="root"></div>\n  </body>\n</html>';

const SCREENS: FirstScreens = {
  fr: { dir: 'ltr', pages: { '/': '<h1>Donnez</h1>', '/donations': '<h1>Explorer les dons</h1>' }, donation: '<img src="{{photo}}" srcset="{{photoMedium}} 800w"><h1>{{title}}</h1>', other: '<header></header>' },
  ar: { dir: 'rtl', pages: { '/': '<h1>امنح</h1>', '/donations': '<h1>استكشاف الهدايا</h1>' }, donation: '<img src="{{photo}}"><h1>{{title}}</h1>', other: '<header>ar</header>' },
};

const PHOTO_ID = '0b7e3c1a-5d2f-4a8e-9c61-2f4d8b1e7a90';
const rootOf = (html: string) => /<div id="root">([\s\S]*?)<\/div>\n/.exec(html)?.[1];

describe('languageOf', () => {
  it.each([
    [undefined, 'fr'],
    ['', 'fr'],
    ['hdiya.lang=ar', 'ar'],
    ['hdiya.sid=s%3Aabc; hdiya.lang=ar; theme=dark', 'ar'],
    ['hdiya.lang=fr', 'fr'],
    ['hdiya.lang=en', 'fr'],
    ['xhdiya.lang=ar', 'fr'],
    ['hdiya.lang=ar-evil', 'fr'],
  ])('should read %j as %s', (cookie, language) => {
    expect(languageOf(cookie)).toBe(language);
  });

  it.each([
    ['hdiya.lang=fr', '/unsubscribe?token=abc&lang=ar', 'ar'],
    ['hdiya.lang=ar', '/reset-password?lang=fr', 'fr'],
    [undefined, '/settings/notifications?lang=ar', 'ar'],
    ['hdiya.lang=ar', '/donations?lang=en', 'ar'],
    ['hdiya.lang=ar', '/donations?query=lang%3Dfr', 'ar'],
  ])('should let a link’s ?lang= win over the cookie %j: %s opens in %s', (cookie, url, language) => {
    expect(languageOf(cookie, url)).toBe(language);
  });
});

describe('pageHtml', () => {
  it('should write the page’s first screen in the language asked, with <html lang dir> to match', () => {
    const html = pageHtml(INDEX, SCREENS, { path: '/donations', language: 'ar', facts: null });
    expect(html).toContain('<html lang="ar" dir="rtl">');
    expect(rootOf(html)).toBe('<h1>استكشاف الهدايا</h1>');
  });

  it('should take a path with a trailing slash as the page, and an unknown one as the bare shell', () => {
    expect(rootOf(pageHtml(INDEX, SCREENS, { path: '/donations/', language: 'fr', facts: null }))).toBe('<h1>Explorer les dons</h1>');
    expect(rootOf(pageHtml(INDEX, SCREENS, { path: '/', language: 'fr', facts: null }))).toBe('<h1>Donnez</h1>');
    expect(rootOf(pageHtml(INDEX, SCREENS, { path: '/profile', language: 'ar', facts: null }))).toBe('<header>ar</header>');
  });

  it('should fill a donation’s title and photo escaped, once, with the preview’s tags in the head', () => {
    const html = pageHtml(INDEX, SCREENS, {
      path: '/donations/7',
      language: 'fr',
      facts: { head: '<meta property="og:title" content="x" />', donation: { title: '<script>x</script> {{photo}} $& "a"', photo: `/api/images/donations/${PHOTO_ID}.webp` } },
    });
    expect(rootOf(html)).toBe(`<img src="/api/images/donations/${PHOTO_ID}.webp" srcset="/api/images/donations/${PHOTO_ID}-medium.webp 800w"><h1>&lt;script&gt;x&lt;/script&gt; {{photo}} $&amp; &quot;a&quot;</h1>`);
    expect(html).toContain('<meta property="og:title" content="x" />\n  </head>');
  });

  it('should fall back to French for a language the build has no screens for, and add only the head without screens', () => {
    expect(pageHtml(INDEX, SCREENS, { path: '/', language: 'en', facts: null })).toContain('<html lang="fr" dir="ltr">');
    const bare = pageHtml(INDEX, null, { path: '/', language: 'ar', facts: { head: '<meta name="a" />' } });
    expect(bare).toContain('<div id="root"></div>');
    expect(bare).toContain('<html lang="fr" dir="ltr">');
    expect(bare).toContain('<meta name="a" />');
  });
});
