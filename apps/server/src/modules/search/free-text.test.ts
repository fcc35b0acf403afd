import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { escapeLike, oneEditPatterns, parseFreeText } from './free-text.ts';

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

  it('tolerates typos in plain words of five letters or more (by similarity too from eight), unless the word occurs as typed', () => {
    const terms = parseFreeText('Amoniakk gass Bærum lager%nord propan', new Set(['propan']));
    expect(terms.map((t) => [t.text, t.typoTolerant, t.similar])).toEqual([
      ['Amoniakk', true, true],
      ['gass', false, false],
      ['Bærum', true, false],
      ['lager%nord', false, false],
      ['propan', false, false],
    ]);
  });

  it('escapes LIKE metacharacters', () => {
    expect(escapeLike('a%b_c\\d')).toBe('a\\%b\\_c\\\\d');
  });

  it('knows every text one edit away from a word (Damerau): left out, added, changed, swapped', () => {
    expect(oneEditPatterns('propna')).toContain('propan');
    expect(oneEditPatterns('amoniakk')).toContain('am_oniakk');
    const letters = [...'abcdefghijklmnopqrstuvwxyz0123456789'];
    expect(oneEditPatterns('abcde').sort()).toEqual(
      [
        ...['bcde', 'acde', 'abde', 'abce', 'abcd'],
        ...['a_bcde', 'ab_cde', 'abc_de', 'abcd_e'],
        // The middle one spelt out: "ab_de" has no three letters in a row for the trigram index.
        ...['a_cde', 'abc_e', ...letters.filter((c) => c !== 'c').map((c) => `ab${c}de`)],
        ...['bacde', 'acbde', 'abdce', 'abced'],
      ].sort(),
    );
    // A doubled letter swapped with itself is the word: no pattern for it.
    expect(oneEditPatterns('kaaia')).not.toContain('kaaia');
  });

  it('matches each edit of a word with one of its patterns, as a substring', () => {
    // The patterns of plain letters: `_` is any one letter, and there is nothing to escape.
    const like = (pattern: string) => new RegExp(pattern.replaceAll('_', '.'));
    const edit = fc
      .tuple(
        fc.stringMatching(/^[a-z]{5,10}$/),
        fc.nat(),
        fc.constantFrom('leave', 'add', 'change', 'swap'),
        fc.constantFrom('x', 'e', '7'),
      )
      .map(([word, at, kind, letter]) => {
        const i = at % word.length;
        const typed =
          kind === 'leave'
            ? word.slice(0, i) + word.slice(i + 1)
            : kind === 'add'
              ? word.slice(0, i) + letter + word.slice(i)
              : kind === 'change'
                ? word.slice(0, i) + letter + word.slice(i + 1)
                : i + 1 < word.length
                  ? word.slice(0, i) + word[i + 1] + word[i] + word.slice(i + 2)
                  : word;
        return { word, typed };
      });
    // Normalised words, as the search text holds them (æ, ø and å spelt out).
    fc.assert(
      fc.property(edit, ({ word, typed }) => {
        // What the register holds (word) is within one edit of what was typed.
        expect(typed === word || oneEditPatterns(typed).some((p) => like(p).test(` ${word} `))).toBe(true);
      }),
    );
  });
});
