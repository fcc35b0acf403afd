import type { Municipality, MunicipalityAccessEntry } from '@fast/contracts';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { fakeApi, renderWithApp } from '../../test/render.tsx';
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

beforeEach(() => {
  fakeApi({
    'GET /api/v1/municipalities': MUNICIPALITIES,
    'POST /api/v1/municipality-access': ({ body }) => {
      const { municipalityCodes } = body as { municipalityCodes: string[] };
      return MUNICIPALITIES.filter((m) => municipalityCodes.includes(m.id)).map((m) => entry(m, false));
    },
    'GET /api/v1/municipality-access': [entry(MUNICIPALITIES[0] as Municipality, true)],
  });
});

let location: () => string;
function renderOverview(url: string) {
  ({ location } = renderWithApp(<AccessOverview organisationNumber="910000047" />, { url }));
}

describe('the access page', () => {
  it('empties the filter once the request is sent, so that what is left to request shows', async () => {
    renderOverview('/access?kommune=asker');
    const filter = await screen.findByRole('searchbox', { name: 'Finn kommune' });
    expect((filter as HTMLInputElement).value).toBe('asker');
    fireEvent.click(screen.getByRole('checkbox', { name: 'Asker' }));
    fireEvent.click(screen.getByRole('button', { name: 'Be om tilgang' }));
    await waitFor(() => expect((filter as HTMLInputElement).value).toBe(''));
    expect(location()).toBe('/access');
    expect(screen.queryByText(/Ingen kommuner passer/)).toBeNull();
    expect(screen.getByRole('checkbox', { name: 'Bærum' })).toBeTruthy();
    expect(screen.queryByRole('checkbox', { name: 'Asker' })).toBeNull();
  });
});
