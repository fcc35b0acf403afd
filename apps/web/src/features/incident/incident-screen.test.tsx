import {
  ADDRESS_SERVICE_HEADER,
  type FrontendConfig,
  MajorAccidentValue,
  type NearbyCenter,
  type NearbyFacility,
  type NearbyRequest,
  type NearbyResponse,
  PLACE_HINT_HEADER,
  type PlaceCandidate,
  PlaceHint,
  QuantityUnit,
  type VulnerableWithinRequest,
  type VulnerableWithinResponse,
} from '@fast/contracts';
import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type FakeApi, fakeApi, jsonResponse, pending, renderWithApp } from '../../test/render.tsx';
import type { CreateMap, IncidentOverlay, MapCallbacks, MapView, VulnerablePoint } from '../map-kit/map-view.ts';
import { VULNERABLE_LAYER, vulnerableInside, vulnerableObject } from '../map-kit/protective-zones/test-fixtures.ts';
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
// A facility on Storgata, found by the register's own addresses.
const STORGATA: PlaceCandidate = {
  label: 'Storgata bensin, Storgata 5, 9008 Tromsø',
  kind: 'facility',
  latitude: 69.65,
  longitude: 18.96,
  municipality: { id: '5501', name: 'Tromsø' },
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
  readonly vulnerable: (readonly VulnerablePoint[])[] = [];
  vulnerableVisible: boolean | null = null;
  setVulnerable = async (points: readonly VulnerablePoint[]) => void this.vulnerable.push(points);
  setVulnerableVisible = async (visible: boolean) => {
    this.vulnerableVisible = visible;
  };
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

/** The server's nearby answer around a point: the centre with what the server knows of it (Kaiveien: in Øygarden, zone 32). */
const center = (request: NearbyRequest): NearbyCenter => ({
  latitude: request.latitude,
  longitude: request.longitude,
  municipality: { id: '4626', name: 'Øygarden' },
  attribution: null,
  positions: { utm: { zone: 32, text: '32V 279680 6702651' }, wgs84: '60.400000, 5.000000', mgrs: '32V KM 79680 02651' },
});
let nearby: (request: NearbyRequest) => NearbyResponse;
/** Two kindergartens, a school, a care home and a hospital within a kilometre; the nearest 300 m north-east. */
const AROUND = () => [
  vulnerableObject({ kind: 'school', name: 'Ågotnes skole', capacity: 412, distanceMeters: 450, bearingDegrees: 180 }),
  vulnerableObject({ kind: 'kindergarten', name: 'Kaien barnehage', capacity: 80, distanceMeters: 300, bearingDegrees: 45 }),
  vulnerableObject({ kind: 'hospital', name: 'Øygarden sykehus', capacity: 120, distanceMeters: 950, bearingDegrees: 270 }),
  vulnerableObject({ kind: 'care-home', name: 'Ågotnes sykehjem', capacity: 60, distanceMeters: 800, bearingDegrees: 0 }),
  vulnerableObject({ kind: 'kindergarten', name: 'Fjæra barnehage', capacity: 54, distanceMeters: 700, bearingDegrees: 90 }),
];
let vulnerable: (request: VulnerableWithinRequest) => VulnerableWithinResponse;
const withinRequests = () => api.bodies('POST /api/v1/vulnerable-objects/within');
let api: FakeApi;
const nearbyRequests = () => api.bodies('POST /api/v1/facilities/nearby');
const placeQueries = () =>
  api.requests.filter((r) => r.url.pathname === '/api/v1/places').map((r) => r.url.searchParams.get('q'));

let location: () => string;
function renderScreen(url: string) {
  ({ location } = renderWithApp(<IncidentScreen organisationNumber="910000048" createMap={createMap} />, { url }));
}

beforeEach(() => {
  map = null;
  nearby = (request) => ({
    center: center(request),
    radiusMeters: request.radiusMeters,
    totalCount: 2,
    facilities: [facility(1, 0, 0), facility(2, 1234, 100)],
    substanceTotals: [],
  });
  vulnerable = () => ({ ...vulnerableInside(AROUND()), layer: VULNERABLE_LAYER });
  api = fakeApi({
    'GET /api/frontend/config': { mapStyleUrl: null } as FrontendConfig,
    'GET /api/v1/counties': [{ id: '46', name: 'Vestland', children: [{ id: '4601', name: 'Bergen' }] }],
    'GET /api/v1/places': ({ url }) => {
      const q = url.searchParams.get('q') ?? '';
      if (q === '59.3, 3.9') return [AT_SEA];
      // A UTM easting and northing without the zone: nothing, and the server says what is missing.
      if (q === '6700000 300000') return jsonResponse([], { headers: { [PLACE_HINT_HEADER]: PlaceHint.UTM_ZONE_MISSING } });
      // "Storgata …": a street address, and no address layer is loaded: the register's places only, and the server says so.
      if (q.startsWith('Storgata')) {
        const found = q === 'Storgata 5' ? [STORGATA] : [];
        return jsonResponse(found, { headers: { [PLACE_HINT_HEADER]: PlaceHint.ADDRESSES_NOT_LOADED } });
      }
      // "Kaiveien 1…": Kartverket's address service did not answer (its header says so).
      return jsonResponse(q.startsWith('Kai') ? [KAIEN] : [], {
        headers: { [ADDRESS_SERVICE_HEADER]: q.startsWith('Kaiveien 1') ? 'unavailable' : 'off' },
      });
    },
    'POST /api/v1/facilities/nearby': ({ body }) => nearby(body as NearbyRequest),
    'POST /api/v1/vulnerable-objects/within': ({ body }) => vulnerable(body as VulnerableWithinRequest),
  });
});

afterEach(() => vi.restoreAllMocks());

describe('the incident screen', () => {
  it('has the place field focused when it opens, so the place can be typed at once', () => {
    renderScreen('/hendelse');
    expect(document.activeElement).toBe(screen.getByRole('combobox', { name: 'Sted eller koordinat' }));
  });

  it('brings the results into view after a place is chosen (a phone: two screens down) and says how many there are', async () => {
    // The results start far below the window, as on a phone of 390 px.
    const rect = HTMLElement.prototype.getBoundingClientRect;
    vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(function (this: HTMLElement) {
      return this.dataset.testid === 'incident-results-section' ? new DOMRect(0, 1800, 390, 600) : rect.call(this);
    });
    const scrolled: Element[] = [];
    vi.spyOn(HTMLElement.prototype, 'scrollIntoView').mockImplementation(function (this: HTMLElement) {
      scrolled.push(this);
    });
    renderScreen('/hendelse');
    // The region that says it is there before any place is, empty.
    const announcement = screen.getByTestId('incident-announcement');
    expect(announcement.getAttribute('role')).toBe('status');
    expect(announcement.textContent).toBe('');
    const field = screen.getByRole('combobox', { name: 'Sted eller koordinat' });
    fireEvent.change(field, { target: { value: 'Kaiv' } });
    fireEvent.click(await screen.findByRole('option', { name: /Kaiveien 12/ }));
    await waitFor(() => expect(announcement.textContent).toBe('2 anlegg innenfor 500 m.'));
    await waitFor(() => expect(scrolled).toEqual([screen.getByTestId('incident-results-section')]));
  });

  it('does not move the page for a place from a link', async () => {
    const scrollIntoView = vi.spyOn(HTMLElement.prototype, 'scrollIntoView').mockImplementation(() => {});
    renderScreen('/hendelse?lat=60.4&lon=5&r=2000&q=Kaiveien');
    await waitFor(() => expect(screen.getByTestId('incident-announcement').textContent).toBe('2 anlegg innenfor 2 km.'));
    expect(scrollIntoView).not.toHaveBeenCalled();
  });

  it('says the zone is missing when a UTM easting and northing come without it', async () => {
    renderScreen('/hendelse');
    fireEvent.change(screen.getByRole('combobox', { name: 'Sted eller koordinat' }), { target: { value: '6700000 300000' } });
    await screen.findByText('Det ser ut som UTM uten sone. Oppgi sone, f.eks. 32V: «32V 296803 6696176».');
    expect(screen.queryByText(/Fant ikke noe sted/)).toBeNull();
  });

  it('says what to do before a place is chosen, and asks nothing', () => {
    renderScreen('/hendelse');
    expect(screen.getByTestId('incident-empty').textContent).toMatch(/Skriv eller lim inn et sted/);
    expect(nearbyRequests()).toEqual([]);
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
    await waitFor(() => expect(nearbyRequests()).toContainEqual({ latitude: 60.4, longitude: 5, radiusMeters: 500 }));
  });

  it('knows the municipality of a chosen place at once, before the nearby answer', async () => {
    api.answer('POST /api/v1/facilities/nearby', pending);
    renderScreen('/hendelse');
    const field = screen.getByRole('combobox', { name: 'Sted eller koordinat' });
    fireEvent.change(field, { target: { value: 'Kaiv' } });
    fireEvent.click(await screen.findByRole('option', { name: /Kaiveien 12/ }));
    // Øygarden (the candidate's municipality) is not among the caller's municipalities.
    expect((await screen.findByTestId('incident-no-access')).textContent).toContain('Øygarden');
    expect(screen.getByTestId('incident-point').getAttribute('aria-busy')).toBe('true');
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

  it('says street addresses are not loaded, beside the places it found and beside none', async () => {
    const notLoaded = 'Gateadresser er ikke lastet inn i FAST. Søk på anleggets adresse, postnummer, kommune eller koordinater.';
    renderScreen('/hendelse');
    const field = screen.getByRole('combobox', { name: 'Sted eller koordinat' });
    fireEvent.change(field, { target: { value: 'Kaiv' } });
    await screen.findByRole('option', { name: /Kaiveien 12/ });
    expect(screen.queryByText(notLoaded)).toBeNull();
    fireEvent.change(field, { target: { value: 'Storgata 5' } });
    await screen.findByRole('option', { name: /Storgata bensin/ });
    await screen.findByText(notLoaded);
    expect(screen.getByText('1 forslag. Bruk pil opp og ned og Enter for å velge.')).toBeTruthy();
    fireEvent.change(field, { target: { value: 'Storgata 99' } });
    await screen.findByText(/^Fant ikke noe sted for «Storgata 99»/);
    expect(screen.getByText(notLoaded)).toBeTruthy();
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
    // The point's notations come with the nearby answer: a point from a link asks /places nothing.
    expect(screen.getByTestId('incident-point').textContent).toContain('32V 279680 6702651');
    expect(screen.getByTestId('incident-point').textContent).toContain('32V KM 79680 02651');
    expect(placeQueries()).toEqual([]);

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
      center: center(request),
      radiusMeters: request.radiusMeters,
      totalCount: 620,
      // Plain rows (nothing stored, no hazard distances): this test counts rows, the one above reads them.
      facilities: Array.from({ length: 620 }, (_, i) => ({
        ...facility(i + 1, i * 10, 90),
        substances: [],
        hazardDistances: { isolation: null, evacuation: null, fire: null },
      })),
      substanceTotals: [],
    });
    renderScreen('/hendelse?lat=60.4&lon=5&r=5000');
    // Rendering 500 and then 620 rows takes seconds in happy-dom beside other suites: the waits
    // get the test's time, not the 5 s of a single step (where it timed out).
    const slow = { timeout: 18_000 };
    const results = await screen.findByTestId('incident-results', {}, slow);
    // Rows counted by selector, not by role: a role query over 1 120 rows weighs the accessibility
    // tree of each, seconds in happy-dom on a busy machine (it timed out at 5 s).
    const rows = () => results.querySelectorAll('tbody > tr').length;
    expect(rows()).toBe(500);
    expect(results.querySelectorAll('thead > tr')).toHaveLength(1);
    expect(screen.getByTestId('incident-count').textContent).toBe('620 anlegg innenfor 5 km. Listen viser de 500 nærmeste.');
    const showAll = screen.getByTestId('incident-show-all');
    expect(showAll.tagName).toBe('BUTTON');
    expect(showAll.textContent).toBe('Vis alle 620');
    fireEvent.click(showAll);
    await waitFor(() => expect(rows()).toBe(620), slow);
    expect(screen.getByTestId('incident-count').textContent).toBe('620 anlegg innenfor 5 km.');
    expect(screen.queryByTestId('incident-show-all')).toBeNull();
  }, 40_000);

  it('offers the next larger radius when nothing lies within, and warns when the point is outside the scope', async () => {
    nearby = (request) => ({
      center: center(request),
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

  it('says which schools, kindergartens, care homes and hospitals are within the radius, lists them nearest first and draws them', async () => {
    renderScreen('/hendelse?lat=60.4&lon=5&r=1000&q=Kaiveien');
    const section = await screen.findByTestId('vulnerable-within');
    expect(within(section).getByRole('heading', { level: 2 }).textContent).toBe('Sårbare objekter innenfor 1 km');
    await waitFor(() =>
      expect(within(section).getByTestId('vulnerable-summary').textContent).toBe(
        'Innenfor 1 km: 2 barnehager (134 barn), 1 skole (412 elever), 1 sykehjem (60 plasser), 1 sykehus (120 senger)',
      ),
    );
    // The same circle as the facilities'.
    expect(withinRequests()).toEqual([{ latitude: 60.4, longitude: 5, radiusMeters: 1000 }]);
    const items = within(
      within(section).getByRole('list', { name: 'Innenfor 1 km: Sårbare objekter, nærmeste først' }),
    ).getAllByRole('listitem');
    expect(items.map((item) => item.querySelector('span > span')?.textContent)).toEqual([
      'Kaien barnehage',
      'Ågotnes skole',
      'Fjæra barnehage',
      'Ågotnes sykehjem',
      'Øygarden sykehus',
    ]);
    // The symbol's letter (B), then name, kind and capacity, address, distance and direction.
    expect(items[0]?.textContent).toBe('BKaien barnehageBarnehage · 80 barnNordnesgaten 1, 5005 Bergen300 m NØ');
    expect(within(items[0] as HTMLElement).getByTitle('nordøst').textContent).toBe('NØ');
    expect(items[1]?.textContent).toContain('Skole · 412 elever');
    // On the map, with their own symbols, shown until the switch hides them.
    await waitFor(() =>
      expect(map?.vulnerable.at(-1)?.map((p) => p.name)).toEqual(items.map((i) => i.querySelector('span > span')?.textContent)),
    );
    expect(map?.vulnerable.at(-1)?.[0]).toMatchObject({ kind: 'kindergarten', capacity: 80 });
    await waitFor(() => expect(screen.getByTestId('incident-map').getAttribute('data-vulnerable')).toBe('5'));
    expect(map?.vulnerableVisible).toBe(true);
    expect(
      within(screen.getByTestId('vulnerable-legend'))
        .getAllByRole('listitem')
        .map((li) => li.textContent?.trim()),
    ).toEqual(['B Barnehage', 'S Skole', 'SH Sykehjem', 'Sykehus']); // the symbols' letters (the hospital's is a cross)
    fireEvent.click(screen.getByRole('switch', { name: 'Sårbare objekter på kartet' }));
    await waitFor(() => expect(map?.vulnerableVisible).toBe(false));
    expect(screen.queryByTestId('vulnerable-legend')).toBeNull();
  });

  it('says one of each in the singular, a capacity only where one is known, and "minst" when some lack it', async () => {
    vulnerable = () => ({
      ...vulnerableInside([
        vulnerableObject({ kind: 'kindergarten', name: 'Kaien barnehage', capacity: 1, distanceMeters: 100, bearingDegrees: 0 }),
        vulnerableObject({ kind: 'school', name: 'Ågotnes skole', capacity: 1, distanceMeters: 200, bearingDegrees: 0 }),
        vulnerableObject({ kind: 'school', name: 'Fjell skole', capacity: null, distanceMeters: 300, bearingDegrees: 0 }),
        vulnerableObject({ kind: 'care-home', name: 'Ågotnes sykehjem', capacity: 1, distanceMeters: 400, bearingDegrees: 0 }),
        vulnerableObject({ kind: 'hospital', name: 'Øygarden sykehus', capacity: 1, distanceMeters: 500, bearingDegrees: 0 }),
        vulnerableObject({ kind: 'hospital', name: 'Sotra sykehus', capacity: null, distanceMeters: 600, bearingDegrees: 0 }),
        vulnerableObject({ kind: 'care-home', name: 'Fjell sykehjem', capacity: null, distanceMeters: 700, bearingDegrees: 0 }),
        vulnerableObject({
          kind: 'care-home',
          name: 'Hjelteryggen sykehjem',
          capacity: 1235,
          distanceMeters: 800,
          bearingDegrees: 0,
        }),
      ]),
      layer: VULNERABLE_LAYER,
    });
    renderScreen('/hendelse?lat=60.4&lon=5&r=2500');
    const summary = await screen.findByTestId('vulnerable-summary');
    expect(summary.textContent?.replace(/\s/g, ' ')).toBe(
      'Innenfor 2,5 km: 1 barnehage (1 barn), 2 skoler (minst 1 elev), 3 sykehjem (minst 1 236 plasser), 2 sykehus (minst 1 seng)',
    );
    // An object without a capacity says none.
    const fjell = screen.getByText('Fjell skole').closest('li');
    expect(fjell?.textContent).toContain('Skole');
    expect(fjell?.textContent).not.toContain('elev');
  });

  it('says so plainly when no vulnerable objects are loaded, and when none lie within', async () => {
    vulnerable = () => ({ objects: [], totalCount: 0, totals: [], layer: null });
    renderScreen('/hendelse?lat=60.4&lon=5&r=500');
    expect((await screen.findByTestId('vulnerable-not-loaded')).textContent).toBe(
      'Sårbare objekter (skoler, barnehager, sykehjem, sykehus) er ikke lastet inn.',
    );
    expect(screen.queryByTestId('vulnerable-summary')).toBeNull();
    expect(screen.queryByRole('switch', { name: 'Sårbare objekter på kartet' })).toBeNull();
  });

  it('says none lie within when the layer is loaded but the circle holds none', async () => {
    vulnerable = () => ({ objects: [], totalCount: 0, totals: [], layer: VULNERABLE_LAYER });
    renderScreen('/hendelse?lat=60.4&lon=5&r=300');
    expect((await screen.findByTestId('vulnerable-summary')).textContent).toBe(
      'Innenfor 300 m: ingen skoler, barnehager, sykehjem eller sykehus',
    );
    expect(screen.queryByTestId('vulnerable-list')).toBeNull();
  });
});
