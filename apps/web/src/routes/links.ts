import {
  CountyCode,
  type MajorAccidentValue,
  MunicipalityCode,
  NEARBY_MAX_RADIUS_METERS,
  PLACE_QUERY_MAX_LENGTH,
  SEARCH_PAGE_SIZES,
  SEARCH_QUERY_MAX_LENGTH,
  SearchCatalogueId,
  type SearchCountyFilter,
  type SearchFilterPayload,
  SearchOrderBy,
  SearchPayload,
  type SearchSubstanceGroupFilter,
} from '@fast/contracts';
import type { TSchema } from 'typebox';
import { Check } from 'typebox/value';
import { PATHS } from '../config/constants.ts';

/**
 * Links between screens: the URL formats a screen is opened with, so that one screen links to
 * another (the map and a facility to the incident screen, the search to the map) without
 * importing it. Screens import this file; it imports only the contracts and the paths.
 */

/**
 * The incident lookup lives in the URL, so a link can be handed to the next shift:
 *
 *   lat, lon  the point, WGS84 decimal degrees        lat=60.391300&lon=5.322100
 *   r         the radius in whole metres (1–50 000)   r=500
 *   q         what was typed or chosen for the place  q=Kaiveien 12
 *
 * Parsing is forgiving: a part that does not fit is left out (a bad radius falls back to the
 * default) rather than failing the page.
 */

export const DEFAULT_RADIUS_METERS = 500;

export interface IncidentPoint {
  latitude: number;
  longitude: number;
}

export interface IncidentState {
  point: IncidentPoint | null;
  radiusMeters: number;
  query: string;
}

const DECIMAL = /^-?\d{1,3}(\.\d+)?$/;

function coordinate(value: string | null, limit: number): number | null {
  if (value === null || !DECIMAL.test(value)) return null;
  const number = Number(value);
  return Math.abs(number) <= limit ? number : null;
}

function radius(value: string | null): number {
  if (value === null || !/^\d{1,5}$/.test(value)) return DEFAULT_RADIUS_METERS;
  const metres = Number(value);
  return metres >= 1 && metres <= NEARBY_MAX_RADIUS_METERS ? metres : DEFAULT_RADIUS_METERS;
}

export function parseIncidentParams(params: URLSearchParams): IncidentState {
  const latitude = coordinate(params.get('lat'), 90);
  const longitude = coordinate(params.get('lon'), 180);
  return {
    point: latitude !== null && longitude !== null ? { latitude, longitude } : null,
    radiusMeters: radius(params.get('r')),
    query: (params.get('q') ?? '').slice(0, PLACE_QUERY_MAX_LENGTH),
  };
}

/** Six decimals: about 10 cm, finer than any position in the register. */
const degrees = (value: number) => value.toFixed(6);

export function incidentSearchParams(state: IncidentState): URLSearchParams {
  const params = new URLSearchParams();
  if (state.point) {
    params.set('lat', degrees(state.point.latitude));
    params.set('lon', degrees(state.point.longitude));
  }
  params.set('r', String(Math.round(state.radiusMeters)));
  if (state.query) params.set('q', state.query);
  return params;
}

/** /hendelse for a point (from the map or a facility), with the default radius unless given. */
export function incidentUrl(point: IncidentPoint, query = '', radiusMeters = DEFAULT_RADIUS_METERS): string {
  return `${PATHS.incident}?${incidentSearchParams({ point, radiusMeters, query }).toString()}`;
}

// The search (/sok) and the map (/kart), which reads the search's filters from its URL.

/**
 * The search lives in the URL, so that back from a facility, a reload and a shared link restore it.
 * This format is also how "Vis i kart" hands the search to the map (/kart?…, the filter part only):
 *
 *   q      free text; present (even empty) once a search was asked for
 *   type   facility unit type ids            type=1,9
 *   area   counties, whole or some of them   area=03,46:4601.4624   (county 03 whole; 4601 and 4624 of 46)
 *   group  substance groups, whole or some   group=1,2:9.10         (group 1 whole; substances 9 and 10 of 2)
 *   ma     major-accident relations          ma=PARAGRAPH_SIX,PARAGRAPH_NINE
 *   sort   sort property, with dir=ASC|DESC  sort=firstSubstanceNotificationOn&dir=DESC
 *   page   1-based page; size 10|25|50       page=2&size=25
 *
 * Parsing is forgiving: a part that does not fit the search's contract is left out rather than
 * failing the page.
 */
