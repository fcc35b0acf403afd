import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from 'react-router';
import { queryClient } from './api/query-client.ts';
import { Analytics } from './features/analytics/analytics.tsx';
import { useAuthState } from './features/auth/auth-store.ts';
import { SigningInView } from './features/auth/signing-in-view.tsx';
import { getRouter } from './routes/router.tsx';

/** Until the session has started (and a sign-in callback has restored the app's URL), there is nothing to route. */
export function App() {
  const { status } = useAuthState();
  return (
    <QueryClientProvider client={queryClient}>
      <Analytics />
      {status === 'initialising' || status === 'signing-in' ? <SigningInView /> : <RouterProvider router={getRouter()} />}
    </QueryClientProvider>
  );
}
