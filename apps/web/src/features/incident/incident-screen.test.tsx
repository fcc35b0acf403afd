import {
  ADDRESS_SERVICE_HEADER,
  MajorAccidentValue,
  type NearbyFacility,
  type NearbyRequest,
  type NearbyResponse,
  type PlaceCandidate,
  QuantityUnit,
} from '@fast/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { configure, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CreateMap, IncidentOverlay, MapCallbacks, MapView } from '../map/map-view.ts';
import { IncidentScreen } from './incident-screen.tsx';

configure({ asyncUtilTimeout: 5000 });
if (!('getAnimations' in document)) Object.assign(document, { getAnimations: () => [] });

const KAIEN: PlaceCandidate = {
  label: 'Kaiveien 12, 5353 Ågotnes',
  kind: 'address',
  latitude: 60.4,
  longitude: 5.0,
  municipality: { id: '4626', name: 'Øygarden' },
};
// West of Utsira: in no municipality.
const AT_SEA: PlaceCandidate = {
  label: '59,300000° N 3,900000° Ø (WGS84)',
  kind: 'coordinate',
  latitude: 59.3,
  longitude: 3.9,
  municipality: null,
};
const PROPANE = { unNumber: '1978', name: 'Propan', nameNn: 'Propan', edition: '2016' };
const facility = (id: number, distanceMeters: number, bearingDegrees: number): NearbyFacility => ({
  id,
  name: `Anlegg ${id}`,
  privatePerson: false,
  address: { street: 'Kaiveien 12', postalCode: '5353', postalPlace: 'Ågotnes' },
  municipality: { id: '4626', name: 'Øygarden' },
  latitude: 60.4,
  longitude: 5.0,
  distanceMeters,
  bearingDegrees,
  majorAccident: MajorAccidentValue.PARAGRAPH_NINE,
  explosives: id === 2,
  substances: [{ name: 'Propan', nameNn: 'Propan', unNumber: '1978', quantity: 12.5, unit: QuantityUnit.TONN }],
  hazardDistances: {
    isolation: { ...PROPANE, metres: 100, table: 'guide', allDirections: true },
    evacuation: { ...PROPANE, metres: 800, table: 'guide', allDirections: false },
    fire: { ...PROPANE, metres: 1600, table: 'guide', allDirections: true },
  },
});

/** The map as the screen sees it: what it was asked to draw and mark. */
class FakeMap implements MapView {
  readonly incidents: (IncidentOverlay | null)[] = [];
  readonly highlighted: (number | null)[] = [];
  readonly callbacks: MapCallbacks;
  constructor(callbacks: MapCallbacks) {
    this.callbacks = callbacks;
  }
  setIncident = async (incident: IncidentOverlay | null) => void this.incidents.push(incident);
  setAreas = async () => {};
  highlightFacility = (id: number | null) => void this.highlighted.push(id);
  setData = async () => {};
  fitTo = () => {};
  flyTo = async () => {};
  zoomToCluster = async () => {};
  setGasPipes = async () => {};
  setGasVisible = async () => {};
  center = (): [number, number] => [5, 60];
  showPopup = () => {};
  closePopup = () => {};
  loadDrawing = async () => null;
  destroy = () => {};
}
let map: FakeMap | null = null;
const createMap: CreateMap = (_container, options) => {
  map = new FakeMap(options.callbacks);
  return map;
};

let nearby: (request: NearbyRequest) => NearbyResponse;
const nearbyRequests: NearbyRequest[] = [];
const placeQueries: string[] = [];
const answer = (body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json', ...headers } });
const fakeFetch = vi.fn<typeof fetch>(async (input, init) => {
  const url = new URL(String(input), 'http://localhost');
  if (url.pathname === '/api/frontend/config') return answer({ mapStyleUrl: null });
  if (url.pathname === '/api/v1/counties')
    return answer([{ id: '46', name: 'Vestland', children: [{ id: '4601', name: 'Bergen' }] }]);
  if (url.pathname === '/api/v1/places') {
    const q = url.searchParams.get('q') ?? '';
    placeQueries.push(q);
    if (q === '59.3, 3.9') return answer([AT_SEA]);
    // "Kaiveien 1…": Kartverket's address service did not answer (its header says so).
    return answer(q.startsWith('Kai') ? [KAIEN] : [], {
      [ADDRESS_SERVICE_HEADER]: q.startsWith('Kaiveien 1') ? 'unavailable' : 'off',
    });
  }
  if (url.pathname === '/api/v1/facilities/nearby') {
    const request = JSON.parse(String(init?.body)) as NearbyRequest;
    nearbyRequests.push(request);
    return answer(nearby(request));
  }
  return new Promise<Response>(() => {});
});

function Location() {
  const location = useLocation();
  return <output data-testid="location">{location.pathname + location.search}</output>;
}

function renderScreen(url: string) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[url]}>
        <IncidentScreen organisationNumber="910000048" createMap={createMap} />
        <Location />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}
