import type { FacilityDetail } from '@fast/contracts';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeApi, jsonResponse, pending, renderWithApp } from '../../test/render.tsx';
import { waterworks } from '../map-kit/protective-zones/test-fixtures.ts';
import { FacilityScreen } from './facility-screen.tsx';

const ORG = '910000048';

// Designsystemet's Skeleton synchronises its animation; happy-dom has no Web Animations.
if (!('getAnimations' in document)) Object.assign(document, { getAnimations: () => [] });

/** The waterworks (chlorine and propane) as the facility endpoint gives it whole. */
const WATERWORKS: FacilityDetail = {
  ...waterworks(),
  id: 1,
  organisationNumber: null,
  privatePerson: false,
  ownerType: 'BUSINESS',
  address: {
    street: 'Kismul 1',
    postalCode: '5003',
    postalPlace: 'Bergen',
    municipality: { id: '4601', name: 'Bergen' },
    county: { id: '46', name: 'Vestland' },
  },
  client: { owner: 'Bergen vann', name: null, info: null, organisationNumber: null },
  position: null,
  positionAccuracy: 'EXACT',
  majorAccident: 'NOT_AFFECTED',
  explosives: false,
  status: 'ACTIVE',
  registeredOn: '2020-01-01',
  updatedOn: '2024-01-01',
  firstSubstanceNotificationOn: null,
  units: [],
  substanceReportPath: '/api/v1/facilities/1/substance-report',
  briefingPath: '/api/v1/facilities/1/briefing',
  inspections: [],
  notifications: [],
  accidents: [],
} as FacilityDetail;

function renderFacility(id: number, url: string | { pathname: string; state: unknown } = `/anlegg/${id}`) {
  return renderWithApp(<FacilityScreen organisationNumber={ORG} facilityId={id} />, { url });
}

describe('the facility screen', () => {
  it('says the same for a facility that does not exist and one outside the scope: a heading, what to do, a link to access', async () => {
    // The server answers both with 404: the page cannot, and must not, tell them apart.
    fakeApi({
      'GET /api/v1/facilities/:id': () =>
        jsonResponse({ reference: 'r', type: 'NOT_FOUND', message: 'Not found' }, { status: 404 }),
    });
    renderFacility(999999);
    expect(await screen.findByRole('heading', { level: 1, name: 'Fant ikke anlegget' })).toBeTruthy();
    expect(screen.getByText('Vi fant ikke noe anlegg med ID 999999 som du har tilgang til.')).toBeTruthy();
    expect(screen.getByText('Sjekk at anleggs-ID-en er riktig.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Gå til Mine tilganger' }).getAttribute('href')).toBe('/access');
  });

  it('puts the hazards first, right under the title, before owner and coordinates', async () => {
    fakeApi({ 'GET /api/v1/facilities/:id': WATERWORKS });
    renderFacility(1);
    await screen.findByRole('region', { name: 'Informasjon' });
    const sections = [...document.querySelectorAll('section[data-section]')].map((s) => s.getAttribute('data-section'));
    expect(sections.slice(0, 3)).toEqual(['hazards', 'information', 'position']);
  });

  it('leads back to the incident or the map it was opened from, else to the search', () => {
    fakeApi({ 'GET /api/v1/facilities/:id': pending });
    const incident = '/hendelse?lat=60.391300&lon=5.322100&r=500';
    const first = renderFacility(1, { pathname: '/anlegg/1', state: { from: 'incident', returnUrl: incident } });
    let nav = within(screen.getByRole('navigation', { name: 'Navigasjon' }));
    expect(nav.getByRole('link', { name: 'Tilbake til hendelsen' }).getAttribute('href')).toBe(incident);
    expect(nav.queryByRole('link', { name: 'Tilbake til søket' })).toBeNull();
    first.unmount();

    const second = renderFacility(1, { pathname: '/anlegg/1', state: { from: 'map', returnUrl: '/kart/1' } });
    nav = within(screen.getByRole('navigation', { name: 'Navigasjon' }));
    expect(nav.getByRole('link', { name: 'Tilbake til kartet' }).getAttribute('href')).toBe('/kart/1');
    second.unmount();

    renderFacility(1);
    nav = within(screen.getByRole('navigation', { name: 'Navigasjon' }));
    expect(nav.getByRole('link', { name: 'Tilbake til søket' }).getAttribute('href')).toBe('/search');
  });
});
