import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

// The identity provider is a foreign edge: oidc-client-ts is replaced by a scripted manager.
const manager = vi.hoisted(() => ({
  settings: null as Record<string, unknown> | null,
  getUser: vi.fn(),
  signinRedirect: vi.fn(),
  signinRedirectCallback: vi.fn(),
  signinSilent: vi.fn(),
  signoutRedirect: vi.fn(),
  removeUser: vi.fn(),
  clearStaleState: vi.fn(),
}));

vi.mock('oidc-client-ts', () => {
  class ErrorResponse extends Error {
    error: string;
    error_description: string | null;
    constructor(args: { error: string; error_description?: string }) {
      super(args.error);
      this.error = args.error;
      this.error_description = args.error_description ?? null;
    }
  }
  class UserManager {
    constructor(settings: Record<string, unknown>) {
      manager.settings = settings;
      // biome-ignore lint/correctness/noConstructorReturn: the scripted manager stands in for the real one
      return manager as unknown as UserManager;
    }
  }
  class WebStorageStateStore {}
  return { ErrorResponse, UserManager, WebStorageStateStore };
});

const { ErrorResponse } = await import('oidc-client-ts');
const { authStore } = await import('./auth-store.ts');
const { startSession, signOut } = await import('./oidc-session.ts');

const CONFIG = {
  authority: 'http://localhost/idp',
  clientId: 'fast-web',
  scope: 'openid profile offline_access',
  redirectPath: '/auth/callback',
  postLogoutRedirectPath: '/',
};

function user(overrides: Record<string, unknown> = {}) {
  return {
    access_token: 'e30.e30.sig',
    refresh_token: 'refresh-1',
    expired: false,
    expires_in: 300,
    state: undefined,
    profile: { sub: 's', preferred_username: 'oslo.brann', given_name: 'Kari', family_name: 'Nordmann' },
    ...overrides,
  };
}

describe('the session', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Response.json(CONFIG)),
    );
    for (const fn of Object.values(manager)) if (typeof fn === 'function') fn.mockReset();
    manager.clearStaleState.mockResolvedValue(undefined);
    manager.removeUser.mockResolvedValue(undefined);
    manager.signinRedirect.mockResolvedValue(undefined);
    authStore.set({ status: 'initialising' });
    history.replaceState(null, '', '/');
  });

  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('starts the client from GET /config, with the callback state in local storage for an hour', async () => {
    manager.getUser.mockResolvedValue(user());
    await startSession();
    expect(manager.settings).toMatchObject({
      authority: CONFIG.authority,
      client_id: 'fast-web',
      redirect_uri: `${location.origin}/auth/callback`,
      post_logout_redirect_uri: `${location.origin}/`,
      response_type: 'code',
      staleStateAgeInSeconds: 3600,
    });
    expect(authStore.get()).toMatchObject({
      status: 'authenticated',
      user: { fullName: 'Kari Nordmann', username: 'oslo.brann' },
    });
  });

  it('signs in when there is no session, coming back to the current path', async () => {
    history.replaceState(null, '', '/search?q=propan');
    manager.getUser.mockResolvedValue(null);
    await startSession();
    expect(authStore.get().status).toBe('signing-in');
    expect(manager.signinRedirect).toHaveBeenCalledWith({ state: { returnTo: '/search?q=propan' } });
  });

  it('completes the callback and puts the app path back, never a foreign one', async () => {
    history.replaceState(null, '', '/auth/callback?code=c&state=s');
    manager.signinRedirectCallback.mockResolvedValue(user({ state: { returnTo: '/anlegg/12' } }));
    await startSession();
    expect(location.pathname).toBe('/anlegg/12');

    history.replaceState(null, '', '/auth/callback?code=c&state=s');
    manager.signinRedirectCallback.mockResolvedValue(user({ state: { returnTo: '//evil.example/x' } }));
    await startSession();
    expect(location.pathname).toBe('/');
  });

  it('turns a failed callback into FAILED_AUTHENTICATION with the provider’s description', async () => {
    history.replaceState(null, '', '/auth/callback?error=access_denied');
    manager.signinRedirectCallback.mockRejectedValue(new ErrorResponse({ error: 'access_denied', error_description: 'Nektet' }));
    await startSession();
    expect(authStore.get()).toEqual({ status: 'failed', error: 'access_denied', description: 'Nektet' });
  });

  it('says "config-error" when GET /config fails', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(null, { status: 503 })),
    );
    await startSession();
    expect(authStore.get().status).toBe('config-error');
  });

  it('checks every 10 s and refreshes when less than 60 s of validity is left', async () => {
    manager.getUser.mockResolvedValue(user());
    await startSession();
    manager.getUser.mockResolvedValue(user({ expires_in: 59 }));
    manager.signinSilent.mockResolvedValue(user({ access_token: 'e30.e30.new' }));
    await vi.advanceTimersByTimeAsync(9_999);
    expect(manager.signinSilent).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(manager.signinSilent).toHaveBeenCalledTimes(1);
    expect(authStore.get()).toMatchObject({ status: 'authenticated', user: { accessToken: 'e30.e30.new' } });
  });

  it('clears the token and signs in again when the provider refuses the refresh', async () => {
    manager.getUser.mockResolvedValue(user());
    await startSession();
    manager.getUser.mockResolvedValue(user({ expires_in: 5 }));
    manager.signinSilent.mockRejectedValue(new ErrorResponse({ error: 'invalid_grant' }));
    await vi.advanceTimersByTimeAsync(10_000);
    expect(manager.removeUser).toHaveBeenCalled();
    expect(manager.signinRedirect).toHaveBeenCalled();
    expect(authStore.get().status).toBe('signing-in');
  });

  it('keeps the session when a refresh fails for want of a network, and tries again', async () => {
    manager.getUser.mockResolvedValue(user());
    await startSession();
    manager.getUser.mockResolvedValue(user({ expires_in: 30 }));
    manager.signinSilent.mockRejectedValue(new TypeError('Failed to fetch'));
    await vi.advanceTimersByTimeAsync(20_000);
    expect(manager.signinSilent).toHaveBeenCalledTimes(2);
    expect(manager.signinRedirect).not.toHaveBeenCalled();
  });

  it('notices within 5 s a session that is gone', async () => {
    manager.getUser.mockResolvedValue(user());
    await startSession();
    manager.getUser.mockResolvedValue(null);
    await vi.advanceTimersByTimeAsync(5_000);
    expect(manager.signinRedirect).toHaveBeenCalled();
  });

  it('after signing out, shows the signed-out card instead of signing in again', async () => {
    manager.getUser.mockResolvedValue(user());
    await startSession();
    manager.signoutRedirect.mockResolvedValue(undefined);
    await signOut();
    expect(manager.signoutRedirect).toHaveBeenCalled();
    // Back from the provider: a new page load.
    await startSession();
    expect(authStore.get().status).toBe('signed-out');
    expect(manager.signinRedirect).not.toHaveBeenCalled();
  });
});