export type PageSize = (typeof SEARCH_PAGE_SIZES)[number];

export interface SearchState {
  /** null: no search asked for yet (the initial state). */
  query: string | null;
  facilityTypes: number[];
  counties: SearchCountyFilter[];
  substanceGroups: SearchSubstanceGroupFilter[];
  majorAccidentRelations: MajorAccidentValue[];
  orderBy: SearchOrderBy | null;
  page: number;
  pageSize: PageSize;
}

export const DEFAULT_PAGE_SIZE: PageSize = 10;

export const EMPTY_SEARCH: SearchState = {
  query: null,
  facilityTypes: [],
  counties: [],
  substanceGroups: [],
  majorAccidentRelations: [],
  orderBy: null,
  page: 1,
  pageSize: DEFAULT_PAGE_SIZE,
};

// Every part is checked with the contract's schema of its payload field, so that what the URL
// gives is what the server accepts (a unit type 40000 is dropped here, not refused there).
const fields = SearchPayload.properties;
const accepted = <T>(schema: TSchema, value: T, otherwise: T): T => (Check(schema, value) ? value : otherwise);

const list = (value: string | null) => (value ? value.split(',').filter((part) => part !== '') : []);
const integer = (value: string) => (/^[0-9]{1,9}$/.test(value) ? Number(value) : Number.NaN);
const catalogueId = (value: string) => accepted(SearchCatalogueId, integer(value), null);
const unique = <T>(values: T[]) => [...new Set(values)];

function parseCounties(value: string | null): SearchCountyFilter[] {
  const counties = new Map<string, Set<string>>();
  for (const part of list(value)) {
    const [id = '', codes] = part.split(':');
    if (!Check(CountyCode, id)) continue;
    const municipalities = counties.get(id) ?? new Set<string>();
    for (const code of codes ? codes.split('.') : []) if (Check(MunicipalityCode, code)) municipalities.add(code);
    counties.set(id, municipalities);
  }
  return [...counties].map(([id, codes]) => ({ id, municipalityCodes: [...codes] }));
}

function parseGroups(value: string | null): SearchSubstanceGroupFilter[] {
  const groups = new Map<number, Set<number>>();
  for (const part of list(value)) {
    const [rawId = '', rawSubstances] = part.split(':');
    const id = catalogueId(rawId);
    if (id === null) continue;
    const substances = groups.get(id) ?? new Set<number>();
    for (const raw of rawSubstances ? rawSubstances.split('.') : []) {
      const substance = catalogueId(raw);
      if (substance !== null) substances.add(substance);
    }
    groups.set(id, substances);
  }
  return [...groups].map(([substanceGroupId, ids]) => ({ substanceGroupId, substanceIds: [...ids] }));
}

export function parseSearchParams(params: URLSearchParams): SearchState {
  const query = params.get('q');
  const size = Number(params.get('size'));
  const pageSize = (SEARCH_PAGE_SIZES as readonly number[]).includes(size) ? (size as PageSize) : DEFAULT_PAGE_SIZE;
  const page = integer(params.get('page') ?? '');
  const types = unique(list(params.get('type')).flatMap((v) => catalogueId(v) ?? []));
  const relations = unique(list(params.get('ma')).filter((v) => Check(fields.majorAccidentRelations.items, v)));
  const orderBy = { property: params.get('sort'), direction: params.get('dir') };
  return {
    query: query === null ? null : query.slice(0, SEARCH_QUERY_MAX_LENGTH),
    facilityTypes: accepted(fields.facilityObjects, types, []),
    counties: accepted(fields.counties, parseCounties(params.get('area')), []),
    substanceGroups: accepted(fields.substanceGroups, parseGroups(params.get('group')), []),
    majorAccidentRelations: accepted(fields.majorAccidentRelations, relations as MajorAccidentValue[], []),
    orderBy: Check(SearchOrderBy, orderBy) ? orderBy : null,
    page: page >= 1 && Check(fields.hitsToSkip, (page - 1) * pageSize) ? page : 1,
    pageSize,
  };
}

