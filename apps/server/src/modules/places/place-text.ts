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

/** `fast_address_search` without its leading space. */
export function foldPlaceText(value: string): string {
  return unaccentedLowerCase(value)
    .replace(/[^a-z0-9]+/g, ' ')
    .replace(/a[ae]/g, 'a')
    .replace(/oe/g, 'o')
    .replace(/([0-9]) ([a-z])( |$)/g, '$1$2$3')
    .trim();
}

/** The words of a query, folded; the lookup matches each as the start of a word. */
export function placeWords(value: string): string[] {
  const folded = foldPlaceText(value);
  return folded === '' ? [] : folded.split(' ');
}

/** Whether every query word starts some word of `targets` (words of placeWords). */
export function matchesWords(targets: readonly string[], words: readonly string[]): boolean {
  return words.every((word) => targets.some((target) => target.startsWith(word)));
}
