import type { SearchCriteria } from '@fast/contracts';
import { describe, expect, it } from 'vitest';
import { EMPTY_SEARCH, type SearchState } from '../../routes/links.ts';
import { filterBySubstances, findSubstanceMentions, isFilteredBy } from './substance-mention.ts';

const s = (id: number, name: string, unNumber: string, nameNn = name) => ({ id, name, nameNn, unNumber });
// A part of the catalogue (migration register), with its awkward names.
const CRITERIA: SearchCriteria = {
  facilityTypes: [],
  substanceGroups: [
    {
      id: 1,
      name: 'Brannfarlig gass',
      nameNn: 'Brannfarleg gass',
      substances: [
        s(1, 'Propan', '1978'),
        s(2, 'LPG (propan/butan-blanding)', '1075'),
        s(3, 'Butan', '1011'),
        s(4, 'LNG (flytende naturgass)', '1972', 'LNG (flytande naturgass)'),
        s(5, 'Naturgass, komprimert (CNG)', '1971'),
        s(6, 'Biogass', '1971'),
      ],
    },
    { id: 2, name: 'Giftig gass', nameNn: 'Giftig gass', substances: [s(9, 'Ammoniakk, vannfri', '1005', 'Ammoniakk, vassfri')] },
    {
      id: 3,
      name: 'Brannfarlig væske',
      nameNn: 'Brannfarleg væske',
      substances: [s(13, 'Etanol', '1170'), s(14, 'Metanol', '1230')],
    },
    {
      id: 4,
      name: 'Diesel og fyringsoljer',
      nameNn: 'Diesel og fyringsoljer',
      substances: [s(16, 'Diesel / fyringsolje', '1202')],
    },
    {
      id: 7,
      name: 'Eksplosiver',
      nameNn: 'Eksplosivar',
      substances: [s(23, 'Sprengstoff type A (dynamitt)', '0081'), s(24, 'Sprengstoff type B (ANFO)', '0082')],
    },
  ],
};

/** Each mention as [substance ids, UN number, the words that name it]. */
const mentions = (query: string) =>
  findSubstanceMentions(query, CRITERIA).map((m) => [m.substances.map((x) => x.substance.id), m.unNumber, m.words]);

describe('a substance named in the free text', () => {
  it('by its name, in any case, and by the name before a comma, slash or parenthesis', () => {
    expect(mentions('propan')).toEqual([[[1], null, [0]]]);
    expect(mentions('PROPAN')).toEqual([[[1], null, [0]]]);
    expect(mentions('ammoniakk')).toEqual([[[9], null, [0]]]);
    expect(mentions('fyringsolje')).toEqual([[[16], null, [0]]]);
    expect(mentions('lpg')).toEqual([[[2], null, [0]]]);
    expect(mentions('CNG')).toEqual([[[5], null, [0]]]);
    expect(mentions('dynamitt')).toEqual([[[23], null, [0]]]);
  });

  it('with one typo in a word of five letters or more, as the search tolerates', () => {
    expect(mentions('propna')).toEqual([[[1], null, [0]]]);
    expect(mentions('amoniakk')).toEqual([[[9], null, [0]]]);
    // An exact name wins over a near one; a short word is taken as typed.
    expect(mentions('metanol')).toEqual([[[14], null, [0]]]);
    expect(mentions('klro')).toEqual([]);
    expect(mentions('porpna')).toEqual([]);
  });

  it('by UN number, with or without "UN"', () => {
    expect(mentions('1978')).toEqual([[[1], '1978', [0]]]);
    expect(mentions('UN 1978')).toEqual([[[1], '1978', [0, 1]]]);
    expect(mentions('un1978')).toEqual([[[1], '1978', [0]]]);
    // Natural gas and biogas share a number: one mention of both.
    expect(mentions('UN 1971')).toEqual([[[5, 6], '1971', [0, 1]]]);
    expect(mentions('9999')).toEqual([]);
  });

  it('names several substances that share a name as one mention', () => {
    expect(mentions('sprengstoff')).toEqual([[[23, 24], null, [0]]]);
  });

  it('reads the longest name: "flytende naturgass" is LNG, not natural gas', () => {
    expect(mentions('flytende naturgass')).toEqual([[[4], null, [0, 1]]]);
    expect(mentions('naturgass')).toEqual([[[5], null, [0]]]);
  });

  it('among other words, each mention with its own words', () => {
    expect(mentions('propan Storgata 1, Oslo')).toEqual([[[1], null, [0]]]);
    expect(mentions('butan og propan')).toEqual([
      [[3], null, [0]],
      [[1], null, [2]],
    ]);
    // A word that names more than the substance stays in the query.
    expect(mentions('propan/butan')).toEqual([
      [[1], null, []],
      [[3], null, []],
    ]);
    expect(mentions('Gartneri Hansen')).toEqual([]);
    expect(mentions('')).toEqual([]);
  });
});

describe('the substance filter offered for a mention', () => {
  const state = (overrides: Partial<SearchState>): SearchState => ({ ...EMPTY_SEARCH, ...overrides });
  const [propane] = findSubstanceMentions('propan', CRITERIA);
  const [un1971] = findSubstanceMentions('UN 1971 Bergen', CRITERIA);

  it('takes the words out of the free text and adds the substances, keeping the rest, at page 1', () => {
    if (!propane || !un1971) throw new Error('no mention');
    const before = state({
      query: 'propan',
      counties: [{ id: '03', municipalityCodes: ['0301'] }],
      orderBy: { property: 'name', direction: 'ASC' },
      page: 3,
    });
    expect(filterBySubstances(before, propane)).toEqual({
      ...before,
      query: '',
      substanceGroups: [{ substanceGroupId: 1, substanceIds: [1] }],
      page: 1,
    });
    const withButane = state({ query: 'UN 1971 Bergen', substanceGroups: [{ substanceGroupId: 1, substanceIds: [3] }] });
    expect(filterBySubstances(withButane, un1971)).toMatchObject({
      query: 'Bergen',
      substanceGroups: [{ substanceGroupId: 1, substanceIds: [3, 5, 6] }],
    });
  });

  it('is not offered when the search filters by the substances already', () => {
    if (!propane) throw new Error('no mention');
    expect(isFilteredBy(state({ substanceGroups: [{ substanceGroupId: 1, substanceIds: [] }] }), propane)).toBe(true);
    expect(isFilteredBy(state({ substanceGroups: [{ substanceGroupId: 1, substanceIds: [1] }] }), propane)).toBe(true);
    expect(isFilteredBy(state({ substanceGroups: [{ substanceGroupId: 1, substanceIds: [3] }] }), propane)).toBe(false);
    const whole = filterBySubstances(
      state({ query: 'propan', substanceGroups: [{ substanceGroupId: 1, substanceIds: [] }] }),
      propane,
    );
    expect(whole.substanceGroups).toEqual([{ substanceGroupId: 1, substanceIds: [] }]);
  });
});
