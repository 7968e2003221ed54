import { SEARCH_LEXICON } from '@hdiya/contracts';

// Text search across French, Arabic and Darija (docs/product.md#search, decision 0043). Documents
// and queries go through the same normalisation (case, accents, Arabic letter variants), then each
// word also stands for what else it may be written as:
// - its Arabic stem, without the article, the clitics and the plural or feminine ending ("الكرسي",
//   "كرسي");
// - its consonant skeleton, the letters Arabic script and Arabizi share once vowels are dropped and
//   the sounds Darija merges are merged ("كتاب" and "كتب", "ثلاجة" and "tlaja", "t9acher" and
//   "تقاشر"), for words of 3 consonants or more;
// - its concept in the lexicon (libs/contracts/src/search-lexicon.ts): "chaise", "كرسي", "kursi".
// Derived tokens start with a letter no member types (MARK), so they never meet a typed word.

/**
 * The prefix of derived tokens (U+06D3, a letter of no Moroccan script). A member who types it
 * gets U+06D2 after normalisation (NFKD splits off its hamza): no query can forge a derived token.
 */
const MARK = 'ۓ';

const ARABIC_VARIANTS: [RegExp, string][] = [
  [/[أإآٱ]/g, 'ا'],
  [/ى/g, 'ي'],
  [/ة/g, 'ه'],
  [/ؤ/g, 'و'],
  [/ئ/g, 'ي'],
  [/ـ/g, ''], // tatweel
];

export function normalizeForSearch(text: string): string {
  let normalized = text.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase();
  for (const [pattern, replacement] of ARABIC_VARIANTS) normalized = normalized.replace(pattern, replacement);
  normalized = normalized.replace(/œ/g, 'oe').replace(/æ/g, 'ae').replace(/ß/g, 'ss');
  return normalized.replace(/[^\p{L}\p{N}]+/gu, ' ').trim();
}

export const ARABIC_WORD = /^[\u0621-\u064A\u06A4\u06AD\u06AF]+$/u;
const LATIN_WORD = /^[a-z0-9]*[a-z][a-z0-9]*$/;
const ARABIZI_DIGIT = /[235789]/;

/** The word without the article and a leading conjunction or preposition ("والطاوله", "طاوله"), its ending kept. */
export function arabicBase(word: string): string {
  let w = word;
  if (/^[وف]ال/.test(w) && w.length > 4) w = w.slice(1);
  for (const prefix of ['بال', 'كال', 'لل', 'ال']) {
    if (w.startsWith(prefix) && w.length - prefix.length >= 2) return w.slice(prefix.length);
  }
  return w;
}

/** The word without the article, a leading conjunction or preposition, and a plural, feminine or possessive ending. */
export function arabicStem(word: string): string {
  let w = arabicBase(word);
  for (const suffix of ['ات', 'ين', 'ون', 'ها', 'هم', 'ه']) {
    if (w.endsWith(suffix) && w.length - suffix.length >= 3) {
      w = w.slice(0, -suffix.length);
      break;
    }
  }
  return w;
}

/** Arabic letters a skeleton keeps as one: the sounds Darija merges, and the long vowels and hamza it drops. */
const ARABIC_SKELETON: Record<string, string> = { ث: 'ت', ط: 'ت', ذ: 'د', ض: 'د', ظ: 'د', ص: 'س', ڭ: 'ك', گ: 'ك', ڤ: 'ف', ا: '', و: '', ي: '', ء: '' };
/** Latin letters and Arabizi digits as the Arabic consonants of a skeleton (vowels and semi-vowels dropped). */
const LATIN_SKELETON: Record<string, string> = {
  b: 'ب', p: 'ب', t: 'ت', j: 'ج', d: 'د', r: 'ر', z: 'ز', s: 'س', f: 'ف', v: 'ف', q: 'ق', k: 'ك', g: 'ك', c: 'ك', l: 'ل', m: 'م', n: 'ن', h: 'ه', x: 'كس',
  '2': '', '3': 'ع', '5': 'خ', '6': 'ت', '7': 'ح', '8': 'غ', '9': 'ق',
  a: '', e: '', i: '', o: '', u: '', y: '', w: '',
};
const LATIN_DIGRAPHS: [RegExp, string][] = [
  [/ch|sh/g, 'ش'],
  [/kh/g, 'خ'],
  [/gh/g, 'غ'],
];

