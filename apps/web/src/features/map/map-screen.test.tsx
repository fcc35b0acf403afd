import {
  type FrontendConfig,
  MajorAccidentValue,
  type MapFacility,
  type MapFacilityPopup,
  type VulnerableObjectCollection,
  type VulnerableWithinRequest,
} from '@fast/contracts';
import { act, configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { toastStore } from '../../shell/toasts/toast-store.ts';
import { type FakeApi, fakeApi, pending, renderWithApp } from '../../test/render.tsx';
import type { Drawing, DrawingState, DrawTool, Shape } from '../map-kit/draw-tools.ts';
import type { ClusterFeature } from '../map-kit/facility-index.ts';
import { circleRing, type LonLat } from '../map-kit/geometry.ts';
import { loadMapData, type MapData } from '../map-kit/map-data.ts';
import type { AreaOverlay, CreateMap, MapCallbacks, MapOptions, MapView, VulnerablePoint } from '../map-kit/map-view.ts';
import {
  CHLORINE_CARD,
  chlorineZones,
  VULNERABLE_LAYER,
  vulnerableInside,
  vulnerableObject,
  waterworks,
} from '../map-kit/protective-zones/test-fixtures.ts';
import { MapScreen } from './map-screen.tsx';

/**
 * The map screen by role, with the map and the drawing faked (no MapLibre, no terra-draw): what
 * the user sees and does on the panels, and what the screen asks of the controllers. The
 * facilities' loading is faked at loadMapData (the worker); the API answers come from a fake fetch.
 */
vi.mock('../map-kit/map-data.ts', async (original) => ({
  ...(await original<typeof import('../map-kit/map-data.ts')>()),
  loadMapData: vi.fn(),
}));

const facility = (id: number, name: string, position: LonLat): MapFacility => ({
  id,
  name,
  longitude: position[0],
  latitude: position[1],
  majorAccident: MajorAccidentValue.NOT_AFFECTED,
  explosives: false,
  unitTypeId: 1,
});
const KAIEN = facility(1, 'Kaien', [5.32, 60.39]);
const TANKEN = facility(2, 'Tanken', [10.75, 59.91]);

function fakeData(facilities: MapFacility[]): MapData {
  return {
    loadId: 1,
    size: facilities.length,
    bounds: [5.32, 59.91, 10.75, 60.39],
    clusters: async () => [],
    samePosition: async (id: number) => {
      const at = facilities.find((f) => f.id === id);
      return at ? facilities.filter((f) => f.longitude === at.longitude && f.latitude === at.latitude) : [];
    },
    expansionZoom: async () => null,
    release: () => {},
  } as unknown as MapData;
}

/** The drawing as the screen sees it: state and tools, shapes kept in memory. */
class FakeDrawing implements Drawing {
  current: DrawingState = { shapes: [], selectedId: null, tool: null };
  private readonly listeners = new Set<() => void>();
  private lastId = 0;
  readonly addCircle = vi.fn((center: LonLat, radiusMetres: number, label?: string) => {
    const shape: Shape = {
      id: `s${++this.lastId}`,
      kind: 'circle',
      geometry: { type: 'Polygon', coordinates: [circleRing(center, radiusMetres, 64)] },
      ...(label ? { label } : {}),
    };
    this.set({ shapes: [...this.current.shapes, shape] });
    return shape.id;
  });
  readonly clear = vi.fn(() => this.set({ shapes: [], selectedId: null }));
  readonly destroy = vi.fn();
  private set(change: Partial<DrawingState>) {
    this.current = { ...this.current, ...change };
    for (const listener of this.listeners) listener();
  }
  state = () => this.current;
  subscribe(listener: () => void) {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
  toggleTool(tool: DrawTool) {
    this.set({ tool: this.current.tool === tool ? null : tool });
  }
  select(id: string) {
    this.set({ selectedId: id, tool: 'select' });
  }
  remove(id: string) {
    this.set({ shapes: this.current.shapes.filter((s) => s.id !== id), selectedId: null });
  }
}

/** The map as the screen sees it; the popup's content is put in the page as MapLibre would. */
class FakeMap implements MapView {
  readonly drawing = new FakeDrawing();
  readonly callbacks: MapCallbacks;
  popup: { position: LonLat; content: HTMLElement; onClose: () => void } | null = null;
  readonly setData = vi.fn(async (_data: MapData | null) => {});
  readonly fitTo = vi.fn();
  readonly flyTo = vi.fn(async (_position: LonLat) => {});
  readonly zoomToCluster = vi.fn(async (_feature: ClusterFeature) => {});
  readonly setGasPipes = vi.fn(async () => {});
  readonly setGasVisible = vi.fn(async () => {});
  readonly setVulnerable = vi.fn(async (_points: readonly VulnerablePoint[]) => {});
  readonly setVulnerableVisible = vi.fn(async (_visible: boolean) => {});
  readonly loadDrawing = vi.fn(async (_storageKey: string) => this.drawing);
  readonly setIncident = vi.fn(async () => {});
  readonly setAreas = vi.fn(async (_overlay: AreaOverlay | null) => {});
  readonly highlightFacility = vi.fn();
  readonly destroy = vi.fn();
  constructor(callbacks: MapCallbacks) {
    this.callbacks = callbacks;
  }
  center = (): LonLat => [7, 61];
  showPopup(position: LonLat, content: HTMLElement, onClose: () => void) {
    this.closePopup();
    document.body.append(content);
    this.popup = { position, content, onClose };
  }
  closePopup() {
    this.popup?.content.remove();
    this.popup = null;
  }
}

let maps: FakeMap[] = [];
let mapOptions: MapOptions | null = null;
const createMap: CreateMap = (_container, options) => {
  mapOptions = options;
  const map = new FakeMap(options.callbacks);
  maps.push(map);
  return map;
};
const lastMap = () => {
  const map = maps.at(-1);
  if (!map) throw new Error('no map was created');
  return map;
};

let totalHits = 0;
let api: FakeApi;
const searches = () => api.bodies('POST /api/v1/facilities/search');
const zoneRequests = () => api.bodies('POST /api/v1/protective-zones');
/** The popup's answer for a facility with ammonia (the other tests leave the popup loading). */
let popupAnswer: MapFacilityPopup | null = null;
const AMMONIA_SETTER = { unNumber: '1005', name: 'Ammoniakk', nameNn: 'Ammoniakk', edition: '2016', table: 'guide' } as const;
/** What the popup, the zones and their labels say of ammonia's two largest distances. */
const ISOLATION = '100\u00a0m – Ammoniakk (UN 1005); ERG 2016, veiledningen';
const EVACUATION = '800\u00a0m – Ammoniakk (UN 1005); ERG 2016, veiledningen';
const KAIEN_POPUP: MapFacilityPopup = {
  id: KAIEN.id,
  name: KAIEN.name,
  privatePerson: false,
  address: { street: 'Kaiveien 1', postalCode: '5003', postalPlace: 'Bergen' },
  municipality: { id: '4601', name: 'Bergen' },
  majorAccident: MajorAccidentValue.NOT_AFFECTED,
  explosives: false,
  longitude: KAIEN.longitude,
  latitude: KAIEN.latitude,
  hazardDistances: {
    isolation: { ...AMMONIA_SETTER, metres: 100, allDirections: true },
    evacuation: { ...AMMONIA_SETTER, metres: 800, allDirections: false },
    fire: null,
  },
};
function renderScreen(
  url: string | { pathname: string; state: unknown },
  { facilityId = null as number | null, create = createMap } = {},
) {
  return renderWithApp(
    <MapScreen facilityId={facilityId} organisationNumber="910000048" storageKey="kari:910000048" createMap={create} />,
    { url },
  );
}

const ready = () => screen.findByText(/anlegg på kartet/);

// A shared, busy machine: a second for each wait is not always enough.
configure({ asyncUtilTimeout: 5000 });

// Designsystemet's Spinner synchronises its animation; happy-dom has no Web Animations.
if (!('getAnimations' in document)) Object.assign(document, { getAnimations: () => [] });

beforeEach(() => {
  maps = [];
  mapOptions = null;
  totalHits = 0;
  popupAnswer = null;
  toastStore.set([]);
  api = fakeApi({
    'GET /api/frontend/config': { mapStyleUrl: null } as FrontendConfig,
    'POST /api/v1/facilities/search': () => ({ totalHits, hits: [] }),
    'GET /api/v1/map/facilities/:id': ({ params }) =>
      popupAnswer && params.id === String(popupAnswer.id) ? popupAnswer : pending,
    // The safety zones of facility 1: its record (a waterworks with chlorine), the card, no weather service, the zones.
    'GET /api/v1/facilities/:id': ({ params }) => (params.id === '1' ? { ...waterworks(), id: 1 } : pending),
    'GET /api/v1/substances/:unNumber': ({ params }) => (params.unNumber === '1017' ? CHLORINE_CARD : pending),
    'GET /api/v1/weather/wind': { available: false, reason: 'not-configured' },
    'POST /api/v1/protective-zones': chlorineZones(),
    // The popup's and the zones' details are not what these tests look at: the rest stays pending.
  });
  vi.mocked(loadMapData).mockClear();
  vi.mocked(loadMapData).mockImplementation(async (source) => fakeData(source.kind === 'all' ? [KAIEN, TANKEN] : [KAIEN]));
});

/** The vulnerable objects' layer: a kindergarten and a hospital in Bergen. */
const VULNERABLE_COLLECTION: VulnerableObjectCollection = {
  type: 'FeatureCollection',
  features: [
    {
      type: 'Feature',
      geometry: { type: 'Point', coordinates: [5.33, 60.39] },
      properties: {
        sourceId: '974590123',
        kind: 'kindergarten',
        name: 'Nordnes barnehage',
        address: 'Nordnesgaten 1, 5005 Bergen',
        capacity: 80,
      },
    },
    {
      type: 'Feature',
      geometry: { type: 'Point', coordinates: [5.36, 60.37] },
      properties: { sourceId: 'H1', kind: 'hospital', name: 'Haukeland sykehus', address: null, capacity: null },
    },
  ],
  layer: VULNERABLE_LAYER,
};
const vulnerableLayerRequests = () => api.requests.filter((r) => r.url.pathname === '/api/v1/map/vulnerable-objects');

describe('the map screen', () => {
  it('paints every facility of the scope, fitted, and creates the map once', async () => {
    renderScreen('/kart');
    expect(await ready()).toHaveProperty('textContent', '2 anlegg på kartet');
    const map = lastMap();
    // The start view is a passive effect: it may run after the count has been painted.
    await waitFor(() => expect(map.fitTo).toHaveBeenCalledWith([5.32, 59.91, 10.75, 60.39], false));
    expect(maps).toHaveLength(1);
    expect(map.setData).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('application', { name: 'Kart over anleggene du har tilgang til' }).getAttribute('aria-busy')).toBe(
      'false',
    );
    expect(map.loadDrawing).toHaveBeenCalledWith('kari:910000048');
    // The offline basemap (no MAP_STYLE_URL), credited in the user's language, and said to be simplified.
    expect([mapOptions?.styleUrl, mapOptions?.texts.attribution, mapOptions?.texts.home, mapOptions?.texts.basemapNote]).toEqual([
      null,
      '© Kartverket',
      'Vis alle anleggene',
      'Forenklet bakgrunnskart: uten veier og stedsnavn',
    ]);
  });

  it('chooses tools, draws a circle of exact radius at the map’s centre, refuses a bad radius and deletes all', async () => {
    renderScreen('/kart');
    await ready();
    const drawing = lastMap().drawing;
    const tools = screen.getByRole('toolbar', { name: 'Tegneverktøy' });
    const line = within(tools).getByRole('button', { name: 'Linje' });
    await waitFor(() => expect(line).toHaveProperty('disabled', false));

    fireEvent.click(line);
    expect(line.getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByText('Klikk for hvert knekkpunkt. Klikk på siste punkt igjen for å avslutte.')).toBeTruthy();
    fireEvent.click(line);
    expect(line.getAttribute('aria-pressed')).toBe('false');

    fireEvent.change(screen.getByLabelText('Radius (meter)'), { target: { value: '0' } });
    fireEvent.click(screen.getByRole('button', { name: 'Tegn sirkel' }));
    expect(await screen.findByText('Skriv en radius mellom 1 og 200 000 meter.')).toBeTruthy();
    expect(drawing.addCircle).not.toHaveBeenCalled();

    fireEvent.change(screen.getByLabelText('Radius (meter)'), { target: { value: '2 500' } });
    fireEvent.click(screen.getByRole('button', { name: 'Tegn sirkel' }));
    expect(drawing.addCircle).toHaveBeenCalledWith([7, 61], 2500);
    expect(screen.queryByText('Skriv en radius mellom 1 og 200 000 meter.')).toBeNull();
    expect(screen.getByRole('listitem', { name: 'Sirkel 1' }).textContent).toMatch(/Radius: 2\s500 m/);

    fireEvent.click(screen.getByRole('button', { name: 'Slett alle figurer' }));
    expect(drawing.clear).toHaveBeenCalled();
    expect(screen.getByText(/Du har ikke tegnet noe ennå/)).toBeTruthy();
    expect(toastStore.get().map((toast) => toast.message)).toEqual([{ key: 'map.draw.deletedAll' }]);
  });

  it('opens a point of the list in the map’s popup and draws a circle around the facility', async () => {
    renderScreen('/kart');
    await ready();
    const map = lastMap();
    act(() =>
      map.callbacks.onView([
        {
          type: 'Feature',
          id: 1,
          geometry: { type: 'Point', coordinates: [KAIEN.longitude, KAIEN.latitude] },
          properties: { cluster: false, count: 1, label: '', ref: KAIEN.id, name: KAIEN.name, level: 0, explosives: false },
        },
      ]),
    );
    fireEvent.click(within(screen.getByTestId('visible-list')).getByRole('button', { name: 'Kaien' }));
    const circle = await screen.findByRole('button', { name: 'Sirkel rundt anlegget' });
    expect(map.popup?.position).toEqual([5.32, 60.39]);
    expect(
      within(map.popup?.content as HTMLElement)
        .getByRole('link', { name: 'Vis anlegg' })
        .getAttribute('href'),
    ).toBe('/anlegg/1');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Tegn sirkel' })).toHaveProperty('disabled', false));
    fireEvent.click(circle);
    expect(map.drawing.addCircle).toHaveBeenCalledWith([5.32, 60.39], 1000);
    // The map shows the whole ring it drew: 1 000 m each way of the facility.
    const [west, south, east, north] = map.fitTo.mock.lastCall?.[0] ?? [];
    expect(north - south).toBeCloseTo(2000 / 111_195, 3);
    expect(((east - west) * Math.cos((60.39 * Math.PI) / 180) * 111_195) / 2000).toBeCloseTo(1, 2);
    expect([(west + east) / 2, (south + north) / 2].map((v) => v.toFixed(4))).toEqual(['5.3200', '60.3900']);

    // The user closes the popup on the map: the screen forgets it.
    act(() => map.popup?.onClose());
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Sirkel rundt anlegget' })).toBeNull());
  });

  it('flies to the route’s facility and opens it; says so when the facility is not on the map', async () => {
    renderScreen('/kart/1', { facilityId: 1 });
    expect(await screen.findByRole('link', { name: 'Vis anlegg' })).toBeTruthy();
    expect(lastMap().flyTo).toHaveBeenCalledWith([5.32, 60.39]);

    renderScreen('/kart/99', { facilityId: 99 });
    expect(
      await screen.findByText('Anlegg 99 finnes ikke på kartet: det har ingen posisjon, eller du har ikke tilgang til det.'),
    ).toBeTruthy();
  });

  it('opens the safety zones’ form from the popup and draws the answer on the map as labelled zones', async () => {
    popupAnswer = KAIEN_POPUP;
    const view = renderScreen('/kart/1', { facilityId: 1 });
    const zonesButton = await screen.findByRole('button', { name: 'Sikkerhetssoner' });
    const popup = lastMap().popup?.content as HTMLElement;
    expect(popup.textContent).toContain(`Største isolasjonsavstand${ISOLATION}`);
    expect(popup.textContent).toContain(`Største beskyttelsesavstand${EVACUATION}`);
    fireEvent.click(zonesButton);
    // The popup gives way to the form in the panel, where the focus goes.
    await waitFor(() => expect(lastMap().popup).toBeNull());
    const panel = await screen.findByRole('region', { name: 'Sikkerhetssoner: Kismul vannverk' });
    expect(document.activeElement).toBe(within(panel).getByRole('heading', { level: 2 }));
    const form = await within(panel).findByRole('form', { name: 'Valg for sikkerhetssonene' });
    await within(form).findByRole('combobox', { name: /Beholder/ });
    fireEvent.click(within(form).getByRole('radio', { name: 'sørvest' }));
    fireEvent.click(within(form).getByRole('radio', { name: 'Moderat vind (10–20 km/t)' }));
    fireEvent.click(within(form).getByRole('button', { name: 'Tegn sonene' }));

    await waitFor(() => expect(view.getByTestId('map').getAttribute('data-zones')).toBe('drawn'));
    expect(zoneRequests()).toHaveLength(1);
    const overlay = lastMap().setAreas.mock.calls.at(-1)?.[0];
    expect(overlay?.areas.map((area) => area.label)).toEqual([
      'Beskytt personer nedvinds: 2,4\u00a0km — ERG 2016 tabell 3, flere tonnsylindere, moderat vind, natt',
      'Isoler i alle retninger: 300\u00a0m — ERG 2016 tabell 3, flere tonnsylindere',
    ]);
    expect(overlay?.arrow?.label).toBe('Vind fra sørvest (225°)');
    // The user's drawing is not where the zones go: they are not editable.
    expect(lastMap().drawing.addCircle).not.toHaveBeenCalled();
    expect(within(panel).getByRole('heading', { level: 3, name: /^Beskytt personer nedvinds: 2,4/ })).toBeTruthy();

    // Closing the panel clears the map.
    fireEvent.click(within(panel).getByRole('button', { name: 'Lukk sikkerhetssonene' }));
    await waitFor(() => expect(lastMap().setAreas).toHaveBeenLastCalledWith(null));
    expect(screen.queryByRole('region', { name: /^Sikkerhetssoner/ })).toBeNull();
  });

  it('opens the safety zones’ form once when the facility page asks for them', async () => {
    popupAnswer = KAIEN_POPUP;
    renderScreen({ pathname: '/kart/1', state: { safetyZones: true } }, { facilityId: 1 });
    expect(await screen.findByRole('form', { name: 'Valg for sikkerhetssonene' })).toBeTruthy();
    // After the flight to the facility; its popup gives way to the form, and nothing is drawn before the user asks.
    expect(lastMap().flyTo).toHaveBeenCalledWith([5.32, 60.39]);
    expect(lastMap().popup).toBeNull();
    expect(zoneRequests()).toEqual([]);
    expect(screen.getAllByRole('region', { name: 'Sikkerhetssoner: Kismul vannverk' })).toHaveLength(1);
  });

  it('says that the browser cannot draw the map when the map cannot be created', async () => {
    renderScreen('/kart', {
      create: () => {
        throw new Error('WebGL is not supported');
      },
    });
    expect(await screen.findByText(/Kartet kan ikke vises fordi nettleseren ikke kan tegne med WebGL/)).toBeTruthy();
  });

  describe('a search in the URL (specification section 5)', () => {
    it('shows the search’s facilities when the last search had hits', async () => {
      totalHits = 3;
      renderScreen('/kart?q=tank&ma=PARAGRAPH_NINE');
      expect(await screen.findByText('Kartet viser 1 anlegg fra søket ditt (bare anlegg med gyldige koordinater).')).toBeTruthy();
      expect(vi.mocked(loadMapData).mock.calls.map(([source]) => source)).toEqual([
        {
          kind: 'filtered',
          filter: {
            query: 'tank',
            facilityObjects: [],
            counties: [],
            substanceGroups: [],
            majorAccidentRelations: ['PARAGRAPH_NINE'],
          },
        },
      ]);
      expect(searches()).toEqual([expect.objectContaining({ query: 'tank', hitsToSkip: 0 })]);
      expect(screen.getByRole('link', { name: 'Vis alle anlegg' }).getAttribute('href')).toBe('/kart');
      expect(screen.getByRole('link', { name: 'Tilbake til søket' }).getAttribute('href')).toBe(
        '/search?q=tank&ma=PARAGRAPH_NINE',
      );
    });

    it('shows every facility, and says why, when the last search had no hits', async () => {
      totalHits = 0;
      renderScreen('/kart?q=finnesikke');
      expect(await ready()).toHaveProperty('textContent', '2 anlegg på kartet');
      expect(screen.getByText('Søket ditt ga ingen treff, så kartet viser alle anleggene du har tilgang til.')).toBeTruthy();
      expect(screen.queryByText(/fra søket ditt/)).toBeNull();
      expect(vi.mocked(loadMapData).mock.calls.map(([source]) => source.kind)).toEqual(['all']);
    });

    it('asks nothing of the search without a query or filter', async () => {
      renderScreen('/kart');
      await ready();
      expect(searches()).toEqual([]);
    });
  });
});

describe('the map’s vulnerable objects', () => {
  it('are a layer of their own, off until switched on, with a count, a legend and a popup', async () => {
    api.answer('GET /api/v1/map/vulnerable-objects', VULNERABLE_COLLECTION);
    renderScreen('/kart');
    await ready();
    const map = lastMap();
    await waitFor(() => expect(map.setVulnerableVisible).toHaveBeenCalledWith(false));
    expect(vulnerableLayerRequests()).toEqual([]);
    expect(screen.queryByTestId('vulnerable-legend')).toBeNull();

    const layer = screen.getByRole('switch', { name: 'Sårbare objekter' });
    expect(layer).toHaveProperty('checked', false);
    fireEvent.click(layer);
    expect(await screen.findByText('2 sårbare objekter')).toBeTruthy();
    await waitFor(() => expect(map.setVulnerableVisible).toHaveBeenLastCalledWith(true));
    await waitFor(() => expect(map.setVulnerable).toHaveBeenCalled());
    const points = map.setVulnerable.mock.lastCall?.[0] ?? [];
    expect(points).toEqual([
      {
        kind: 'kindergarten',
        name: 'Nordnes barnehage',
        address: 'Nordnesgaten 1, 5005 Bergen',
        capacity: 80,
        position: [5.33, 60.39],
      },
      { kind: 'hospital', name: 'Haukeland sykehus', address: null, capacity: null, position: [5.36, 60.37] },
    ]);
    expect(vulnerableLayerRequests()).toHaveLength(1);
    expect(screen.getByTestId('vulnerable-legend').textContent).toContain('Barnehage');

    // A click on a symbol: its name, kind, capacity and address, and what is near it.
    act(() => map.callbacks.onVulnerable?.(points[0] as VulnerablePoint));
    await waitFor(() => expect(map.popup?.position).toEqual([5.33, 60.39]));
    const popup = map.popup?.content as HTMLElement;
    await waitFor(() => expect(within(popup).getByRole('heading', { name: 'Nordnes barnehage' })).toBeTruthy());
    expect([...popup.querySelectorAll('dt')].map((dt) => `${dt.textContent}: ${dt.nextElementSibling?.textContent}`)).toEqual([
      'Type: Barnehage',
      'Kapasitet: 80 barn',
      'Adresse: Nordnesgaten 1, 5005 Bergen',
    ]);
    expect(within(popup).getByRole('link', { name: 'Hva finnes i nærheten?' })).toBeTruthy();
    act(() => map.callbacks.onVulnerable?.(points[1] as VulnerablePoint));
    await waitFor(() => expect(map.popup?.content.textContent).toContain('KapasitetIkke oppgitt'));

    fireEvent.click(layer);
    await waitFor(() => expect(map.setVulnerableVisible).toHaveBeenLastCalledWith(false));
    expect(screen.queryByTestId('vulnerable-legend')).toBeNull();
  });

  it('says so when the layer is not loaded', async () => {
    api.answer('GET /api/v1/map/vulnerable-objects', { type: 'FeatureCollection', features: [], layer: null });
    renderScreen('/kart');
    await ready();
    fireEvent.click(screen.getByRole('switch', { name: 'Sårbare objekter' }));
    expect((await screen.findByTestId('vulnerable-not-loaded')).textContent).toBe(
      'Sårbare objekter (skoler, barnehager, sykehjem, sykehus) er ikke lastet inn.',
    );
    expect(screen.queryByTestId('vulnerable-legend')).toBeNull();
  });

  it('are listed for a drawn circle, from its centre and radius, with the summary line', async () => {
    api.answer('POST /api/v1/vulnerable-objects/within', () => ({
      ...vulnerableInside([
        vulnerableObject({
          kind: 'kindergarten',
          name: 'Nordnes barnehage',
          capacity: 80,
          distanceMeters: 1200,
          bearingDegrees: 10,
        }),
        vulnerableObject({ kind: 'school', name: 'Nordnes skole', capacity: null, distanceMeters: 2100, bearingDegrees: 200 }),
      ]),
      layer: VULNERABLE_LAYER,
    }));
    renderScreen('/kart');
    await ready();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Tegn sirkel' })).toHaveProperty('disabled', false));
    fireEvent.change(screen.getByLabelText('Radius (meter)'), { target: { value: '2500' } });
    fireEvent.click(screen.getByRole('button', { name: 'Tegn sirkel' }));
    const zone = screen.getByRole('listitem', { name: 'Sirkel 1' });
    const section = await within(zone).findByTestId('vulnerable-within');
    expect(within(section).getByRole('heading', { level: 4 }).textContent?.replace(/\s/g, ' ')).toBe(
      'Sårbare objekter innenfor 2 500 m',
    );
    await waitFor(() =>
      expect(within(section).getByTestId('vulnerable-summary').textContent?.replace(/\s/g, ' ')).toBe(
        'Innenfor 2 500 m: 1 barnehage (80 barn), 1 skole',
      ),
    );
    const [request] = api.bodies('POST /api/v1/vulnerable-objects/within') as VulnerableWithinRequest[];
    expect(request?.latitude).toBeCloseTo(61, 5);
    expect(request?.longitude).toBeCloseTo(7, 5);
    expect(request?.radiusMeters).toBeCloseTo(2500, 0);
    expect(
      within(section)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      'BNordnes barnehageBarnehage · 80 barnNordnesgaten 1, 5005 Bergen1,2 km N',
      'SNordnes skoleSkoleNordnesgaten 1, 5005 Bergen2,1 km S',
    ]);
  });
});
