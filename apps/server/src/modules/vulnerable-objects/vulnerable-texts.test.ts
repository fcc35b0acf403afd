import { describe, expect, it } from 'vitest';
import { vulnerableSummary } from './vulnerable-texts.ts';

describe('vulnerableSummary', () => {
  it('words the totals as the issue does, in Bokmål and Nynorsk, singular and plural', () => {
    const totals = [
      { kind: 'kindergarten', count: 2, capacity: 134, capacityKnown: 2 },
      { kind: 'school', count: 1, capacity: 412, capacityKnown: 1 },
      { kind: 'care-home', count: 1, capacity: 60, capacityKnown: 1 },
      { kind: 'hospital', count: 1, capacity: 1, capacityKnown: 1 },
    ] as const;
    expect(vulnerableSummary(totals, 'nb')).toBe(
      '2 barnehager (134 barn), 1 skole (412 elever), 1 sykehjem (60 plasser), 1 sykehus (1 seng)',
    );
    expect(vulnerableSummary(totals, 'nn')).toBe(
      '2 barnehagar (134 born), 1 skule (412 elevar), 1 sjukeheim (60 plassar), 1 sjukehus (1 seng)',
    );
  });

  it('says "minst" where some gave no capacity, and leaves it out where none did', () => {
    expect(
      vulnerableSummary(
        [
          { kind: 'school', count: 3, capacity: 500, capacityKnown: 2 },
          { kind: 'hospital', count: 2, capacity: 0, capacityKnown: 0 },
        ],
        'nb',
      ),
    ).toBe('3 skoler (minst 500 elever), 2 sykehus');
    expect(vulnerableSummary([], 'nb')).toBe('Ingen skoler, barnehager, sykehjem eller sykehus');
  });
});
