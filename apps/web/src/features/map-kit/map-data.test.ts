import { type MapFacilitiesPage, type MapFacilityTuple, ORG_HEADER } from '@fast/contracts';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../api/api-error.ts';
import { inFlightStore } from '../../api/in-flight.ts';
import { setRequestContext } from '../../api/request-context.ts';
import { toastStore } from '../../shell/toasts/toast-store.ts';
import type { MapData } from './map-data.ts';

/**
 * The page's side (map-data.ts) and the worker's (map-data.worker.ts) joined in one thread: a
 * fake Worker hands each message, structured-cloned as postMessage would, to the real worker
 * module, and the worker's answers back. Only fetch is faked.
 */
const workerScope: {
  location: string;
  postMessage(message: unknown): void;
  onmessage: ((event: { data: unknown }) => void) | null;
} = {
  // Vite resolves the worker's address against self.location.
  location: 'http://localhost/',
  postMessage: (message) => page?.onmessage?.({ data: structuredClone(message) }),
  onmessage: null,
};
let page: FakeWorker | null = null;
class FakeWorker {
  onmessage: ((event: { data: unknown }) => void) | null = null;
  onerror: ((event: unknown) => void) | null = null;
  constructor() {
    page = this;
  }
  postMessage(message: unknown) {
    const copy = structuredClone(message);
    queueMicrotask(() => workerScope.onmessage?.({ data: copy }));
  }
  terminate() {}
}

// Three facilities at one position in Bergen, one in Oslo, one in Tromsø.
const TUPLES: MapFacilityTuple[] = [
  [1, 5.32, 60.39, 'Kaien', 0, 0, 1],
  [2, 5.32, 60.39, 'Kaien 2', 2, 0, 1],
  [3, 5.32, 60.39, null, 1, 1, 12],
  [4, 10.75, 59.91, 'Oslo', 0, 0, 2],
  [5, 18.95, 69.65, 'Tromsø', 0, 0, 3],
];
const PAGE: MapFacilitiesPage = {
  facilities: TUPLES,
  hasMoreResults: false,
  pitId: '6f1c1f5e-8d0f-4a43-9a4b-0c3e5f0b1a2c',
  continueFrom: null,
  totalCount: TUPLES.length,
};
const NORWAY: [number, number, number, number] = [-10, 50, 40, 75];

let loadMapData: typeof import('./map-data.ts').loadMapData;
let MapDataError: typeof import('./map-data.ts').MapDataError;

function stubWorker() {
  vi.stubGlobal('self', workerScope);
  vi.stubGlobal('Worker', FakeWorker);
}

beforeAll(async () => {
  stubWorker();
  await import('./map-data.worker.ts');
  ({ loadMapData, MapDataError } = await import('./map-data.ts'));
});

beforeEach(() => {
  stubWorker();
  setRequestContext({ accessToken: () => 'token', organisationNumber: () => '910000048' });
  toastStore.set([]);
});
afterEach(() => vi.unstubAllGlobals());

const answer = (status: number, body: unknown) =>
  vi.fn<typeof fetch>(
    async () => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } }),
  );

