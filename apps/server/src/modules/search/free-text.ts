import { MAX_ID, SEARCH_TYPO_MIN_LENGTH } from '@fast/contracts';

/** One word of the free text, ready for SQL: every term must match (AND). */
export interface SearchTerm {
  /** The word as typed, with LIKE's metacharacters (\ % _) escaped; the database normalises it. */
  likeEscaped: string;
  /** The word as typed (no escaping), for trigram similarity, which has no metacharacters. */
  text: string;
  /** A positive integer that can be a facility id: matched exactly against facility.id as well. */
  facilityId: number | null;
  /** Long enough to tolerate a typo through trigram word similarity. */
  typoTolerant: boolean;
}

// Separators people type between words ("Storgata 1, Oslo"): dropped at the edges of a word only,
// so that nothing else the user typed (%, _, ', \) is lost and turned into "match everything".
const EDGE_PUNCTUATION = /^[,.;:]+|[,.;:]+$/g;

export function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (c) => `\\${c}`);
}

// Trigram similarity ignores everything but letters and digits: "lager%nord" would be similar to
// "lager_nord". A word with other characters in it is meant literally, so only a substring counts.
const isPlainWord = (word: string) => /^[\p{L}\p{N}-]+$/u.test(word);

/** A word that could be a misspelling worth a similarity search: plain, of five letters or more. */
export function mayBeTypo(word: string): boolean {
  return isPlainWord(word) && [...word].filter((c) => /\p{L}/u.test(c)).length >= SEARCH_TYPO_MIN_LENGTH;
}

/**
 * Splits the free text into words. An empty list means "no free-text condition".
 *
 * `literal` names words that occur as they are typed somewhere in the register: such a word is
 * spelt right (or is the beginning of a word being typed), so it is matched as a substring only.
 * Typo tolerance is for the others, and it is what it costs: a trigram similarity over every
 * facility that shares most of the word's trigrams.
 */
export function parseFreeText(query: string, literal: ReadonlySet<string> = new Set()): SearchTerm[] {
  const terms: SearchTerm[] = [];
  for (const raw of query.trim().split(/\s+/u)) {
    const word = raw.replace(EDGE_PUNCTUATION, '');
    if (word === '') continue;
    const id = /^[1-9][0-9]{0,9}$/.test(word) ? Number(word) : null;
    terms.push({
      likeEscaped: escapeLike(word),
      text: word,
      facilityId: id !== null && id <= MAX_ID ? id : null,
      typoTolerant: mayBeTypo(word) && !literal.has(word),
    });
  }
  return terms;
}
