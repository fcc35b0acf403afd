import { describe, expect, it } from 'vitest';
import { normalise, withinOneEdit } from './normalise-text.ts';

describe('normalise', () => {
  it('spells out Norwegian letters and leaves out case and accents', () => {
    expect(normalise('Ålesund Bø Æ')).toBe('aalesund boe ae');
    expect(normalise('Méråker')).toBe('meraaker');
  });
});

describe('withinOneEdit', () => {
  it('takes a letter left out, added, changed or two swapped, and the word itself', () => {
    for (const typed of ['propan', 'propa', 'ropan', 'prpan', 'propann', 'xpropan', 'prozan', 'propna', 'rpopan', 'porpan']) {
      expect(withinOneEdit(typed, 'propan'), typed).toBe(true);
      expect(withinOneEdit('propan', typed), typed).toBe(true);
    }
  });

  it('refuses two edits', () => {
    for (const typed of ['porpna', 'prop', 'pxopxn', 'propanxx', 'nprop', 'butan']) {
      expect(withinOneEdit(typed, 'propan'), typed).toBe(false);
    }
  });
});
