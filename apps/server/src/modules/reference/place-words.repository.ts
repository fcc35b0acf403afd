import { type RawBuilder, type SqlBool, sql } from 'kysely';

/**
 * Each of `words` (folded to [a-z0-9], place-text.ts) as the start of a word of `normalised`: the
 * GIN index of its words' starts (migration 2026_11_24_0030) holds each as one lexeme. Quoted, a
 * word is a lexeme as it is; nothing in it is tsquery syntax.
 */
export const startsWords = (normalised: RawBuilder<unknown>, words: readonly string[]) =>
  sql<SqlBool>`fast_place_words(${normalised}) @@ ${wordQuery(words)}`;

/** Each of `words` (folded) as the start of a word: the text query to match word starts with. */
export const wordQuery = (words: readonly string[]) => sql<string>`${words.map((word) => `'${word}'`).join(' & ')}::tsquery`;