const collapse = (letters: string) => letters.replace(/(.)\1+/gu, '$1');

/** The word's consonant skeleton in Arabic letters, or null when it has fewer than 3 (too short to tell words apart). */
export function skeletonOf(word: string): string | null {
  let letters: string;
  if (ARABIC_WORD.test(word)) {
    letters = [...arabicStem(word)].map((c) => ARABIC_SKELETON[c] ?? c).join('');
  } else if (LATIN_WORD.test(word)) {
    let w = word;
    for (const [pattern, letter] of LATIN_DIGRAPHS) w = w.replace(pattern, letter);
    letters = [...w].map((c) => LATIN_SKELETON[c] ?? c).join('');
  } else {
    return null;
  }
  const skeleton = collapse(letters);
  return [...skeleton].length >= 3 ? skeleton : null;
}

/** Each spelling of the lexicon (normalised, and stemmed when Arabic) → its concept. */
const CONCEPTS = new Map<string, string>();
for (const entry of SEARCH_LEXICON) {
  for (const form of [...entry.fr, ...entry.ar, ...entry.darija, ...entry.latin]) {
    for (const word of normalizeForSearch(form).split(' ').filter(Boolean)) {
      CONCEPTS.set(word, entry.concept);
      if (ARABIC_WORD.test(word)) CONCEPTS.set(arabicStem(word), entry.concept);
    }
  }
}

/** The concept a word names in the lexicon, if any. */
export function conceptOf(word: string): string | null {
  return CONCEPTS.get(word) ?? (ARABIC_WORD.test(word) ? (CONCEPTS.get(arabicStem(word)) ?? null) : null);
}

/** The tokens a document's word adds beyond itself: its stem, its skeleton, its concept. */
function derivedTokens(word: string): string[] {
  const tokens: string[] = [];
  if (ARABIC_WORD.test(word)) {
    const stem = arabicStem(word);
    if (stem !== word) tokens.push(stem);
  }
  const skeleton = skeletonOf(word);
  if (skeleton) tokens.push(`${MARK}${skeleton}`);
  const concept = conceptOf(word);
  if (concept) tokens.push(`${MARK}${concept}`);
  return tokens;
}

/** What a donation is found by: its normalised words, then the tokens they stand for. */
export function searchDocument(title: string, description: string, city: string): string {
  const normalized = normalizeForSearch(`${title} ${description} ${city}`);
  const derived = new Set(normalized.split(' ').filter(Boolean).flatMap(derivedTokens));
  return derived.size === 0 ? normalized : `${normalized} ${[...derived].join(' ')}`;
}

/**
 * A tsquery requiring every word of the query, each as any of its forms: itself as a prefix
 * ("chais" finds "chaise"), the words `similar` gives for it (typo tolerance: "frgo", "frigo"),
 * its Arabic stem, its skeleton (a prefix when the word carries Arabizi digits, half-typed as they
 * often are; none for an Arabic word the lexicon knows), its concept. Only letters and digits survive normalisation (and the similar words
 * come from the vocabulary of donations, which holds nothing else), so no tsquery syntax can come
 * from the user.
 */