const location = () => screen.getByTestId('location').textContent ?? '';

beforeEach(() => {
  map = null;
  nearbyRequests.length = 0;
  placeQueries.length = 0;
  nearby = (request) => ({
    center: { latitude: request.latitude, longitude: request.longitude },
    radiusMeters: request.radiusMeters,
    totalCount: 2,
    facilities: [facility(1, 0, 0), facility(2, 1234, 100)],
    substanceTotals: [],
  });
  vi.stubGlobal('fetch', fakeFetch);
});
afterEach(() => vi.unstubAllGlobals());

describe('the incident screen', () => {
  it('says what to do before a place is chosen, and asks nothing', () => {
    renderScreen('/hendelse');
    expect(screen.getByTestId('incident-empty').textContent).toMatch(/Skriv eller lim inn et sted/);
    expect(nearbyRequests).toEqual([]);
  });

  it('chooses a place with the keyboard and puts it in the URL with the radius', async () => {
    renderScreen('/hendelse');
    const field = screen.getByRole('combobox', { name: 'Sted eller koordinat' });
    fireEvent.change(field, { target: { value: 'Kaiv' } });
    await screen.findByRole('option', { name: /Kaiveien 12/ });
    expect(field.getAttribute('aria-expanded')).toBe('true');
    fireEvent.keyDown(field, { key: 'ArrowDown' });
    expect(field.getAttribute('aria-activedescendant')).toBe(screen.getByRole('option').id);
    fireEvent.keyDown(field, { key: 'Enter' });
    await waitFor(() => expect(location()).toBe('/hendelse?lat=60.400000&lon=5.000000&r=500&q=Kaiveien+12%2C+5353+%C3%85gotnes'));
    expect(field.getAttribute('aria-expanded')).toBe('false');
    await waitFor(() => expect(nearbyRequests).toContainEqual({ latitude: 60.4, longitude: 5, radiusMeters: 500 }));
  });

  it('says when Kartverket’s address service did not answer, and still lists the register’s places', async () => {
    renderScreen('/hendelse');
    const field = screen.getByRole('combobox', { name: 'Sted eller koordinat' });
    fireEvent.change(field, { target: { value: 'Kaiv' } });
    await screen.findByRole('option', { name: /Kaiveien 12/ });
    expect(screen.queryByText(/Adressetjenesten svarer ikke/)).toBeNull();
    fireEvent.change(field, { target: { value: 'Kaiveien 1' } });
    await screen.findByText('Adressetjenesten svarer ikke nå. Forslagene kommer bare fra registeret.');
    expect(screen.getByRole('option', { name: /Kaiveien 12/ })).toBeTruthy();
  });

  it('says of a place in no municipality that it is at sea or abroad, not where', async () => {
    renderScreen('/hendelse');
    fireEvent.change(screen.getByRole('combobox', { name: 'Sted eller koordinat' }), { target: { value: '59.3, 3.9' } });
    const option = await screen.findByRole('option', { name: /59,300000° N/ });
    expect(option.textContent).toContain('Koordinat · ingen kommune (sjø eller utland)');
  });

  it('lists distance, direction, name, major accident, explosives, hazard distances and what is stored; draws them; a row marks its facility', async () => {
    renderScreen('/hendelse?lat=60.4&lon=5&r=2000&q=Kaiveien');
    const table = await screen.findByTestId('incident-results');
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getAllByRole('cell')[0]?.textContent)).toEqual(['0 m', '1,2 km']);
    expect(within(rows[1] as HTMLElement).getByTitle('øst').textContent).toBe('Ø');
    expect(rows[1]?.textContent).toContain('Sikkerhetsrapportpliktig');
    expect(rows[0]?.textContent).toContain('Propan (UN 1978): 12,5');
    // Its largest hazard distances, as the map popup words them.
    const distances = within(rows[0] as HTMLElement).getAllByRole('cell')[7];
    expect(
      within(distances as HTMLElement)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      'Isolasjon: 100\u00a0m – Propan (UN 1978); ERG 2016, veiledningen',
      'Beskytt personer nedvinds: 800\u00a0m – Propan (UN 1978); ERG 2016, veiledningen',
      'Brann: 1,6\u00a0km – Propan (UN 1978); ERG 2016, veiledningen',
    ]);
    expect(within(table).getAllByRole('columnheader')[7]?.textContent).toBe('Sikkerhetsavstander');
    expect(
      within(rows[0] as HTMLElement)
        .getByRole('link', { name: 'Anlegg 1' })
        .getAttribute('href'),
    ).toBe('/anlegg/1');
    expect(screen.getByTestId('incident-count').textContent).toContain('2 anlegg innenfor 2 km');
    expect(screen.getByTestId('incident-point').textContent).toContain('32V 279680 6702651');

    await waitFor(() => expect(map?.incidents.at(-1)?.facilities.map((f) => f.id)).toEqual([1, 2]));
    expect(map?.incidents.at(-1)).toMatchObject({ center: [5, 60.4], radiusMeters: 2000 });
    fireEvent.mouseEnter(rows[1] as HTMLElement);
    await waitFor(() => expect(map?.highlighted.at(-1)).toBe(2));
    // The reverse: the map's marker marks the row.
    map?.callbacks.onHighlight?.(1);
    await waitFor(() => expect(rows[0]?.getAttribute('data-highlighted')).toBe('true'));
  });

  it('shows the nearest 500 first, and every facility on "Vis alle"', async () => {
    nearby = (request) => ({
      center: { latitude: request.latitude, longitude: request.longitude },
      radiusMeters: request.radiusMeters,
      totalCount: 620,
      facilities: Array.from({ length: 620 }, (_, i) => facility(i + 1, i * 10, 90)),
      substanceTotals: [],
    });
    renderScreen('/hendelse?lat=60.4&lon=5&r=5000');
    const results = await screen.findByTestId('incident-results');
    expect(within(results).getAllByRole('row')).toHaveLength(1 + 500);
    expect(screen.getByTestId('incident-count').textContent).toBe('620 anlegg innenfor 5 km. Listen viser de 500 nærmeste.');
    fireEvent.click(screen.getByRole('button', { name: 'Vis alle 620' }));
    await waitFor(() => expect(within(results).getAllByRole('row')).toHaveLength(1 + 620));
    expect(screen.getByTestId('incident-count').textContent).toBe('620 anlegg innenfor 5 km.');
    expect(screen.queryByTestId('incident-show-all')).toBeNull();
    // 1 120 table rows rendered in happy-dom: 3–4 s alone on a 2-core machine, more beside other suites.
  }, 20_000);

  it('offers the next larger radius when nothing lies within, and warns when the point is outside the scope', async () => {
    nearby = (request) => ({
      center: { latitude: request.latitude, longitude: request.longitude },
      radiusMeters: request.radiusMeters,
      totalCount: 0,
      facilities: [],
      substanceTotals: [],
    });
    renderScreen('/hendelse?lat=60.4&lon=5&r=300&q=Kaiveien');
    const none = await screen.findByTestId('incident-none');
    expect(none.textContent).toContain('innenfor 300 m');
    // Øygarden (the place's municipality) is not among the caller's municipalities.
    expect((await screen.findByTestId('incident-no-access')).textContent).toContain('Øygarden');
    fireEvent.click(within(none).getByRole('button', { name: 'Søk innenfor 500 m' }));
    await waitFor(() => expect(location()).toBe('/hendelse?lat=60.400000&lon=5.000000&r=500&q=Kaiveien'));
  });
});
