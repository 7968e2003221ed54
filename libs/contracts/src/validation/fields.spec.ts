import { cleanMemberText } from './fields.js';

// Issue 45: direction controls and invisible characters in member text made a reversed
// "Vélo ‮gpj.exe", look-alike names and a last-name initial nobody could see.

describe(cleanMemberText.name, () => {
  it('should drop direction controls, isolates, zero-width characters and the byte order mark', () => {
    expect(cleanMemberText('Vélo \u202Egpj.exe')).toBe('Vélo gpj.exe');
    expect(cleanMemberText('\u2066Amina\u2069 \u2067B\u2068.\u2069')).toBe('Amina B.');
    expect(cleanMemberText('Sa\u200Blma\u200C\u200D\u200E\u200F\uFEFF\u2060\u061C')).toBe('Salma');
    expect(cleanMemberText('\u202A\u202B\u202C\u202D')).toBe('');
  });

  it('should keep the joiner inside an emoji and compose accents (NFC)', () => {
    expect(cleanMemberText('Cuisinière 👩\u200D🍳')).toBe('Cuisinière 👩\u200D🍳');
    expect(cleanMemberText('Coeur ❤\uFE0F\u200D🔥 a\u200Db')).toBe('Coeur ❤\uFE0F\u200D🔥 ab');
    expect(cleanMemberText('Ve\u0301lo')).toBe('Vélo');
    expect(cleanMemberText('كرسي خشبي')).toBe('كرسي خشبي');
  });
});
