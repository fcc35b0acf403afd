import { MAX_ID, SEARCH_TYPO_MIN_LENGTH } from '@fast/contracts';

/** One word of the free text, ready for SQL: every term must match (AND). */
export interface SearchTerm {
  /** The word as typed, with LIKE's metacharacters (\ % _) escaped; the database normalises it. */
  likeEscaped: string;
  /** The word as typed (no escaping), for trigram similarity, which has no metacharacters. */
  text: string;
  /** A positive integer that can be a facility id: matched exactly against facility.id as well. */
  facilityId: number | null;
  /** Long enough to tolerate a typo: one edit away (oneEditPatterns) matches too. */
  typoTolerant: boolean;
  /**
   * Long enough that a trigram word similarity finds more than one edit does (two typos in
   * "bensnstasjn"); a typo-tolerant word only. Shorter words are one edit or nothing: one edit in
   * a word of five to seven letters already breaks most of its trigrams, and the similarity would
   * cost a computation over every facility that shares one of them.
   */
  similar: boolean;
  /**
   * For a typo-tolerant word: the LIKE patterns one edit away from its normalised form (see
   * oneEditPatterns) that occur somewhere in the caller's scope. Empty otherwise. The search
   * service fills it in; the others would match nothing the caller may see.
   */
  oneEdit: readonly string[];
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

const letterCount = (word: string) => [...word].filter((c) => /\p{L}/u.test(c)).length;

/** A word that could be a misspelling worth a typo search: plain, of five letters or more. */
export function mayBeTypo(word: string): boolean {
  return isPlainWord(word) && letterCount(word) >= SEARCH_TYPO_MIN_LENGTH;
}

/** From this many letters a misspelt word is also matched by trigram word similarity. */
export const SIMILARITY_MIN_LETTERS = 8;

/**
 * Splits the free text into words. An empty list means "no free-text condition".
 *
 * `literal` names words that occur as they are typed somewhere in the register: such a word is
 * spelt right (or is the beginning of a word being typed), so it is matched as a substring only.
 * Typo tolerance is for the others, and it is what it costs: a probe per text one edit away,
 * and for long words a trigram similarity over every facility that shares most of its trigrams.
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
      similar: mayBeTypo(word) && !literal.has(word) && letterCount(word) >= SIMILARITY_MIN_LETTERS,
      oneEdit: [],
    });
  }
  return terms;
}

// The letters and digits of normalised text (fast_normalise spells æ, ø and å out).
const NORMALISED_CHARACTERS = [...'abcdefghijklmnopqrstuvwxyz0123456789'];

/** Whether a LIKE pattern has three letters in a row: the trigram index can answer it without reading all of itself. */
const hasTrigram = (pattern: string) => pattern.split('_').some((run) => [...run.replace(/\\(.)/g, '$1')].length >= 3);

/**
 * Every text one edit away from a word (Damerau–Levenshtein distance 1: a letter left out, one
 * added, one changed, or two neighbours swapped), as LIKE patterns for a substring match: `_`
 * stands for the added or changed letter. `word` is normalised as the search text is (lower
 * case, æ/ø/å spelt out), so that an edit is a letter of what is compared. Edits at the ends that
 * a substring match makes redundant are left out (a letter added or changed at either end: the
 * rest is a substring already, and a shorter one).
 *
 * A pattern without three letters in a row (a changed middle letter of a five-letter word,
 * "la_re") would make the trigram index read every one of its entries, 100 ms and more at the
 * register's size: it is spelt out instead, one pattern per letter or digit ("laare" … "la9re").
 */
export function oneEditPatterns(word: string): string[] {
  const letters = [...word];
  const n = letters.length;
  // null: any one letter.
  const pattern = (parts: (string | null)[]) => parts.map((part) => (part === null ? '_' : escapeLike(part))).join('');
  const patterns = new Set<string>();
  const add = (parts: (string | null)[]) => {
    const written = pattern(parts);
    if (hasTrigram(written)) patterns.add(written);
    else for (const c of NORMALISED_CHARACTERS) patterns.add(pattern(parts.map((part) => part ?? c)));
  };
  for (let i = 0; i < n; i++) add([...letters.slice(0, i), ...letters.slice(i + 1)]);
  for (let i = 1; i < n; i++) add([...letters.slice(0, i), null, ...letters.slice(i)]);
  for (let i = 1; i < n - 1; i++) add([...letters.slice(0, i), null, ...letters.slice(i + 1)]);
  for (let i = 0; i < n - 1; i++) {
    if (letters[i] === letters[i + 1]) continue;
    const swapped = [...letters];
    [swapped[i], swapped[i + 1]] = [letters[i + 1] as string, letters[i] as string];
    add(swapped);
  }
  patterns.delete(pattern(letters));
  return [...patterns];
}
