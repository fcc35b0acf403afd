import { describe, expect, it } from 'vitest';
import { NO_SEARCH_FILTER, SearchExportPayload, withExportDefaults, withSearchDefaults } from './search.ts';

describe('search bodies that leave fields out', () => {
  it('search: no text, no filter, the first page of 10; what the body gives wins', () => {
    expect(withSearchDefaults({})).toEqual({ ...NO_SEARCH_FILTER, hitsToSkip: 0, hitsToReturn: 10 });
    expect(withSearchDefaults({ query: 'propan', hitsToReturn: 25 })).toMatchObject({
      query: 'propan',
      hitsToReturn: 25,
      counties: [],
    });
  });

  it('export: every hit, the schema’s largest hitsToReturn', () => {
    const all = withExportDefaults({});
    expect(all).toMatchObject({ ...NO_SEARCH_FILTER, hitsToSkip: 0 });
    expect(all.hitsToReturn).toBe((SearchExportPayload.properties.hitsToReturn as { maximum?: number }).maximum);
    expect(withExportDefaults({ hitsToReturn: 3 }).hitsToReturn).toBe(3);
  });
});
