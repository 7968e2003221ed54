// French typography for values written into sentences: "d'Amina" but "de Hicham", "0,3 km".

/** The no-break space French puts between a number and its unit ("5 Mo", "0,3 km"). */
export const NO_BREAK_SPACE = '\u00a0';

// Unicode isolates (FSI … PDI) may wrap a name: look past them at its first letter.
const LEADING_MARKS = /^[\u2066-\u2069\u200e\u200f]*/;
// Vowels only: names of Arabic origin start with an aspirated h (de Hicham, de Hajar), and y is a
// consonant before a vowel (de Youssef, de Yasmine).
const VOWEL = /^[aeiouàâäéèêëîïôöùûüœæ]/i;

/** "de Amina" → "d’Amina", "de Hicham" → "de Hicham"; `start` writes "D’"/"De" at a sentence's start. */
export function withDe(name: string, start = false): string {
  const elided = VOWEL.test(name.replace(LEADING_MARKS, ''));
  const word = elided ? 'd’' : 'de ';
  return (start ? word[0].toUpperCase() + word.slice(1) : word) + name;
}
