import { linkLanguageOf, withLinkLanguage } from './link-language.js';

describe(withLinkLanguage.name, () => {
  it.each([
    ['https://hdiya.ma/notifications', 'https://hdiya.ma/notifications?lang=ar'],
    ['https://hdiya.ma/unsubscribe?token=a.b', 'https://hdiya.ma/unsubscribe?token=a.b&lang=ar'],
    ['https://hdiya.ma/reset-password#token=abc', 'https://hdiya.ma/reset-password?lang=ar#token=abc'],
    ['https://hdiya.ma/x?lang=fr&y=1', 'https://hdiya.ma/x?y=1&lang=ar'],
    ['https://hdiya.ma/x?y=1&lang=fr', 'https://hdiya.ma/x?y=1&lang=ar'],
    ['https://hdiya.ma/x?lang=fr', 'https://hdiya.ma/x?lang=ar'],
  ])('should make %s ask for Arabic', (url, expected) => {
    expect(withLinkLanguage(url, 'ar')).toBe(expected);
  });
});

describe(linkLanguageOf.name, () => {
  it.each([
    ['?lang=ar', 'ar'],
    ['token=x&lang=fr', 'fr'],
    ['?lang=en', undefined],
    ['?slang=ar', undefined],
    ['', undefined],
    [undefined, undefined],
  ])('should read %j as %s', (search, expected) => {
    expect(linkLanguageOf(search)).toBe(expected);
  });
});
