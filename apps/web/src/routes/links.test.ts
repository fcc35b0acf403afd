import { SearchPayload } from '@fast/contracts';
import fc from 'fast-check';
import { Check } from 'typebox/value';
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_RADIUS_METERS,
  EMPTY_SEARCH,
  facilityLinkState,
  facilityReturn,
  incidentSearchParams,
  incidentUrl,
  isSearchActive,
  mapLink,
  parseIncidentParams,
  parseSearchParams,
  type SearchState,
  searchPayload,
  searchPayloadFromParams,
  toSearchParams,
} from './links.ts';

const full: SearchState = {
  query: 'propan æøå & co',
  facilityTypes: [1, 9],
  counties: [
    { id: '03', municipalityCodes: [] },
    { id: '46', municipalityCodes: ['4601', '4624'] },
  ],
  substanceGroups: [
    { substanceGroupId: 1, substanceIds: [] },
    { substanceGroupId: 2, substanceIds: [9, 10] },
  ],
  majorAccidentRelations: ['PARAGRAPH_SIX', 'PARAGRAPH_NINE'],
  orderBy: { property: 'firstSubstanceNotificationOn', direction: 'DESC' },
  page: 3,
  pageSize: 25,
};

describe('search state in the URL', () => {
  it('survives a round trip through the URL', () => {
    const params = toSearchParams(full);
    expect(params.toString()).toBe(
      'q=propan+%C3%A6%C3%B8%C3%A5+%26+co&type=1%2C9&area=03%2C46%3A4601.4624&group=1%2C2%3A9.10&ma=PARAGRAPH_SIX%2CPARAGRAPH_NINE&sort=firstSubstanceNotificationOn&dir=DESC&page=3&size=25',
    );
    expect(parseSearchParams(new URLSearchParams(params.toString()))).toEqual(full);
  });

  it('leaves defaults out and reads an empty URL as the initial state', () => {
    expect(toSearchParams(EMPTY_SEARCH).toString()).toBe('');
    expect(parseSearchParams(new URLSearchParams(''))).toEqual(EMPTY_SEARCH);
    expect(isSearchActive(EMPTY_SEARCH)).toBe(false);
    expect(isSearchActive(parseSearchParams(new URLSearchParams('q=')))).toBe(true);
    expect(isSearchActive(parseSearchParams(new URLSearchParams('ma=PARAGRAPH_NINE')))).toBe(true);
  });

  it('drops what does not fit instead of failing', () => {
    const state = parseSearchParams(
      new URLSearchParams(
        'type=1,x,-2,1&area=3,abc,11:1103.zz&group=0,7:a&ma=NOPE,PARAGRAPH_SIX&sort=password&dir=ASC&page=-4&size=30',
      ),
    );
    expect(state).toEqual({
      ...EMPTY_SEARCH,
      facilityTypes: [1],
      counties: [{ id: '11', municipalityCodes: ['1103'] }],
      substanceGroups: [{ substanceGroupId: 7, substanceIds: [] }],
      majorAccidentRelations: ['PARAGRAPH_SIX'],
    });
    expect(parseSearchParams(new URLSearchParams('sort=name')).orderBy).toBeNull();
    expect(parseSearchParams(new URLSearchParams(`q=${'a'.repeat(500)}`)).query).toHaveLength(200);
  });

  it('builds the payload of the page: skip, size, and the sort only when set', () => {
    expect(searchPayload(full)).toEqual({
      query: 'propan æøå & co',
      facilityObjects: [1, 9],
      counties: full.counties,
      substanceGroups: full.substanceGroups,
      majorAccidentRelations: ['PARAGRAPH_SIX', 'PARAGRAPH_NINE'],
      hitsToSkip: 50,
      hitsToReturn: 25,
      orderBy: { property: 'firstSubstanceNotificationOn', direction: 'DESC' },
    });
    expect(searchPayload({ ...EMPTY_SEARCH, query: '  prop ' })).toEqual({
      query: 'prop',
      facilityObjects: [],
      counties: [],
      substanceGroups: [],
      majorAccidentRelations: [],
      hitsToSkip: 0,
      hitsToReturn: 10,
    });
  });

  it('hands the filters, not the page or sort, to the map, and the map reads them back', () => {
    const link = mapLink(full);
    expect(link.startsWith('/kart?q=')).toBe(true);
    expect(link).not.toContain('page=');
    expect(link).not.toContain('sort=');
    const payload = searchPayloadFromParams(new URL(link, 'http://x').searchParams);
    expect(payload).toEqual({
      query: full.query,
      facilityObjects: full.facilityTypes,
      counties: full.counties,
      substanceGroups: full.substanceGroups,
      majorAccidentRelations: full.majorAccidentRelations,
    });
    expect(mapLink(EMPTY_SEARCH)).toBe('/kart');
    expect(searchPayloadFromParams(new URLSearchParams(''))).toBeNull();
  });

  it('keeps only what the search contract accepts, so that the server never refuses a parsed URL', () => {
    const state = parseSearchParams(new URLSearchParams('type=40000,13&group=32768,2:40000.9&page=2000000&size=50'));
    expect(state.facilityTypes).toEqual([13]);
    expect(state.substanceGroups).toEqual([{ substanceGroupId: 2, substanceIds: [9] }]);
    expect(state.page).toBe(1);
    expect(
      parseSearchParams(new URLSearchParams(`type=${Array.from({ length: 101 }, (_, i) => i + 1).join(',')}`)).facilityTypes,
    ).toEqual([]);

    const token = fc.oneof(
      fc.nat().map(String),
      fc.integer({ min: 0, max: 99 }).map((n) => String(n).padStart(2, '0')),
      fc.string(),
    );
    const part = fc.oneof(
      fc.string(),
      fc.tuple(fc.array(token), fc.constantFrom(',', ':', '.')).map(([tokens, separator]) => tokens.join(separator)),
    );
    const keys = fc.constantFrom('q', 'type', 'area', 'group', 'ma', 'sort', 'dir', 'page', 'size');
    fc.assert(
      fc.property(fc.array(fc.tuple(keys, part), { maxLength: 12 }), (entries) => {
        const payload = searchPayload(parseSearchParams(new URLSearchParams(entries)));
        expect(Check(SearchPayload, payload)).toBe(true);
      }),
    );
  });
});

