import type { EntityManager } from 'typeorm';
import { SEARCH_LEXICON } from '@hdiya/contracts';
import { write } from '@hdiya/platform';
import { db } from '../database/db.js';
import { arabicTypoKeys, arabicTypoWords } from './arabic-typos.js';
import { editDistance } from './edit-distance.js';
import { ARABIC_WORD, normalizeForSearch, searchDocument } from './search-text.js';

/**
 * The version of the text index (normalisation and lexicon, search-text.ts): bumped when either
 * changes, so the re-indexing job rebuilds every donation indexed before (decision 0043). Also
 * when the vocabulary learns words of a new kind: 3 added the Arabic words (decision 0078).
 */
export const SEARCH_INDEX_VERSION = 3;

/** Latin-script words long enough for a typo to be told from another word. */
const TYPO_WORD = /^[a-z0-9]*[a-z][a-z0-9]*$/;
const TYPO_MIN_LENGTH = 4;

/** The Latin-script words of a text that typo tolerance may suggest (French and Arabizi). */
export function typoWords(text: string): string[] {
  return [...new Set(normalizeForSearch(text).split(' ').filter((word) => word.length >= TYPO_MIN_LENGTH && TYPO_WORD.test(word)))];
}

/** How close a word must be to count as a typo of another (pg_trgm similarity: "frgo" and "frigo" 0.38, "chauss" and "chaise" 0.27). */
export const TYPO_MIN_SIMILARITY = 0.35;
/** How many candidates the look-up gives for a word, before `isTypoOf` keeps at most TYPO_ALTERNATIVES. */
const TYPO_CANDIDATES = 8;
export const TYPO_ALTERNATIVES = 3;
/** How many words sharing a key with an Arabic word the look-up gives, before `isArabicTypoOf` keeps at most TYPO_ALTERNATIVES. */
const ARABIC_CANDIDATES = 32;

/**
 * Whether `near`, a vocabulary word similar to `word`, is a typo of it: one edit away, two for a
 * word of 8 letters or more. Trigram similarity alone lets a word that shares an ending through
 * ("portable" and "table" 0.36, "tableau" and "table" 0.55): other words, not typos (issue 46).
 */
export function isTypoOf(word: string, near: string): boolean {
  return editDistance(word, near) <= ([...word].length >= 8 ? 2 : 1);
}

/**
 * Typo tolerance's look-up ($1 the query's words, $2 TYPO_MIN_SIMILARITY): for each word that
 * begins no word of the vocabulary, the words donations use most similar to it (pg_trgm's `%`,
 * answered by the trigram index), in one statement. A word the catalogue knows as typed costs one
 * probe of the primary key.
 */
export const SIMILAR_WORDS_SQL = `SELECT q.w AS word,
       array(SELECT v.word FROM search_words v
             WHERE v.word % q.w AND similarity(v.word, q.w) >= $2
             ORDER BY similarity(v.word, q.w) DESC, v.word LIMIT ${TYPO_CANDIDATES}) AS similar
FROM unnest($1::text[]) AS q(w)
WHERE NOT EXISTS (SELECT 1 FROM search_words p WHERE p.word >= q.w COLLATE "C" AND p.word < (q.w || chr(1114111)) COLLATE "C")`;

/**
 * "Did you mean" ($1 the words of a search that found nothing): for each word that begins no word
 * of the vocabulary, its most similar word there (pg_trgm's `%`, its default similarity of 0.3
 * and more, answered by the trigram index), however many edits away: a suggestion the member
 * chooses, not a match made for them. Words the vocabulary holds stay as typed.
 */
export const SUGGESTED_WORDS_SQL = `SELECT q.w AS word,
       (SELECT v.word FROM search_words v WHERE v.word % q.w
        ORDER BY similarity(v.word, q.w) DESC, v.word LIMIT 1) AS suggestion
FROM unnest($1::text[]) AS q(w)
WHERE NOT EXISTS (SELECT 1 FROM search_words p WHERE p.word >= q.w COLLATE "C" AND p.word < (q.w || chr(1114111)) COLLATE "C")`;

/**
 * Typo tolerance's look-up for words in Arabic letters ($1 a JSON array of `{ w, form, keys }`: the
 * query's word, its `arabicTypoForm`, its `arabicTypoKeys`): for each form that begins no word of
 * the vocabulary, the words sharing one of its keys in the deletion index (decision 0078), for
 * `isArabicTypoOf` to choose from. Plain text comparisons: it works whatever the database's locale.
 */
export const ARABIC_SIMILAR_WORDS_SQL = `SELECT q.w AS word, q.form,
       array(SELECT DISTINCT k.word FROM search_word_keys k WHERE k.key = ANY(q.keys) ORDER BY k.word LIMIT ${ARABIC_CANDIDATES}) AS similar
FROM jsonb_to_recordset($1::jsonb) AS q(w text, form text, keys text[])
WHERE NOT EXISTS (SELECT 1 FROM search_words p WHERE p.word >= q.form COLLATE "C" AND p.word < (q.form || chr(1114111)) COLLATE "C")`;

/** The lexicon's spellings ("frigo", "kursi", "tlaja", "ثلاجة", "كوزينة"): typos of them are forgiven even where no donation wrote them. */
export const LEXICON_WORDS: readonly string[] = vocabularyOf(
  SEARCH_LEXICON.flatMap((entry) => [...entry.fr, ...entry.latin, ...entry.ar, ...entry.darija]).join(' '),
);

/** The words of a text the vocabulary keeps: Latin-script words (`typoWords`) and Arabic ones (`arabicTypoWords`). */
export function vocabularyOf(text: string): string[] {
  return [...typoWords(text), ...arabicTypoWords(text)];
}

/** A donation's search columns: its document and the version it was built with. */
export function searchColumns(title: string, description: string, city: string) {
  return { search_text: searchDocument(title, description, city), search_version: SEARCH_INDEX_VERSION };
}

/** Adds a donation's words to the vocabulary typo tolerance draws from (kept when the donation goes: a word stays a word). */
export function rememberWords(manager: EntityManager, title: string, description: string, city: string): Promise<void> {
  return addToVocabulary(manager, vocabularyOf(`${title} ${description} ${city}`));
}

/** Adds words to the vocabulary, and the Arabic ones' keys to the deletion index (decision 0078). */
export async function addToVocabulary(manager: EntityManager, words: readonly string[]): Promise<void> {
  if (words.length === 0) return;
  await write(
    manager,
    db
      .insertInto('search_words')
      .values(words.map((word) => ({ word })))
      .onConflict((conflict) => conflict.column('word').doNothing()),
  );
  const keys = words.filter((word) => ARABIC_WORD.test(word)).flatMap((word) => arabicTypoKeys(word).map((key) => ({ key, word })));
  if (keys.length === 0) return;
  await write(
    manager,
    db
      .insertInto('search_word_keys')
      .values(keys)
      .onConflict((conflict) => conflict.columns(['key', 'word']).doNothing()),
  );
}
