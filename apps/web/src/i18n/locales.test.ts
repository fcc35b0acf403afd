import { describe, expect, it } from 'vitest';
import { hazard } from './locales/nb/hazard.ts';
import { referenceLayers } from './locales/nb/reference-layers.ts';
import { vulnerable } from './locales/nb/vulnerable.ts';
import { zones } from './locales/nb/zones.ts';
import { nb } from './locales/nb.ts';
import { nn } from './locales/nn.ts';

function flatten(tree: object, prefix = ''): Map<string, string> {
  const entries = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const path = `${prefix}${key}`;
    if (typeof value === 'string') entries.set(path, value);
    else for (const [k, v] of flatten(value as object, `${path}.`)) entries.set(k, v);
  }
  return entries;
}

// Bokmål's lazily loaded namespaces (see Bokmal in locales/nb.ts) count as Bokmål.
const languages = { nb: flatten({ ...nb, zones, hazard, vulnerable, admin: { ...nb.admin, referenceLayers } }), nn: flatten(nn) };
const variables = (text: string) => [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort();
const tags = (text: string) => [...text.matchAll(/<\/?(\w+)>/g)].map((m) => m[0]);
// What a text that nobody wrote looks like (see the warning about pensjonskalkulator in STYLE.md).
// ("Mangler posisjon" is a real text; "mangler tekst", "missing translation" and "TODO" are not.)
const PLACEHOLDER =
  /missing (text|translation)|(mangler|manglar) (tekst|oversettelse|omsetjing)|\btodo\b|\btbd\b|fixme|\bxxx\b|lorem ipsum|\?\?\?|^\[.*\]$/i;

describe('language files', () => {
  it('nb and nn have exactly the same keys', () => {
    expect([...languages.nn.keys()].sort()).toEqual([...languages.nb.keys()].sort());
  });

  for (const [language, entries] of Object.entries(languages)) {
    it(`${language} has no empty or placeholder text`, () => {
      for (const [key, value] of entries) {
        expect(value.trim(), key).not.toBe('');
        expect(value, key).not.toMatch(PLACEHOLDER);
        expect(value, key).not.toBe(key);
      }
    });
  }

  it('nb and nn use the same interpolation variables and markup in every text', () => {
    for (const [key, text] of languages.nb) {
      const other = languages.nn.get(key) ?? '';
      expect(variables(other), key).toEqual(variables(text));
      expect(tags(other), key).toEqual(tags(text));
    }
  });

  it('nn is written in Nynorsk, not copied from nb', () => {
    const differing = [...languages.nb].filter(([key, text]) => languages.nn.get(key) !== text);
    // Names, titles and many short labels are spelled alike in both forms; most running text is not.
    expect(differing.length / languages.nb.size).toBeGreaterThan(0.4);
    // Words that exist in Bokmål only (Nynorsk: ikkje, eg, kva, kva for, nokon, meir, frå, kvar, vere, mykje).
    const bokmal = [
      ' ikke ',
      ' jeg ',
      ' hva ',
      ' hvilke ',
      ' hvilken ',
      ' noen ',
      ' mer ',
      ' fra ',
      ' hvor ',
      ' være ',
      ' mye ',
      'vennligst',
    ];
    for (const word of bokmal) {
      for (const [key, text] of languages.nn) {
        // Words only: markup, variables and punctuation become spaces.
        const words = ` ${text
          .toLowerCase()
          .replace(/<[^>]+>|\{\{\w+\}\}/g, ' ')
          .replace(/[^\p{L}\p{N}]+/gu, ' ')} `;
        expect(words, `${key} has the Bokmål word "${word.trim()}"`).not.toContain(word);
      }
    }
  });
});
