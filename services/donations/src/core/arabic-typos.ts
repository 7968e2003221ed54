import { ARABIC_WORD, arabicBase, normalizeForSearch } from './search-text.js';

// Typo tolerance for words in Arabic letters (decision 0078). Works on normalised words (alef
// forms, ta marbuta, alef maqsura, hamza seats, diacritics and tatweel already folded), without
// their article or leading conjunction ("والطاوله" is looked up as "طاوله").
// - Candidates come from a deletion index (`search_word_keys`): each vocabulary word's letters and
//   every way of dropping one of them, compared as text. Two words one edit apart always share a
//   key; no trigram, whose word characters depend on the database's ctype (none in Arabic under
//   `C`), nor one that misses a changed middle letter of a four-letter word ("كتاب", "كثاب" 0.25).
// - A candidate is a typo when `arabicTypoDistance` allows it: a letter missing, added, typed
//   twice or more ("كرررسي"), swapped with its neighbour, or replaced by one Darija writers use for
//   the same sound ("تلاجة") or by its neighbour on the keyboard ("ثلاحة"). Another letter in its
//   place names another word ("كتاب"/"كلاب", "ثلاجة"/"ثلاثة", "حذاء"/"غذاء").

/** Shorter words (three letters: most Arabic roots) are one edit from too many others to guess. */
export const ARABIC_TYPO_MIN_LENGTH = 4;
/** Below this length a swap of two letters moves half the word ("علبة", box; "لعبة", toy). */
const SWAP_MIN_LENGTH = 5;

/**
 * Letters that stand for one another in a typo: the sounds Darija writers spell either way (ث ت
 * ط, ذ د ض ظ, س ص, ڭ for ك or for ق, ف ڤ, a final ا or ه for a final "a": "كاميرا", "كاميره"), and the
 * keys beside each other on the Arabic keyboard, where a finger slips (ج ح خ, ع غ, ي ب, ت ن…).
 * Dots alone are no reason: ت and ي, on keys apart, make "ستارة" (curtain) and "سيارة" (car);
 * nor are ك and ق, "كابل" (cable) and "قابل" (able, of what folds).
 */
const SOUND_GROUPS = ['ثتط', 'ذدضظ', 'سص', 'كڭگ', 'قڭگ', 'فڤ', 'اه'];
/** The Arabic keyboard's rows (the phone's and the PC's share them); the third one's end, ة folded to ه. */
const KEY_ROWS = ['ضصثقفغعهخحجد', 'شسيبلاتنمكط', 'هوزظ'];
const CONFUSABLE = new Set([
  ...SOUND_GROUPS.flatMap((group) => [...group].flatMap((a) => [...group].filter((b) => b !== a).map((b) => a + b))),
  ...KEY_ROWS.flatMap((row) => [...row].slice(1).flatMap((b, i) => [row[i]! + b, b + row[i]!])),
]);

/** A letter typed twice or more counts once: Arabic writes a doubled consonant with a shadda, which normalisation drops. */
const collapse = (word: string) => word.replace(/(.)\1+/gu, '$1');

/** The form of a normalised Arabic word that typo tolerance keeps and looks up: without its article, or null when too short or not Arabic. */
export function arabicTypoForm(word: string): string | null {
  if (!ARABIC_WORD.test(word)) return null;
  const base = arabicBase(word);
  return [...collapse(base)].length >= ARABIC_TYPO_MIN_LENGTH ? base : null;
}

/** The Arabic words of a text that typo tolerance may suggest, as `arabicTypoForm` keeps them. */
export function arabicTypoWords(text: string): string[] {
  const forms = normalizeForSearch(text).split(' ').map(arabicTypoForm);
  return [...new Set(forms.filter((form): form is string => form !== null))];
}

/** A word's keys in the deletion index: its letters (repeats collapsed), and each way of dropping one. */
export function arabicTypoKeys(form: string): string[] {
  const letters = [...collapse(form)];
  return [...new Set([letters.join(''), ...letters.map((_, i) => [...letters.slice(0, i), ...letters.slice(i + 1)].join(''))])];
}

/**
 * Edits between two Arabic words as a typo makes them (optimal string alignment on the words,
 * repeats collapsed): a letter added, dropped or replaced by a confusable one costs 1; another
 * letter in its place costs 2, as does a swap of neighbours in a word of fewer than five letters.
 */
export function arabicTypoDistance(a: string, b: string): number {
  const x = [...collapse(a)];
  const y = [...collapse(b)];
  const swap = Math.min(x.length, y.length) >= SWAP_MIN_LENGTH ? 1 : 2;
  // rows[i][j]: the distance between the first i letters of x and the first j of y.
  const rows = Array.from({ length: x.length + 1 }, (_, i) => Array.from({ length: y.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)));
  for (let i = 1; i <= x.length; i++) {
    for (let j = 1; j <= y.length; j++) {
      const cost = x[i - 1] === y[j - 1] ? 0 : CONFUSABLE.has(x[i - 1]! + y[j - 1]!) ? 1 : 2;
      let best = Math.min(rows[i - 1]![j]! + 1, rows[i]![j - 1]! + 1, rows[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && x[i - 1] === y[j - 2] && x[i - 2] === y[j - 1]) best = Math.min(best, rows[i - 2]![j - 2]! + swap);
      rows[i]![j] = best;
    }
  }
  return rows[x.length]![y.length]!;
}

/**
 * Whether `near`, a vocabulary word, is a typo of `form` (both as `arabicTypoForm` gives them): one
 * edit at any length. Arabic words are short, and the deletion index reaches one edit, not two.
 */
export function isArabicTypoOf(form: string, near: string): boolean {
  return arabicTypoDistance(form, near) <= 1;
}

/**
 * Whether `near` may be offered as "did you mean" for `form`: a typo, or two neighbours swapped in
 * a short word ("كسري", "كرسي"), which is no typo to search with but worth asking about. Never
 * one letter replaced by an unrelated one, which names another thing ("غذاء", food, is no
 * "حذاء", shoes, to ask about), nor a letter moved further ("كسري", "سرير").
 */
export function isArabicSuggestionFor(form: string, near: string): boolean {
  if (isArabicTypoOf(form, near)) return true;
  const [x, y] = [[...collapse(form)], [...collapse(near)]];
  const differ = x.flatMap((letter, i) => (letter === y[i] ? [] : [i]));
  return x.length === y.length && differ.length === 2 && differ[1] === differ[0]! + 1 && x[differ[0]!] === y[differ[1]!] && x[differ[1]!] === y[differ[0]!];
}
