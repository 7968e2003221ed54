import { requestLanguage } from './request-language.js';

const language = (headers: Record<string, string>) => requestLanguage({ headers });

describe('the language a contact message is written in', () => {
  it('should follow the web app’s cookie first, then the browser, then French', () => {
    expect(language({ cookie: 'a=1; hdiya.lang=ar', 'accept-language': 'fr-FR' })).toBe('ar');
    expect(language({ cookie: 'hdiya.lang=fr', 'accept-language': 'ar-MA' })).toBe('fr');
    expect(language({ 'accept-language': 'en-GB, ar-MA;q=0.8, fr;q=0.5' })).toBe('ar');
    expect(language({ cookie: 'hdiya.lang=es', 'accept-language': 'en, fr-CA;q=0.9' })).toBe('fr');
    expect(language({ 'accept-language': 'en-US' })).toBe('fr');
    expect(language({})).toBe('fr');
  });
});