export function searchQuery(query: string, similar: ReadonlyMap<string, readonly string[]> = new Map()): string | null {
  const words = normalizeForSearch(query).split(' ').filter(Boolean).slice(0, 8);
  if (words.length === 0) return null;
  const groups = words.map((word) => {
    const forms = [`${word}:*`];
    // Words donations use that look like this one (a typo's likely meaning), and what they name.
    for (const near of similar.get(word) ?? []) {
      forms.push(`${near}:*`);
      // An Arabic word of the vocabulary is kept without its article: its stem finds it with its endings too ("طاوله", "طاولات").
      if (ARABIC_WORD.test(near) && arabicStem(near) !== near) forms.push(`${arabicStem(near)}:*`);
      const concept = conceptOf(near);
      if (concept) forms.push(`${MARK}${concept}`);
    }
    if (ARABIC_WORD.test(word)) {
      const stem = arabicStem(word);
      if (stem !== word) forms.push(`${stem}:*`);
    }
    // An Arabic word the lexicon knows stands for its concept: its skeleton, a guess for the words
    // the lexicon does not know, would bring every word of the same consonants ("كروسة", a pram:
    // "كرسي", chairs). A Latin word keeps it, for the French it is spelt after ("machina", "machine").
    const concept = conceptOf(word);
    const skeleton = concept && ARABIC_WORD.test(word) ? null : skeletonOf(word);
    if (skeleton) forms.push(LATIN_WORD.test(word) && ARABIZI_DIGIT.test(word) ? `${MARK}${skeleton}:*` : `${MARK}${skeleton}`);
    if (concept) forms.push(`${MARK}${concept}`);
    const unique = [...new Set(forms)];
    return unique.length === 1 ? unique[0]! : `(${unique.join(' | ')})`;
  });
  return groups.join(' & ');
}

/** Words that say nothing of the thing looked for ("je cherche une … pour …"), normalised. */
const FILLER_WORDS = new Set(
  [
    'je', 'cherche', 'recherche', 'cherchons', 'besoin', 'un', 'une', 'des', 'de', 'du', 'la', 'le', 'les', 'pour', 'avec', 'et',
    'ou', 'en', 'au', 'aux', 'mon', 'ma', 'mes', 'son', 'sa', 'ses', 'notre', 'nos', 'svp', 'merci', 'urgent', 'qui', 'que',
    'ana', 'bghit', 'kan9alab', 'kanqalab', 'kanqleb', 'kan9leb', '3afak', 'afak', 'chi', 'wahed',
    'ابحث', 'احتاج', 'بغيت', 'كنقلب', 'عافاك', 'عن', 'من', 'في', 'على', 'لي', 'واحد', 'شي', 'انا',
  ].map(normalizeForSearch),
);

/**
 * The words of a phrase that name what is looked for: an ask's title ("Je cherche une poussette
 * pour bébé") is matched by "poussette bébé", as a search for those words would find it.
 */
export function keyWords(text: string): string {
  return normalizeForSearch(text)
    .split(' ')
    .filter((word) => word.length >= 2 && !FILLER_WORDS.has(word))
    .slice(0, 6)
    .join(' ');
}

/** The mark of a lexeme's first three and four letters in a spot's words (migration SpotWordIndex): "ۓۓchai". */
export const SPOT_PREFIX = `${MARK}${MARK}`;
/** What a spot holds past its cap of lexemes (SpotWordsCap), and every spot query names: the mark alone, which no lexeme's first letters are. */
export const SPOT_EVERY_WORD = SPOT_PREFIX;

/**
 * What the spots' index is asked for a tsquery built by `searchQuery` (decision 0043): the same
 * words and forms, each prefix of three letters or more as the token of its first letters, which
 * spots hold beside their lexemes ("chais:*" asks for "ۓۓchai"), and any spot past the cap. The
 * index answers `@@` on whole lexemes only (it lets every spot through for a prefix), so a prefix
 * of one or two letters still reads every spot. A superset of the spots whose donations match:
 * each donation's own words decide. As tsquery input (quoted lexemes), taken as it is, not parsed.
 */
export function spotQueryOf(tsquery: string): string {
  const groups = tsquery.split(' & ').map((group) => {
    const forms = group.replace(/^\(|\)$/g, '').split(' | ').map((form) => {
      if (!form.endsWith(':*')) return quoted(form);
      const letters = [...form.slice(0, -2)];
      return letters.length >= 3 ? quoted(`${SPOT_PREFIX}${letters.slice(0, 4).join('')}`) : `${quoted(letters.join(''))}:*`;
    });
    const unique = [...new Set(forms)];
    return unique.length === 1 ? unique[0]! : `(${unique.join(' | ')})`;
  });
  return `${groups.join(' & ')} | ${quoted(SPOT_EVERY_WORD)}`;
}

/** A lexeme as tsquery input takes it as it is (letters and digits only reach here; quotes doubled all the same). */
const quoted = (lexeme: string) => `'${lexeme.replace(/'/g, "''")}'`;