describe('loadMapData', () => {
  it('fetches and clusters in the worker, with the credentials, and answers the page’s questions', async () => {
    const fetchMock = answer(200, PAGE);
    vi.stubGlobal('fetch', fetchMock);
    const progress: number[] = [];
    let fetched = false;
    const data: MapData = await loadMapData(
      { kind: 'all' },
      {
        signal: new AbortController().signal,
        onProgress: ({ loaded }) => progress.push(loaded),
        onFetched: () => (fetched = true),
      },
    );
    const headers = new Headers(fetchMock.mock.calls[0]?.[1]?.headers);
    expect(headers.get('Authorization')).toBe('Bearer token');
    expect(headers.get(ORG_HEADER)).toBe('910000048');
    expect([progress, fetched, data.size, data.bounds]).toEqual([[5], true, 5, [5.32, 59.91, 18.95, 69.65]]);
    expect(inFlightStore.get().post).toBe(0);

    // The whole country at zoom 3: every facility is counted once in what is drawn.
    const clusters = await data.clusters(NORWAY, 3);
    expect(clusters.reduce((sum, feature) => sum + feature.properties.count, 0)).toBe(5);
    // Zoomed in on Bergen: one point for the three facilities at one position, with its count.
    const bergen = await data.clusters([5.3, 60.38, 5.34, 60.4], 16);
    expect(bergen.map((f) => [f.properties.cluster, f.properties.count])).toEqual([[false, 3]]);
    expect((await data.samePosition(2)).map((f) => f.id)).toEqual([1, 2, 3]);
    expect(await data.samePosition(2)).toContainEqual(expect.objectContaining({ id: 3, name: null, explosives: true }));
    expect(await data.samePosition(4)).toEqual([expect.objectContaining({ id: 4, name: 'Oslo', majorAccident: 'NOT_AFFECTED' })]);
    expect(await data.samePosition(99)).toEqual([]);

    data.release();
    expect(await data.clusters(NORWAY, 3)).toEqual([]);
    expect(await data.samePosition(2)).toEqual([]);
  });

  it('reports a failure once, as the HTTP client would, and rejects with the ApiError', async () => {
    const body = { reference: 'abc', type: 'DATABASE_UNAVAILABLE', message: 'Databasen svarer ikke' };
    vi.stubGlobal('fetch', answer(503, body));
    const failed = loadMapData({ kind: 'filtered', filter: {} as never }, { signal: new AbortController().signal });
    await expect(failed).rejects.toBeInstanceOf(ApiError);
    await expect(failed).rejects.toMatchObject({ kind: 'http', status: 503, body });
    expect(toastStore.get()).toHaveLength(1);
    expect(inFlightStore.get().post).toBe(0);
  });

  it('shows the catalogue’s generic text, never English, when the worker fails without an API error', async () => {
    // A body that is no page: the worker fails on it, not the HTTP client.
    vi.stubGlobal('fetch', answer(200, {}));
    const failed = loadMapData({ kind: 'all' }, { signal: new AbortController().signal });
    await expect(failed).rejects.toBeInstanceOf(MapDataError);
    expect(toastStore.get().map((toast) => [toast.kind, toast.message, toast.reference])).toEqual([
      ['error', { key: 'errors.UNEXPECTED_ERROR' }, null],
    ]);
    expect(inFlightStore.get().post).toBe(0);
  });

  it('shows the generic text, not the browser’s words, when the worker stops; the next load starts a new one', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn<typeof fetch>(() => new Promise(() => {})),
    );
    const stopped = loadMapData({ kind: 'all' }, { signal: new AbortController().signal });
    await Promise.resolve();
    const crashed = page;
    crashed?.onerror?.({ message: 'Uncaught SyntaxError: Unexpected token', preventDefault: () => {} });
    await expect(stopped).rejects.toMatchObject({ name: 'MapDataError', cause: 'Uncaught SyntaxError: Unexpected token' });
    expect(toastStore.get().map((toast) => toast.message)).toEqual([{ key: 'errors.UNEXPECTED_ERROR' }]);

    vi.stubGlobal('fetch', answer(200, PAGE));
    const data = await loadMapData({ kind: 'all' }, { signal: new AbortController().signal });
    expect([data.size, page === crashed]).toEqual([5, false]);
  });

  it('drops a cancelled load without a word', async () => {
    vi.stubGlobal('fetch', answer(200, PAGE));
    const controller = new AbortController();
    const loading = loadMapData({ kind: 'all' }, { signal: controller.signal });
    controller.abort();
    await expect(loading).rejects.toMatchObject({ name: 'AbortError' });
    expect(toastStore.get()).toHaveLength(0);
    expect(inFlightStore.get().post).toBe(0);
  });
});
