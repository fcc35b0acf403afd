import type { Municipality, MunicipalityAccessEntry } from '@fast/contracts';
import { describe, expect, it } from 'vitest';
import { mergeEntries } from '../../api/access-api.ts';
import { groupByCounty, requestableMunicipalities } from './municipality-groups.ts';

const m = (id: string, name: string, countyId: string, countyName: string): Municipality => ({ id, name, countyId, countyName });
const MUNICIPALITIES = [
  m('3201', 'Bærum', '32', 'Akershus'),
  m('3203', 'Asker', '32', 'Akershus'),
  m('0301', 'Oslo', '03', 'Oslo'),
  m('4601', 'Bergen', '46', 'Vestland'),
  m('3205', 'Lillestrøm', '32', 'Akershus'),
];
const entry = (municipalityCode: string, status: MunicipalityAccessEntry['status']): MunicipalityAccessEntry => ({
  municipalityCode,
  municipalityName: municipalityCode,
  countyId: '32',
  countyName: 'Akershus',
  given: status === 'ACTIVE',
  status,
  requestedAt: '2026-11-01T10:00:00.000Z',
  decidedAt: null,
  denyReason: null,
});

describe('groupByCounty', () => {
  it('groups by county and sorts counties and municipalities by name', () => {
    expect(groupByCounty(MUNICIPALITIES, '').map((g) => [g.name, g.municipalities.map((x) => x.name)])).toEqual([
      ['Akershus', ['Asker', 'Bærum', 'Lillestrøm']],
      ['Oslo', ['Oslo']],
      ['Vestland', ['Bergen']],
    ]);
  });

  it('filters on name without regard to case, accents or æøå spelling, on number and on county', () => {
    expect(groupByCounty(MUNICIPALITIES, 'baerum').flatMap((g) => g.municipalities.map((x) => x.id))).toEqual(['3201']);
    expect(groupByCounty(MUNICIPALITIES, 'LILLESTRØM').flatMap((g) => g.municipalities.map((x) => x.id))).toEqual(['3205']);
    expect(groupByCounty(MUNICIPALITIES, '46').flatMap((g) => g.municipalities.map((x) => x.id))).toEqual(['4601']);
    expect(groupByCounty(MUNICIPALITIES, 'akers').flatMap((g) => g.municipalities.map((x) => x.id))).toEqual([
      '3203',
      '3201',
      '3205',
    ]);
    expect(groupByCounty(MUNICIPALITIES, 'ingen slik')).toEqual([]);
  });
});

describe('requestableMunicipalities', () => {
  it('leaves out active and pending municipalities but offers denied and revoked ones again', () => {
    const entries = [entry('0301', 'ACTIVE'), entry('3201', 'PENDING'), entry('3203', 'DENIED'), entry('3205', 'REVOKED')];
    expect(requestableMunicipalities(MUNICIPALITIES, entries).map((x) => x.id)).toEqual(['3203', '4601', '3205']);
  });
});

describe('mergeEntries', () => {
  it('appends new entries as returned and replaces a re-opened one in place', () => {
    const current = [entry('0301', 'ACTIVE'), entry('3203', 'DENIED')];
    const merged = mergeEntries(current, [entry('3203', 'PENDING'), entry('4601', 'PENDING')]);
    expect(merged.map((e) => [e.municipalityCode, e.status])).toEqual([
      ['0301', 'ACTIVE'],
      ['3203', 'PENDING'],
      ['4601', 'PENDING'],
    ]);
  });
});
