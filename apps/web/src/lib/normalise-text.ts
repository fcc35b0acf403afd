/**
 * Text compared as people type it: lower-cased, æ/ø/å spelt out and other accents left out, as
 * the server's search text is (`fast_normalise`): "Bærum" is found by "baerum" and "bær".
 */
export function normalise(text: string): string {
  return text
    .toLocaleLowerCase('nb')
    .replaceAll('æ', 'ae')
    .replaceAll('ø', 'oe')
    .replaceAll('å', 'aa')
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '');
}

/**
 * Whether two words are at most one edit apart: a letter left out, one added, one changed, or two
 * neighbours swapped (Damerau–Levenshtein distance ≤ 1), as the server's free text tolerates a typo.
 */
export function withinOneEdit(a: string, b: string): boolean {
  const x = [...a];
  const y = [...b];
  if (Math.abs(x.length - y.length) > 1) return false;
  let start = 0;
  while (start < x.length && start < y.length && x[start] === y[start]) start++;
  if (start === x.length && start === y.length) return true;
  const rest = (p: string[], q: string[]) => p.join('') === q.join('');
  if (x.length === y.length) {
    // Changed at `start`, or swapped with the next letter.
    if (rest(x.slice(start + 1), y.slice(start + 1))) return true;
    return x[start] === y[start + 1] && x[start + 1] === y[start] && rest(x.slice(start + 2), y.slice(start + 2));
  }
  // One letter more in the longer word, at `start`.
  const [longer, shorter] = x.length > y.length ? [x, y] : [y, x];
  return rest(longer.slice(start + 1), shorter.slice(start));
}
