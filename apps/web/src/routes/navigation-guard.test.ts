import type { Reportee } from '@fast/contracts';
import type { LoaderFunctionArgs } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { queryClient } from '../api/query-client.ts';
import { setRequestContext } from '../api/request-context.ts';
import { authStore } from '../shell/auth/auth-store.ts';
import { organisationStore } from '../shell/organisation/organisation-store.ts';
import { toastStore } from '../shell/toasts/toast-store.ts';
import { navigationGuard } from './navigation-guard.ts';

const oslo: Reportee = { name: 'Oslo brann- og redningsetat', organizationNumber: '910000048' };
const signedIn = { status: 'authenticated', user: { accessToken: 't', username: 'u', fullName: 'U', roles: [] } } as const;

function args(path: string, signal = new AbortController().signal): LoaderFunctionArgs {
  return { request: new Request(`http://localhost${path}`, { signal }), params: {}, context: {} } as LoaderFunctionArgs;
}

async function redirectOf(promise: Promise<unknown>): Promise<string | null> {
  try {
    await promise;
    return null;
  } catch (thrown) {
    if (thrown instanceof Response) return thrown.headers.get('Location');
    throw thrown;
  }
}

describe('the navigation guard', () => {
  const fetchMock = vi.fn<typeof fetch>();

  beforeEach(() => {
    vi.stubGlobal('fetch', fetchMock);
    setRequestContext({ accessToken: () => 't', organisationNumber: () => null });
    queryClient.clear();
    organisationStore.set(null);
    authStore.set(signedIn);
    toastStore.set([]);
  });

  afterEach(() => {
    vi.unstubAllGlobals();
    vi.useRealTimers();
    fetchMock.mockReset();
  });

  it('proceeds at once when an organisation is selected', async () => {
    organisationStore.set(oslo);
    await expect(navigationGuard(args('/search'))).resolves.toBeNull();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('selects the stored organisation when it is still available', async () => {
    localStorage.setItem('organization', oslo.organizationNumber);
    fetchMock.mockResolvedValue(Response.json([oslo]));
    await expect(navigationGuard(args('/'))).resolves.toBeNull();
    expect(organisationStore.get()).toEqual(oslo);
  });

  it('sends to select-organisation when the stored one is no longer available, remembering the target', async () => {
    localStorage.setItem('organization', '999999999');
    fetchMock.mockResolvedValue(Response.json([oslo]));
    expect(await redirectOf(navigationGuard(args('/search')))).toBe('/selectorganization/?from=%2Fsearch');
    expect(organisationStore.get()).toBeNull();
  });

  it('ignores a failure to load the organisations, and sends to select-organisation', async () => {
    localStorage.setItem('organization', oslo.organizationNumber);
    fetchMock.mockResolvedValue(new Response(null, { status: 502 }));
    expect(await redirectOf(navigationGuard(args('/')))).toBe('/selectorganization/');
    expect(toastStore.get()).toEqual([]);
  });

  it('waits, polling every 50 ms, until the session is authenticated', async () => {
    vi.useFakeTimers();
    authStore.set({ status: 'initialising' });
    localStorage.setItem('organization', oslo.organizationNumber);
    fetchMock.mockResolvedValue(Response.json([oslo]));
    let settled = false;
    const pending = navigationGuard(args('/')).then(() => (settled = true));
    await vi.advanceTimersByTimeAsync(500);
    expect(settled).toBe(false);
    expect(fetchMock).not.toHaveBeenCalled();
    authStore.set(signedIn);
    await vi.advanceTimersByTimeAsync(50);
    await pending;
    expect(organisationStore.get()).toEqual(oslo);
  });
});
