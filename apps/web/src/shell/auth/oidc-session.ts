import type { OidcClientConfig } from '@fast/contracts';
import { ErrorResponse, type User, UserManager, WebStorageStateStore } from 'oidc-client-ts';
import { getJson } from '../../api/http-client.ts';
import {
  OIDC_STATE_MAX_AGE_S,
  SESSION_CHECK_MS,
  STORAGE_KEYS,
  TOKEN_MIN_VALIDITY_S,
  TOKEN_REFRESH_CHECK_MS,
} from '../../config/constants.ts';
import { authStore } from './auth-store.ts';
import { type Claims, fullName, rolesOf } from './token-claims.ts';

let manager: UserManager | null = null;
const timers: ReturnType<typeof setInterval>[] = [];

interface SignInState {
  returnTo: string;
}

function currentPath(): string {
  return `${location.pathname}${location.search}${location.hash}`;
}

/** Only a path of this app: never "//evil.example" or an absolute URL from a tampered state. */
function safeReturnPath(state: unknown): string {
  const returnTo = (state as Partial<SignInState> | undefined)?.returnTo;
  return typeof returnTo === 'string' && returnTo.startsWith('/') && !returnTo.startsWith('//') ? returnTo : '/';
}

function setUser(user: User): void {
  authStore.set({
    status: 'authenticated',
    user: {
      accessToken: user.access_token,
      username: typeof user.profile.preferred_username === 'string' ? user.profile.preferred_username : user.profile.sub,
      fullName: fullName(user.profile as Claims),
      roles: rolesOf(user.access_token),
    },
  });
}

function failed(error: unknown): void {
  const response = error instanceof ErrorResponse ? error : null;
  authStore.set({
    status: 'failed',
    error: response?.error ?? null,
    description: response?.error_description ?? (error instanceof Error ? error.message : null),
  });
}

function stopTimers(): void {
  for (const timer of timers.splice(0)) clearInterval(timer);
}

/** A refresh the provider answered with an OAuth error (400: invalid_grant...) ends the session. */
async function refresh(userManager: UserManager): Promise<void> {
  try {
    const user = await userManager.signinSilent();
    if (user) setUser(user);
  } catch (error) {
    if (error instanceof ErrorResponse) {
      await userManager.removeUser();
      await signIn();
    }
    // Otherwise (network down) the next check tries again.
  }
}

function startTimers(userManager: UserManager): void {
  stopTimers();
  // Token refresh: every 10 s, renew when less than 60 s of validity is left.
  timers.push(
    setInterval(async () => {
      const user = await userManager.getUser();
      if (user?.refresh_token && (user.expires_in ?? 0) < TOKEN_MIN_VALIDITY_S) await refresh(userManager);
    }, TOKEN_REFRESH_CHECK_MS),
  );
  // Session check: every 5 s, a session that is gone (signed out elsewhere, expired without
  // a refresh token) starts a new sign-in instead of failing the next request.
  timers.push(
    setInterval(async () => {
      if (authStore.get().status !== 'authenticated') return;
      const user = await userManager.getUser();
      if (!user || (user.expired && !user.refresh_token)) {
        await userManager.removeUser();
        await signIn();
      }
    }, SESSION_CHECK_MS),
  );
}

function createManager(config: OidcClientConfig): UserManager {
  const origin = location.origin;
  return new UserManager({
    authority: config.authority,
    client_id: config.clientId,
    scope: config.scope,
    redirect_uri: origin + config.redirectPath,
    post_logout_redirect_uri: origin + config.postLogoutRedirectPath,
    response_type: 'code',
    // Renewal and session checks are ours (timers above) so that the intervals are the specification's.
    automaticSilentRenew: false,
    monitorSession: false,
    // The callback state survives a new tab or a crash, and is dropped after an hour.
    stateStore: new WebStorageStateStore({ store: localStorage }),
    staleStateAgeInSeconds: OIDC_STATE_MAX_AGE_S,
    userStore: new WebStorageStateStore({ store: sessionStorage }),
  });
}

/** Sends the browser to the identity provider; it comes back to the current path. */
export async function signIn(): Promise<void> {
  if (!manager) return;
  stopTimers();
  sessionStorage.removeItem(STORAGE_KEYS.signedOut);
  authStore.set({ status: 'signing-in' });
  const state: SignInState = { returnTo: currentPath() };
  try {
    await manager.signinRedirect({ state });
  } catch (error) {
    failed(error);
  }
}

/** Ends the session at the provider; the app comes back to a "signed out" card, not straight to a new sign-in. */
export async function signOut(): Promise<void> {
  if (!manager) return;
  stopTimers();
  sessionStorage.setItem(STORAGE_KEYS.signedOut, '1');
  try {
    await manager.signoutRedirect();
  } catch {
    await manager.removeUser();
    authStore.set({ status: 'signed-out' });
  }
}

/**
 * Starts the session: reads GET /config, waits for the provider, completes a callback or
 * reuses a stored session, else signs in. Never throws: failures become auth states.
 */
export async function startSession(): Promise<void> {
  let config: OidcClientConfig;
  try {
    config = await getJson<OidcClientConfig>('/config', { silent: true });
  } catch {
    authStore.set({ status: 'config-error' });
    return;
  }
  const userManager = createManager(config);
  manager = userManager;
  userManager.clearStaleState().catch(() => undefined);
  try {
    if (location.pathname === config.redirectPath) {
      const user = await userManager.signinRedirectCallback();
      history.replaceState(null, '', safeReturnPath(user.state));
      setUser(user);
      startTimers(userManager);
      return;
    }
    if (sessionStorage.getItem(STORAGE_KEYS.signedOut)) {
      await userManager.removeUser();
      authStore.set({ status: 'signed-out' });
      return;
    }
    const stored = await userManager.getUser();
    if (stored && !stored.expired) {
      setUser(stored);
      startTimers(userManager);
      return;
    }
    if (stored?.refresh_token) {
      await refresh(userManager);
      const { status } = authStore.get();
      if (status === 'authenticated') startTimers(userManager);
      if (status !== 'initialising') return;
    }
    await signIn();
  } catch (error) {
    failed(error);
  }
}
