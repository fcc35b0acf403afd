import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from 'react-router';
import { queryClient } from './api/query-client.ts';
import { getRouter } from './routes/router.tsx';
import { Analytics } from './shell/analytics/analytics.tsx';
import { useAuthState } from './shell/auth/auth-store.ts';
import { SigningInView } from './shell/auth/signing-in-view.tsx';

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
