import { NO_SEARCH_FILTER, type SearchPayload } from '@fast/contracts';

const base: SearchPayload = { ...NO_SEARCH_FILTER, hitsToSkip: 0, hitsToReturn: 10 };

/**
 * The search benchmark's realistic query set (bench/search.ts measures it at 112 500 facilities;
 * the search's equivalence test checks its answers).
 */
export const BENCH_SEARCH_QUERIES: readonly [string, SearchPayload][] = [
  ['single word "propan"', { ...base, query: 'propan' }],
  ['prefix "gartn"', { ...base, query: 'gartn' }],
  ['two words "gartneri klepp"', { ...base, query: 'gartneri klepp' }],
  ['typo "amoniakk"', { ...base, query: 'amoniakk' }],
  [
    'filters only',
    {
      ...base,
      facilityObjects: [1, 3, 4],
      counties: [
        { id: '46', municipalityCodes: [] },
        { id: '03', municipalityCodes: [] },
      ],
      substanceGroups: [{ substanceGroupId: 1, substanceIds: [] }],
    },
  ],
  [
    'filters + text',
    { ...base, query: 'gass', counties: [{ id: '11', municipalityCodes: [] }], majorAccidentRelations: ['NOT_AFFECTED'] },
  ],
  ['sorted by date, all', { ...base, orderBy: { property: 'firstSubstanceNotificationOn', direction: 'DESC' } }],
  ['deep page (skip 50 000, 50 rows)', { ...base, hitsToSkip: 50_000, hitsToReturn: 50 }],
];
