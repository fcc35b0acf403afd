import { describe, expect, it } from 'vitest';
import { escapeLike, parseFreeText } from './free-text.ts';

describe('free text', () => {
  it('splits on white space, drops separators at word edges, keeps everything else literally', () => {
    expect(parseFreeText('  Storgata 1,  Oslo. ').map((t) => t.text)).toEqual(['Storgata', '1', 'Oslo']);
    expect(parseFreeText("50% lager_nord O'Brien \\").map((t) => t.likeEscaped)).toEqual([
      '50\\%',
      'lager\\_nord',
      "O'Brien",
      '\\\\',
    ]);
    expect(parseFreeText(' , ; ')).toEqual([]);
  });

  it('reads a positive integer without a leading zero as a possible facility id', () => {
    expect(parseFreeText('1002 0580 2147483648 12ab').map((t) => t.facilityId)).toEqual([1002, null, null, null]);
  });

  it('tolerates typos in plain words of five letters or more, unless the word occurs as typed', () => {
    const terms = parseFreeText('Amoniakk gass Bærum lager%nord propan', new Set(['propan']));
    expect(terms.map((t) => [t.text, t.typoTolerant])).toEqual([
      ['Amoniakk', true],
      ['gass', false],
      ['Bærum', true],
      ['lager%nord', false],
      ['propan', false],
    ]);
  });

  it('escapes LIKE metacharacters', () => {
    expect(escapeLike('a%b_c\\d')).toBe('a\\%b\\_c\\\\d');
  });
});
