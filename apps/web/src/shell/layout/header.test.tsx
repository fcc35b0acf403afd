import type { Reportee } from '@fast/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { i18next } from '../../i18n/i18n.ts';
import type { RouteHandle } from '../../routes/route-handle.ts';
import { routes } from '../../routes/router.tsx';
import { TEST_ORGANISATION } from '../../test/render.tsx';
import { authStore } from '../auth/auth-store.ts';
import { organisationStore } from '../organisation/organisation-store.ts';
import { Header } from './header.tsx';

/** The handle each route of the real routes table has, by path. */
function handleOf(path: string): RouteHandle | undefined {
  const walk = (list: typeof routes): RouteHandle | undefined => {
    for (const route of list) {
      if (route.path === path) return route.handle as RouteHandle;
      const found = route.children && walk(route.children);
      if (found) return found;
    }
    return undefined;
  };
  return walk(routes);
}

/** The header alone, under a data router (it reads the route's handle) at `url`. */
function renderHeader(url: string, organisation: Reportee | null, handle?: RouteHandle) {
  authStore.set({ status: 'authenticated', user: { accessToken: 't', username: 'ny.bruker', fullName: 'Ny Bruker', roles: [] } });
  organisationStore.set(organisation);
  if (i18next.language !== 'nb') void i18next.changeLanguage('nb');
  const router = createMemoryRouter([{ path: '*', element: <Header />, handle }], { initialEntries: [url] });
  render(
    <QueryClientProvider client={new QueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return within(screen.getByRole('banner'));
}

afterEach(() => {
  authStore.set({ status: 'initialising' });
  organisationStore.set(null);
});

describe('the header', () => {
  it('links to search, map and incident once an organisation is chosen, marking the current screen', () => {
    const header = renderHeader('/kart/12', TEST_ORGANISATION);
    const nav = within(header.getByRole('navigation', { name: 'Skjermbilder' }));
    expect(nav.getAllByRole('link').map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Søk', '/search'],
      ['Kart', '/kart'],
      ['Hendelse', '/hendelse'],
    ]);
    expect(nav.getByRole('link', { name: 'Kart' }).getAttribute('aria-current')).toBe('page');
    expect(nav.getByRole('link', { name: 'Søk' }).getAttribute('aria-current')).toBeNull();
  });

  it('shows no screen links to a user with no organisation (ny.bruker): every screen needs one', () => {
    const header = renderHeader('/selectorganization/', null);
    expect(header.queryByRole('navigation')).toBeNull();
    expect(header.queryByRole('link', { name: 'Hendelse' })).toBeNull();
    expect(header.queryByRole('link', { name: 'Søk' })).toBeNull();
  });

  it('has help on the incident page, as on the other screens', () => {
    const incident = handleOf('hendelse');
    expect(incident?.help).toBe('incident');
    const header = renderHeader('/hendelse', TEST_ORGANISATION, incident);
    expect(header.getByRole('button', { name: 'Hjelp' })).toBeTruthy();
  });
});