const parse = (query: string) => parseIncidentParams(new URLSearchParams(query));

describe('the incident in the URL', () => {
  it('reads a shared link back as it was written', () => {
    const state = { point: { latitude: 60.3913, longitude: 5.3221 }, radiusMeters: 1000, query: 'Kaiveien 12, Ågotnes' };
    const written = incidentSearchParams(state).toString();
    expect(written).toBe('lat=60.391300&lon=5.322100&r=1000&q=Kaiveien+12%2C+%C3%85gotnes');
    expect(parse(written)).toEqual(state);
  });

  it('starts empty, with the default radius', () => {
    expect(parse('')).toEqual({ point: null, radiusMeters: DEFAULT_RADIUS_METERS, query: '' });
  });

  it.each([
    ['lat=91&lon=5', 'latitude beyond 90'],
    ['lat=60&lon=181', 'longitude beyond 180'],
    ['lat=60', 'no longitude'],
    ['lat=6e1&lon=5', 'exponent notation'],
    ['lat=&lon=5', 'an empty latitude'],
    ['lat=60,39&lon=5', 'a decimal comma'],
  ])('leaves out a point that does not fit (%s: %s)', (query) => {
    expect(parse(query).point).toBeNull();
  });

  it.each(['0', '-5', '50001', '1.5', 'abc', ''])('falls back to the default for radius %j', (r) => {
    expect(parse(`r=${r}`).radiusMeters).toBe(DEFAULT_RADIUS_METERS);
  });

  it('takes any whole radius from 1 m to 50 km', () => {
    expect(parse('r=1').radiusMeters).toBe(1);
    expect(parse('r=50000').radiusMeters).toBe(50_000);
    expect(parse('r=750').radiusMeters).toBe(750);
  });

  it('keeps at most 200 characters of the place text', () => {
    expect(parse(`q=${'a'.repeat(300)}`).query).toHaveLength(200);
  });

  it('links to a point from the map or a facility with the default radius', () => {
    expect(incidentUrl({ latitude: 60.39, longitude: 5.32 }, 'Tank A')).toBe(
      '/hendelse?lat=60.390000&lon=5.320000&r=500&q=Tank+A',
    );
    expect(incidentUrl({ latitude: 60.39, longitude: 5.32 })).toBe('/hendelse?lat=60.390000&lon=5.320000&r=500');
  });
});

describe('the way back from a facility', () => {
  it('carries the incident’s or the map’s URL, and accepts only ours', () => {
    const state = facilityLinkState('incident', { pathname: '/hendelse', search: '?lat=60.000000&lon=5.000000&r=500' });
    expect(facilityReturn(state)).toEqual({ from: 'incident', returnUrl: '/hendelse?lat=60.000000&lon=5.000000&r=500' });
    expect(facilityReturn(facilityLinkState('map', { pathname: '/kart/12', search: '' }))).toEqual({
      from: 'map',
      returnUrl: '/kart/12',
    });
    for (const bad of [
      null,
      'x',
      { from: 'incident', returnUrl: '//evil.example/hendelse' },
      { from: 'map', returnUrl: '/hendelse' },
      { from: 'search', returnUrl: '/search' },
      { from: 'map', returnUrl: 'https://evil.example/kart' },
    ]) {
      expect(facilityReturn(bad)).toBeNull();
    }
  });
});
