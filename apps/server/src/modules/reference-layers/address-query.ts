import { SEARCH_TYPO_MIN_LENGTH } from '@fast/contracts';

/** What a typed address asks the address layer: words of its street, postal code and place, and a house. */
export interface AddressQuery {
  /** Folded words each of which starts a word of the street's name, postal code or place. */
  streetWords: string[];
  /** The house number and letter as typed ("12", "12b"); the start of the house's. Null: the street itself. */
  house: string | null;
}

/** A house number (one to four digits) with its letter joined (place-text.ts joins "12 B"). */
const HOUSE = /^[0-9]{1,4}[a-z]?$/;
const hasLetter = (word: string) => /[a-z]/.test(word);

/**
 * The readings of one reading's words (place-text.ts) as an address: the first house number after
 * a word with letters is the house, the rest are the street's words ("Havneveien 12, 5003": the
 * street words "havneveien" and "5003", the house "12"). Four digits may be a postal code as well
 * ("Storgata 5003"): that reading comes second. None without a word with letters.
 */
export function addressQueries(words: readonly string[]): AddressQuery[] {
  const firstLetters = words.findIndex(hasLetter);
  if (firstLetters < 0) return [];
  const houseAt = words.findIndex((word, index) => index > firstLetters && HOUSE.test(word));
  if (houseAt < 0) return [{ streetWords: [...words], house: null }];
  const house = words[houseAt] as string;
  const asHouse = { streetWords: words.filter((_, index) => index !== houseAt), house };
  return /^[0-9]{4}$/.test(house) ? [asHouse, { streetWords: [...words], house: null }] : [asHouse];
}

/** A street word long enough that a misspelling of it is looked for (the search's SEARCH_TYPO_MIN_LENGTH). */
export const mayBeMisspelt = (word: string) => /^[a-z]+$/.test(word) && word.length >= SEARCH_TYPO_MIN_LENGTH;
