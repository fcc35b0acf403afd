import { QueryClient } from '@tanstack/react-query';

/**
 * Server state. Failures are reported by the HTTP client itself (once, as a toast), so
 * queries do not retry behind the user's back.
 */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { retry: false, refetchOnWindowFocus: false, staleTime: 60_000 },
    mutations: { retry: false },
  },
});
