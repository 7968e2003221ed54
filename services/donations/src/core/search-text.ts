// Text search that ignores case and accents in French and short vowels and letter variants in
// Arabic: documents and queries go through the same normalisation, then a 'simple' tsvector.

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

/** What a donation is found by. */
export function searchDocument(title: string, description: string, city: string): string {
  return normalizeForSearch(`${title} ${description} ${city}`);
}

/**
 * A tsquery matching every word of the query as a prefix ("chais" finds "chaise"). Only letters
 * and digits survive normalisation, so no tsquery syntax can come from the user.
 */
export function searchQuery(query: string): string | null {
  const words = normalizeForSearch(query).split(' ').filter(Boolean).slice(0, 8);
  return words.length === 0 ? null : words.map((w) => `${w}:*`).join(' & ');
}