/** The filter part of the URL (what the map needs): q, type, area, group, ma. */
export function filterParams(state: SearchState): URLSearchParams {
  const params = new URLSearchParams();
  if (state.query !== null) params.set('q', state.query);
  if (state.facilityTypes.length > 0) params.set('type', state.facilityTypes.join(','));
  if (state.counties.length > 0) {
    params.set(
      'area',
      state.counties.map((c) => (c.municipalityCodes.length > 0 ? `${c.id}:${c.municipalityCodes.join('.')}` : c.id)).join(','),
    );
  }
  if (state.substanceGroups.length > 0) {
    params.set(
      'group',
      state.substanceGroups
        .map((g) =>
          g.substanceIds.length > 0 ? `${g.substanceGroupId}:${g.substanceIds.join('.')}` : String(g.substanceGroupId),
        )
        .join(','),
    );
  }
  if (state.majorAccidentRelations.length > 0) params.set('ma', state.majorAccidentRelations.join(','));
  return params;
}

export function toSearchParams(state: SearchState): URLSearchParams {
  const params = filterParams(state);
  if (state.orderBy) {
    params.set('sort', state.orderBy.property);
    params.set('dir', state.orderBy.direction);
  }
  if (state.page > 1) params.set('page', String(state.page));
  if (state.pageSize !== DEFAULT_PAGE_SIZE) params.set('size', String(state.pageSize));
  return params;
}

/** Section 5: a filter is in use when at least one unit type, place, substance group or relation is chosen. */
export function hasFilters(state: SearchState): boolean {
  return (
    state.facilityTypes.length > 0 ||
    state.counties.length > 0 ||
    state.substanceGroups.length > 0 ||
    state.majorAccidentRelations.length > 0
  );
}

/** A search runs once the user asked for one: a query (even empty, by Enter) or a filter. */
export function isSearchActive(state: SearchState): boolean {
  return state.query !== null || hasFilters(state);
}

export function filterPayload(state: SearchState): SearchFilterPayload {
  return {
    query: (state.query ?? '').trim(),
    facilityObjects: state.facilityTypes,
    counties: state.counties,
    substanceGroups: state.substanceGroups,
    majorAccidentRelations: state.majorAccidentRelations,
  };
}

export function searchPayload(state: SearchState): SearchPayload {
  return {
    ...filterPayload(state),
    hitsToSkip: (state.page - 1) * state.pageSize,
    hitsToReturn: state.pageSize,
    // Section 5: the sort is sent only when both field and direction are set.
    ...(state.orderBy ? { orderBy: state.orderBy } : {}),
  };
}

/**
 * The map with the current search's facilities (POST /api/v1/map/facilities/filtered with the
 * payload that `searchPayloadFromParams` rebuilds from this URL); without a query or filter, the whole map.
 */
export function mapLink(state: SearchState): string {
  const params = isSearchActive(state) ? filterParams(state).toString() : '';
  return params ? `/kart?${params}` : '/kart';
}

/** For the map: the filter payload of a /kart?… URL written by mapLink, or null when it carries no search. */
export function searchPayloadFromParams(params: URLSearchParams): SearchFilterPayload | null {
  const state = parseSearchParams(params);
  return isSearchActive(state) ? filterPayload(state) : null;
}

// A facility's page leads back to the screen it was opened from (/anlegg/:id).

/** The screens that open a facility and carry their own URL to it; without one, back is to the search. */
export type FacilityOrigin = 'incident' | 'map';

/** The history state of a link to a facility: where it was opened, and that screen's URL (with its query). */
export interface FacilityReturn {
  from: FacilityOrigin;
  returnUrl: string;
}

const ORIGIN_PATHS: Record<FacilityOrigin, RegExp> = {
  incident: /^\/hendelse(\?.*)?$/,
  map: /^\/kart(\/[0-9]+)?(\?.*)?$/,
};

/** `<Link to={PATHS.facility(id)} state={facilityLinkState('incident', location)}>`. */
export function facilityLinkState(from: FacilityOrigin, location: { pathname: string; search: string }): FacilityReturn {
  return { from, returnUrl: `${location.pathname}${location.search}` };
}

/** The way back a facility's link carried, when it is one of ours (a same-origin incident or map URL): never an open redirect. */
export function facilityReturn(state: unknown): FacilityReturn | null {
  if (typeof state !== 'object' || state === null) return null;
  const { from, returnUrl } = state as { from?: unknown; returnUrl?: unknown };
  if ((from !== 'incident' && from !== 'map') || typeof returnUrl !== 'string') return null;
  return ORIGIN_PATHS[from].test(returnUrl) ? { from, returnUrl } : null;
}
