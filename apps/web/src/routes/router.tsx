import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { PageLoading } from '../components/page-loading.tsx';
import { LandingPage } from '../pages/landing-page.tsx';
import { navigationGuard } from './navigation-guard.ts';
import { RootLayout } from './root-layout.tsx';
import { RouteError } from './route-error.tsx';
import type { RouteHandle } from './route-handle.ts';

const handle = (value: RouteHandle) => value;

/**
 * The routes table of the specification (section 2). Only the landing page is in the main
 * bundle; every other screen is its own chunk, loaded on first visit.
 */
export const routes: RouteObject[] = [
  {
    path: '/',
    Component: RootLayout,
    children: [
      {
        errorElement: <RouteError />,
        HydrateFallback: () => <PageLoading />,
        children: [
          {
            path: 'selectorganization',
            handle: handle({ title: 'selectOrganisation' }),
            lazy: () => import('../pages/select-organisation-page.tsx').then((m) => ({ Component: m.SelectOrganisationPage })),
          },
          {
            id: 'guarded',
            loader: navigationGuard,
            shouldRevalidate: () => true,
            HydrateFallback: () => <PageLoading />,
            children: [
              { index: true, Component: LandingPage, handle: handle({ title: 'landing', help: 'landing' }) },
              {
                path: 'search',
                handle: handle({ title: 'search', help: 'search' }),
                lazy: () => import('../pages/search-page.tsx').then((m) => ({ Component: m.SearchPage })),
              },
              {
                path: 'anlegg/:facilityId',
                handle: handle({ title: 'facility', help: 'facility' }),
                lazy: () => import('../pages/facility-page.tsx').then((m) => ({ Component: m.FacilityRoute })),
              },
              {
                path: 'kart/:facilityId?',
                handle: handle({ title: 'map', help: 'map' }),
                lazy: () => import('../pages/map-page.tsx').then((m) => ({ Component: m.MapRoute })),
              },
              {
                path: 'hendelse',
                handle: handle({ title: 'incident', help: 'incident' }),
                lazy: () => import('../pages/incident-page.tsx').then((m) => ({ Component: m.IncidentPage })),
              },
              {
                path: 'access',
                handle: handle({ title: 'access', help: 'access' }),
                lazy: () => import('../pages/access-page.tsx').then((m) => ({ Component: m.AccessPage })),
              },
              {
                path: 'admin',
                handle: handle({ title: 'admin' }),
                lazy: () => import('../pages/admin-page.tsx').then((m) => ({ Component: m.AdminPage })),
              },
            ],
          },
          {
            path: '404',
            handle: handle({ title: 'notFound' }),
            lazy: () => import('../pages/not-found-page.tsx').then((m) => ({ Component: m.NotFoundPage })),
          },
          // Reached only if the sign-in callback was already handled (a reload): nothing to do here.
          { path: 'auth/callback', element: <Navigate to="/" replace /> },
          { path: '*', element: <Navigate to="/404" replace /> },
        ],
      },
    ],
  },
];

let router: ReturnType<typeof createBrowserRouter> | null = null;

/** Created on first use, after the sign-in callback has put the app's own URL back in the address bar. */
export function getRouter(): ReturnType<typeof createBrowserRouter> {
  router ??= createBrowserRouter(routes);
  return router;
}
