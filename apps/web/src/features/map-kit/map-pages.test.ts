import type { MapFacilitiesPage, MapFacilityTuple } from '@fast/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fetchApi } from '../../api/fetch-api.ts';
import { fetchAllMapFacilities, type PostJson } from './map-pages.ts';

const PIT = '6f1c1f5e-8d0f-4a43-9a4b-0c3e5f0b1a2c';
const tuple = (id: number): MapFacilityTuple => [id, 10, 60, `Anlegg ${id}`, 0, 0, 1];

/** A snapshot of `total` facilities (ids 1…total) answered in pages, later pages sooner. */
function fakeServer(total: number) {
  const asked: { pitId?: string; continueFrom?: number; pageSize: number }[] = [];
  const fetchMock = vi.fn<typeof fetch>(async (_url, init) => {
    const query = JSON.parse(String(init?.body)) as { pitId?: string; continueFrom?: number; pageSize: number };
    asked.push(query);
    const from = query.continueFrom ?? 0;
    const end = Math.min(from + query.pageSize, total);
    const page: MapFacilitiesPage = {
      facilities: Array.from({ length: end - from }, (_, i) => tuple(from + i + 1)),
      hasMoreResults: end < total,
      pitId: PIT,
      continueFrom: end < total ? end : null,
      totalCount: total,
    };
    await new Promise((resolve) => setTimeout(resolve, (total - from) / 1000));
    return new Response(JSON.stringify(page), { status: 200, headers: { 'Content-Type': 'application/json' } });
  });
  return { fetchMock, asked };
}

const post: PostJson = (path, body, signal) =>
  fetchApi('POST', path, { accessToken: 'token', organisationNumber: '910000048' }, { body, signal });

describe('fetchAllMapFacilities', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('puts every page of one snapshot together in order, each facility once', async () => {
    const { fetchMock, asked } = fakeServer(45_678);
    vi.stubGlobal('fetch', fetchMock);
    const progress: number[] = [];
    const facilities = await fetchAllMapFacilities(post, ({ loaded }) => progress.push(loaded), new AbortController().signal);
    expect(facilities.map(([id]) => id)).toEqual(Array.from({ length: 45_678 }, (_, i) => i + 1));
    expect(asked[0]).toEqual({ pageSize: 10_000 });
    expect(asked.slice(1).map((q) => q.continueFrom)).toEqual([10_000, 20_000, 30_000, 40_000]);
    expect(asked.slice(1).every((q) => q.pitId === PIT && q.pageSize === 10_000)).toBe(true);
    expect(progress.at(-1)).toBe(45_678);
  });

  it('asks once when the first page holds everything', async () => {
    const { fetchMock, asked } = fakeServer(3);
    vi.stubGlobal('fetch', fetchMock);
    expect(await fetchAllMapFacilities(post, () => {}, new AbortController().signal)).toHaveLength(3);
    expect(asked).toHaveLength(1);
  });
});
