import { type Static, Type } from 'typebox';
import { MajorAccidentValue } from './import-record.ts';
import { SEARCH_PAGE_SIZES } from './limits.ts';
import { CountyCode, MunicipalityCode } from './patterns.ts';
import { Nullable } from './schema.ts';

/**
 * Facility search (DESIGN.md § 4): the payload of POST /api/v1/facilities/search, of the export
 * (POST /api/v1/facilities/search/export) and of the filtered map (POST /api/v1/map/facilities/filtered),
 * its answer, and the criteria the filters are built from.
 */

/** The most hits one search page may ask for; the page sizes of the screen are 10, 25 and 50. */
export const SEARCH_MAX_HITS = 50;
/** Longer free text is refused: no real query is longer, and every word costs an index probe. */
export const SEARCH_QUERY_MAX_LENGTH = 200;
/** Free-text words of at least this many letters tolerate a typo (trigram word similarity). */
export const SEARCH_TYPO_MIN_LENGTH = 5;

/** Sortable columns of the results table, in the table's order. */
export const SearchSortProperty = {
  PRIVATE_PERSON: 'privatePerson',
  ID: 'id',
  NAME: 'name',
  ADDRESS: 'address',
  MUNICIPALITY: 'municipality',
  FIRST_SUBSTANCE_NOTIFICATION: 'firstSubstanceNotificationOn',
  CLIENT: 'client',
  MAJOR_ACCIDENT: 'majorAccident',
  FACILITY_UNIT_TYPES: 'facilityUnitTypes',
} as const;
export type SearchSortProperty = (typeof SearchSortProperty)[keyof typeof SearchSortProperty];
export const SEARCH_SORT_PROPERTIES = Object.values(SearchSortProperty);

export const SortDirection = { ASC: 'ASC', DESC: 'DESC' } as const;
export type SortDirection = (typeof SortDirection)[keyof typeof SortDirection];

/** A catalogue id the filters refer to: a unit type, a substance group, a substance. */
export const SearchCatalogueId = Type.Integer({ minimum: 1, maximum: 32_767 });

export const SearchCountyFilter = Type.Object(
  {
    id: CountyCode,
    /** Empty: the whole county. */
    municipalityCodes: Type.Array(MunicipalityCode, { maxItems: 400 }),
  },
  { additionalProperties: false },
);
export type SearchCountyFilter = Static<typeof SearchCountyFilter>;

export const SearchSubstanceGroupFilter = Type.Object(
  {
    substanceGroupId: SearchCatalogueId,
    /** Empty: every substance of the group. */
    substanceIds: Type.Array(SearchCatalogueId, { maxItems: 200 }),
  },
  { additionalProperties: false },
);
export type SearchSubstanceGroupFilter = Static<typeof SearchSubstanceGroupFilter>;

export const SearchOrderBy = Type.Object(
  { property: Type.Enum(SEARCH_SORT_PROPERTIES), direction: Type.Enum(Object.values(SortDirection)) },
  { additionalProperties: false },
);
export type SearchOrderBy = Static<typeof SearchOrderBy>;

/**
 * Filters are ANDed between kinds and ORed within one kind; an empty list does not filter.
 * The result is always inside the caller's municipality scope, whatever the payload asks for.
 */
const searchFields = {
  /** Free text: facility id (exact), name, address, postal code, place. Every word must match. */
  query: Type.String({ maxLength: SEARCH_QUERY_MAX_LENGTH }),
  /** Facility unit type ids (GET /api/v1/facilities/search/criteria). */
  facilityObjects: Type.Array(SearchCatalogueId, { maxItems: 100 }),
  counties: Type.Array(SearchCountyFilter, { maxItems: 100 }),
  substanceGroups: Type.Array(SearchSubstanceGroupFilter, { maxItems: 100 }),
  majorAccidentRelations: Type.Array(Type.Enum(Object.values(MajorAccidentValue)), { maxItems: 3 }),
  hitsToSkip: Type.Integer({ minimum: 0, maximum: 10_000_000 }),
  /** Left out or null: by relevance to the free text, else by facility id. */
  orderBy: Type.Optional(Nullable(SearchOrderBy)),
};

/** POST /api/v1/facilities/search */
export const SearchPayload = Type.Object(
  { ...searchFields, hitsToReturn: Type.Integer({ minimum: 0, maximum: SEARCH_MAX_HITS }) },
  { additionalProperties: false },
);
export type SearchPayload = Static<typeof SearchPayload>;

/** An export's largest `hitsToReturn`: more than any register holds, so every hit. */
const EXPORT_ALL_HITS = 10_000_000;

/** POST /api/v1/facilities/search/export and /api/v1/map/facilities/filtered: the same, without the page limit. */
export const SearchExportPayload = Type.Object(
  { ...searchFields, hitsToReturn: Type.Integer({ minimum: 0, maximum: EXPORT_ALL_HITS }) },
  { additionalProperties: false },
);
export type SearchExportPayload = Static<typeof SearchExportPayload>;

