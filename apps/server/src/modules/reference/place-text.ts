/**
 * Text as the place lookup compares it, the same as the database's `fast_address_search`
 * (migration 2026_11_23_1800): accents and case gone, æ/ø/å and ae/oe/aa all a/o/a, anything but
 * a letter or digit one space, a house letter joined to its number.
 */

// What `unaccent` folds that Unicode decomposition does not (Sami and a few European letters).
const UNACCENT_EXTRA: Record<string, string> = { đ: 'd', ŧ: 't', ŋ: 'n', ß: 'ss', ł: 'l', œ: 'oe', ð: 'd', þ: 'th' };

/** `fast_normalise`: æ/ø/å spelt ae/oe/aa, accents stripped, lower case. */
function unaccentedLowerCase(value: string): string {
  return value
    .replace(/[æÆ]/g, (c) => (c === 'æ' ? 'ae' : 'AE'))
    .replace(/[øØ]/g, (c) => (c === 'ø' ? 'oe' : 'OE'))
    .replace(/[åÅ]/g, (c) => (c === 'å' ? 'aa' : 'AA'))
    .toLowerCase()
    .replace(/[đŧŋßłœðþ]/g, (c) => UNACCENT_EXTRA[c] ?? c)
    .normalize('NFD')
    .replace(/\p{M}/gu, '');
}

/** A house letter written apart from its number ("12 B"), at the end or before another word. */
const HOUSE_LETTER = /([0-9]) ([a-z])( |$)/g;
const joinHouseLetters = (text: string) => text.replace(HOUSE_LETTER, '$1$2$3').trim();

/** Folded to [a-z0-9] words, house letters still apart. */
function separatedText(value: string): string {
  return unaccentedLowerCase(value)
    .replace(/[^a-z0-9]+/g, ' ')
    .replace(/a[ae]/g, 'a')
    .replace(/oe/g, 'o')
    .trim();
}

/** `fast_address_search` without its leading space. */
export function foldPlaceText(value: string): string {
  return joinHouseLetters(separatedText(value));
}

/** The words of a text, folded; the lookup matches each as the start of a word. */
export function placeWords(value: string): string[] {
  const folded = foldPlaceText(value);
  return folded === '' ? [] : folded.split(' ');
}

/**
 * The readings of what is being typed, the likelier first: its words (placeWords) and, when it
 * ends in a lone letter after a number, also that letter as the start of the next word. "Kaiveien
 * 12 B" may be house 12B, but "Kaiveien 12, Å" and "5363 Å" are on their way to Ågotnes.
 */
export function placeReadings(value: string): string[][] {
  const words = placeWords(value);
  const separated = separatedText(value);
  if (!/[0-9] [a-z]$/.test(separated)) return [words];
  const head = joinHouseLetters(separated.slice(0, -2));
  return [words, [...head.split(' '), separated.slice(-1)]];
}

/** Whether every query word starts some word of `targets` (words of placeWords). */
export function matchesWords(targets: readonly string[], words: readonly string[]): boolean {
  return words.every((word) => targets.some((target) => target.startsWith(word)));
}
