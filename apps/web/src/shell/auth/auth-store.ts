import { createStore, useStore } from '../../lib/store.ts';

export interface AuthUser {
  accessToken: string;
  username: string;
  /** Given, middle and family name joined; the username when the token carries no name. */
  fullName: string;
  roles: readonly string[];
}

export type AuthState =
  | { status: 'initialising' }
  | { status: 'signing-in' }
  | { status: 'authenticated'; user: AuthUser }
  | { status: 'signed-out' }
  /** FAILED_AUTHENTICATION: the provider's error and description, when it gave them. */
  | { status: 'failed'; error: string | null; description: string | null }
  /** GET /config failed: "Noe gikk galt!". */
  | { status: 'config-error' };

export const authStore = createStore<AuthState>({ status: 'initialising' });

export function isAuthenticated(): boolean {
  return authStore.get().status === 'authenticated';
}

export function accessToken(): string | null {
  const state = authStore.get();
  return state.status === 'authenticated' ? state.user.accessToken : null;
}

export function useAuthState(): AuthState {
  return useStore(authStore);
}

export function useAuthUser(): AuthUser | null {
  return useStore(authStore, (state) => (state.status === 'authenticated' ? state.user : null));
}
