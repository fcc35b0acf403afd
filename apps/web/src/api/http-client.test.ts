import { ORG_HEADER } from '@fast/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { toastStore } from '../shell/toasts/toast-store.ts';
import { ApiError } from './api-error.ts';
import { getJson, postJson } from './http-client.ts';
import { inFlightStore, isMethodActive } from './in-flight.ts';
import { setRequestContext } from './request-context.ts';

const REFERENCE = '7d1c4e0e-8f55-4f63-9a86-0d2a3c3b9f10';
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

describe('the HTTP client', () => {
  const fetchMock = vi.fn<typeof fetch>();

  beforeEach(() => {
    vi.stubGlobal('fetch', fetchMock);
    setRequestContext({ accessToken: () => 'token-1', organisationNumber: () => '910000048' });
    toastStore.set([]);
    inFlightStore.set({});
  });

  afterEach(() => {
    vi.unstubAllGlobals();
    vi.useRealTimers();
    fetchMock.mockReset();
  });

  it('sends the bearer token and organisation header, relative to "/"', async () => {
    fetchMock.mockResolvedValue(json(200, [{ id: '03' }]));
    await expect(getJson('/api/v1/counties')).resolves.toEqual([{ id: '03' }]);
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('/api/v1/counties');
    const headers = new Headers(init?.headers);
    expect(headers.get('Authorization')).toBe('Bearer token-1');
    expect(headers.get(ORG_HEADER)).toBe('910000048');
  });

  it('leaves out the headers it has no value for', async () => {
    setRequestContext({ accessToken: () => null, organisationNumber: () => null });
    fetchMock.mockResolvedValue(json(200, {}));
    await getJson('/config');
    const headers = new Headers(fetchMock.mock.calls[0]?.[1]?.headers);
    expect(headers.has('Authorization')).toBe(false);
    expect(headers.has(ORG_HEADER)).toBe(false);
  });

  it('tracks requests in flight per lower-cased method', async () => {
    let answer: (response: Response) => void = () => undefined;
    fetchMock.mockReturnValue(new Promise((resolve) => (answer = resolve)));
    const pending = postJson('/api/v1/terms/accept', { version: 1 });
    expect(isMethodActive('post')).toBe(true);
    expect(isMethodActive('get')).toBe(false);
    answer(json(200, { hasAccepted: true }));
    await pending;
    expect(isMethodActive('post')).toBe(false);
  });

  it('reports a 500 as an error toast with the reference to copy', async () => {
    fetchMock.mockResolvedValue(json(500, { reference: REFERENCE, type: 'UNEXPECTED_ERROR', message: 'Noe gikk galt' }));
    const error = await getJson('/api/v1/statusmessage').catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(toastStore.get()).toMatchObject([
      { kind: 'error', message: { key: 'errors.UNEXPECTED_ERROR' }, reference: REFERENCE, durationMs: 30_000 },
    ]);
    expect(isMethodActive('get')).toBe(false);
  });

  it('stays quiet when asked to', async () => {
    fetchMock.mockResolvedValue(json(403, { reference: REFERENCE, type: 'ACCESS_DENIED', message: 'Nei' }));
    await expect(getJson('/api/v1/reportees', { silent: true })).rejects.toMatchObject({ status: 403 });
    expect(toastStore.get()).toEqual([]);
  });

  it('gives up after the timeout with the TIMEOUT text', async () => {
    vi.useFakeTimers();
    fetchMock.mockImplementation(
      (_url, init) =>
        new Promise((_resolve, reject) =>
          init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))),
        ),
    );
    const pending = getJson('/api/v1/counties').catch((caught: unknown) => caught);
    await vi.advanceTimersByTimeAsync(30_000);
    expect(await pending).toMatchObject({ kind: 'timeout' });
    expect(toastStore.get()).toMatchObject([{ kind: 'error', message: { key: 'errors.TIMEOUT' } }]);
  });

  it('does not report a request its caller cancelled', async () => {
    const controller = new AbortController();
    fetchMock.mockImplementation(
      (_url, init) =>
        new Promise((_resolve, reject) =>
          init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))),
        ),
    );
    const pending = getJson('/api/v1/counties', { signal: controller.signal });
    controller.abort();
    await expect(pending).rejects.toThrow();
    expect(toastStore.get()).toEqual([]);
  });

  it('reports no answer at all as an unexpected error', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    await expect(getJson('/api/v1/counties')).rejects.toMatchObject({ kind: 'network' });
    expect(toastStore.get()).toMatchObject([{ message: { key: 'errors.UNEXPECTED_ERROR' }, reference: null }]);
  });
});
