import type { Municipality, MunicipalityAccessEntry } from '@fast/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AccessOverview } from './access-overview.tsx';

// Designsystemet's Details animates its opening; happy-dom has no animations.
if (!('getAnimations' in document)) Object.assign(document, { getAnimations: () => [] });

const MUNICIPALITIES: Municipality[] = [
  { id: '0301', name: 'Oslo', countyId: '03', countyName: 'Oslo' },
  { id: '3201', name: 'Bærum', countyId: '32', countyName: 'Akershus' },
  { id: '3203', name: 'Asker', countyId: '32', countyName: 'Akershus' },
];
const entry = (municipality: Municipality, given: boolean): MunicipalityAccessEntry => ({
  municipalityCode: municipality.id,
  municipalityName: municipality.name,
  countyId: municipality.countyId,
  countyName: municipality.countyName,
  given,
  status: given ? 'ACTIVE' : 'PENDING',
  requestedAt: '2026-11-01T10:00:00.000Z',
  decidedAt: null,
  denyReason: null,
});

const answer = (body: unknown) =>
  new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } });
const fakeFetch = vi.fn<typeof fetch>(async (input, init) => {
  const url = new URL(String(input), 'http://localhost');
  if (url.pathname === '/api/v1/municipalities') return answer(MUNICIPALITIES);
  if (url.pathname === '/api/v1/municipality-access' && init?.method === 'POST') {
    const { municipalityCodes } = JSON.parse(String(init.body)) as { municipalityCodes: string[] };
    return answer(MUNICIPALITIES.filter((m) => municipalityCodes.includes(m.id)).map((m) => entry(m, false)));
  }
  if (url.pathname === '/api/v1/municipality-access') return answer([entry(MUNICIPALITIES[0] as Municipality, true)]);
  return new Promise<Response>(() => {});
});
beforeEach(() => vi.stubGlobal('fetch', fakeFetch));
afterEach(() => vi.unstubAllGlobals());

function Location() {
  const location = useLocation();
  return <output data-testid="location">{location.search}</output>;
}

function renderOverview(url: string) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[url]}>
        <AccessOverview organisationNumber="910000047" />
        <Location />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('the access page', () => {
  it('empties the filter once the request is sent, so that what is left to request shows', async () => {
    renderOverview('/access?kommune=asker');
    const filter = await screen.findByRole('searchbox', { name: 'Finn kommune' });
    expect((filter as HTMLInputElement).value).toBe('asker');
    fireEvent.click(screen.getByRole('checkbox', { name: 'Asker' }));
    fireEvent.click(screen.getByRole('button', { name: 'Be om tilgang' }));
    await waitFor(() => expect((filter as HTMLInputElement).value).toBe(''));
    expect(screen.getByTestId('location').textContent).toBe('');
    expect(screen.queryByText(/Ingen kommuner passer/)).toBeNull();
    expect(screen.getByRole('checkbox', { name: 'Bærum' })).toBeTruthy();
    expect(screen.queryByRole('checkbox', { name: 'Asker' })).toBeNull();
  });
});
