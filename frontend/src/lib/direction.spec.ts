import { describe, expect, it } from 'vitest';
import { applyLanguageToDocument, directionOf, isolate, type LangDirTarget } from './direction';

describe('directionOf', () => {
  it('should be rtl for Arabic and ltr for French', () => {
    expect(directionOf('ar')).toBe('rtl');
    expect(directionOf('ar-MA')).toBe('rtl');
    expect(directionOf('fr')).toBe('ltr');
  });
});

describe('applyLanguageToDocument', () => {
  it('should set lang and dir="rtl" for ar, then back to ltr for fr', () => {
    const html: LangDirTarget = { lang: 'fr', dir: 'ltr' };
    applyLanguageToDocument('ar', html);
    expect(html).toEqual({ lang: 'ar', dir: 'rtl' });
    applyLanguageToDocument('fr', html);
    expect(html).toEqual({ lang: 'fr', dir: 'ltr' });
  });
});

describe('isolate', () => {
  it('should wrap text in first-strong isolates on right-to-left screens only', () => {
    expect(isolate('Amina B.', 'ar')).toBe('\u2068Amina B.\u2069');
    expect(isolate('Amina B.', 'fr')).toBe('Amina B.');
  });
});
