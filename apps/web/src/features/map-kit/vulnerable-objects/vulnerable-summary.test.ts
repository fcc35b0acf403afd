import type { VulnerableKindTotal } from '@fast/contracts';
import { afterEach, describe, expect, it } from 'vitest';
import { i18next } from '../../../i18n/i18n.ts';
import { nn } from '../../../i18n/locales/nn.ts';
import { vulnerableSummary } from './vulnerable-summary.ts';

/** The issue's example: two kindergartens, a school, a care home and a hospital within a kilometre. */
const ISSUE: VulnerableKindTotal[] = [
  { kind: 'kindergarten', count: 2, capacity: 134, capacityKnown: 2 },
  { kind: 'school', count: 1, capacity: 412, capacityKnown: 1 },
  { kind: 'care-home', count: 1, capacity: 60, capacityKnown: 1 },
  { kind: 'hospital', count: 1, capacity: 120, capacityKnown: 1 },
];
/** One of each with one place each, and some without a capacity. */
const SINGULAR_AND_PARTLY_KNOWN: VulnerableKindTotal[] = [
  { kind: 'hospital', count: 3, capacity: 1, capacityKnown: 1 },
  { kind: 'school', count: 2, capacity: 1_234, capacityKnown: 1 },
  { kind: 'care-home', count: 1, capacity: 1, capacityKnown: 1 },
  { kind: 'kindergarten', count: 1, capacity: 0, capacityKnown: 0 },
];
const t = () => i18next.t;
const plain = (text: string) => text.replace(/\s/g, ' ');

afterEach(() => i18next.changeLanguage('nb'));

describe('the vulnerable objects’ summary line', () => {
  it('reads as the issue writes it in Bokmål, kindergartens first', () => {
    expect(vulnerableSummary(ISSUE, 'Innenfor 1 km', t())).toBe(
      'Innenfor 1 km: 2 barnehager (134 barn), 1 skole (412 elever), 1 sykehjem (60 plasser), 1 sykehus (120 senger)',
    );
  });

  it('uses the singular for one, "minst" where some gave no capacity, and no capacity where none did', () => {
    expect(plain(vulnerableSummary(SINGULAR_AND_PARTLY_KNOWN, 'I sonen', t()))).toBe(
      'I sonen: 1 barnehage, 2 skoler (minst 1 234 elever), 1 sykehjem (1 plass), 3 sykehus (minst 1 seng)',
    );
  });

  it('says there are none, and leaves out kinds counted zero', () => {
    expect(vulnerableSummary([], 'Innenfor 300 m', t())).toBe('Innenfor 300 m: ingen skoler, barnehager, sykehjem eller sykehus');
    expect(vulnerableSummary([{ kind: 'school', count: 0, capacity: 0, capacityKnown: 0 }], 'I sonen', t())).toBe(
      'I sonen: ingen skoler, barnehager, sykehjem eller sykehus',
    );
  });

  it('reads as the issue writes it in Nynorsk', async () => {
    i18next.addResourceBundle('nn', 'translation', nn, true, true);
    await i18next.changeLanguage('nn');
    expect(vulnerableSummary(ISSUE, 'Innanfor 1 km', t())).toBe(
      'Innanfor 1 km: 2 barnehagar (134 born), 1 skule (412 elevar), 1 sjukeheim (60 plassar), 1 sjukehus (120 senger)',
    );
    expect(plain(vulnerableSummary(SINGULAR_AND_PARTLY_KNOWN, 'I sona', t()))).toBe(
      'I sona: 1 barnehage, 2 skular (minst 1 234 elevar), 1 sjukeheim (1 plass), 3 sjukehus (minst 1 seng)',
    );
    expect(vulnerableSummary([], 'I sona', t())).toBe('I sona: ingen skular, barnehagar, sjukeheimar eller sjukehus');
  });
});