/** The filter part of a payload: what searchFilter() needs. Paging and order are not part of it. */
export type SearchFilterPayload = Pick<
  SearchPayload,
  'query' | 'facilityObjects' | 'counties' | 'substanceGroups' | 'majorAccidentRelations'
>;

/** No query and no filter: every facility of the scope. Add paging to make a payload. */
export const NO_SEARCH_FILTER: Readonly<SearchFilterPayload> = Object.freeze({
  query: '',
  facilityObjects: [],
  counties: [],
  substanceGroups: [],
  majorAccidentRelations: [],
});

/** What a request leaves out: no text, no filter, the first page of 10 (spec § 3: hitsToReturn 10). */
const SEARCH_DEFAULTS = Object.freeze({ ...NO_SEARCH_FILTER, hitsToSkip: 0, hitsToReturn: SEARCH_PAGE_SIZES[0] });

/**
 * The bodies the search routes take: the payloads with every field optional (a field left out is
 * SEARCH_DEFAULTS'), still no field more. The routes complete them with `withSearchDefaults` and
 * `withExportDefaults`.
 */
export const SearchPayloadBody = Type.Partial(SearchPayload, { additionalProperties: false });
export const SearchExportPayloadBody = Type.Partial(SearchExportPayload, { additionalProperties: false });

/** A search body (SearchPayloadBody), its left-out fields filled in. */
export function withSearchDefaults(body: Partial<SearchPayload>): SearchPayload {
  return { ...SEARCH_DEFAULTS, ...body };
}

/**
 * An export or filtered-map body (SearchExportPayloadBody), its left-out fields filled in: without
 * `hitsToReturn` it is every hit (spec § 3: the export asks for the total).
 */
export function withExportDefaults(body: Partial<SearchExportPayload>): SearchExportPayload {
  return { ...SEARCH_DEFAULTS, hitsToReturn: EXPORT_ALL_HITS, ...body };
}

export const FacilityUnitTypeRef = Type.Object(
  { id: Type.Integer(), description: Type.String() },
  { additionalProperties: false },
);
export type FacilityUnitTypeRef = Static<typeof FacilityUnitTypeRef>;

/** One row of the results table. */
export const SearchHit = Type.Object(
  {
    id: Type.Integer(),
    /** true: a private person; false: a business (company, housing co-operative, municipality). */
    privatePerson: Type.Boolean(),
    name: Type.Union([Type.String(), Type.Null()]),
    address: Type.Object(
      {
        street: Type.Union([Type.String(), Type.Null()]),
        postalCode: Type.Union([Type.String(), Type.Null()]),
        postalPlace: Type.Union([Type.String(), Type.Null()]),
      },
      { additionalProperties: false },
    ),
    municipality: Type.Object({ id: MunicipalityCode, name: Type.String() }, { additionalProperties: false }),
    /** YYYY-MM-DD */
    firstSubstanceNotificationOn: Type.Union([Type.String({ format: 'date' }), Type.Null()]),
    /** The facility's client (anleggseier): the owner it is registered to. */
    client: Type.String(),
    majorAccident: Type.Enum(Object.values(MajorAccidentValue)),
    /** Distinct types of the facility's units, in unit order; descriptions in Bokmål (criteria has Nynorsk). */
    facilityUnitTypes: Type.Array(FacilityUnitTypeRef),
    /** Has a WGS84 position: only such facilities are shown on the map. */
    hasValidCoordinates: Type.Boolean(),
  },
  { additionalProperties: false },
);
export type SearchHit = Static<typeof SearchHit>;

export const SearchResponse = Type.Object(
  { totalHits: Type.Integer({ minimum: 0 }), hits: Type.Array(SearchHit) },
  { additionalProperties: false },
);
export type SearchResponse = Static<typeof SearchResponse>;

export const SearchCriteriaFacilityType = Type.Object(
  { id: Type.Integer(), description: Type.String(), descriptionNn: Type.String() },
  { additionalProperties: false },
);
export type SearchCriteriaFacilityType = Static<typeof SearchCriteriaFacilityType>;

export const SearchCriteriaSubstance = Type.Object(
  { id: Type.Integer(), name: Type.String(), nameNn: Type.String(), unNumber: Type.String() },
  { additionalProperties: false },
);
export type SearchCriteriaSubstance = Static<typeof SearchCriteriaSubstance>;

export const SearchCriteriaSubstanceGroup = Type.Object(
  { id: Type.Integer(), name: Type.String(), nameNn: Type.String(), substances: Type.Array(SearchCriteriaSubstance) },
  { additionalProperties: false },
);
export type SearchCriteriaSubstanceGroup = Static<typeof SearchCriteriaSubstanceGroup>;

/** GET /api/v1/facilities/search/criteria: names in Bokmål (`description`, `name`) and Nynorsk (`…Nn`). */
export const SearchCriteria = Type.Object(
  { facilityTypes: Type.Array(SearchCriteriaFacilityType), substanceGroups: Type.Array(SearchCriteriaSubstanceGroup) },
  { additionalProperties: false },
);
export type SearchCriteria = Static<typeof SearchCriteria>;

/** The export's file name (Content-Disposition). */
export const SEARCH_EXPORT_FILE_NAME = 'anlegg.xlsx';
