import { type GasPipelineCollection, VULNERABLE_OBJECT_KINDS } from '@fast/contracts';
import 'maplibre-gl/dist/maplibre-gl.css';
import {
  type GeoJSONSource,
  type IControl,
  type LngLatBoundsLike,
  type MapLayerMouseEvent,
  Map as MapLibreMap,
  NavigationControl,
  Popup,
  ScaleControl,
  setWorkerUrl,
} from 'maplibre-gl';
// MapLibre 6 runs its tile work in a module worker that it looks for beside its own file; bundled,
// that place does not exist, so the worker is emitted as an asset of its own and named here.
import workerUrl from 'maplibre-gl/dist/maplibre-gl-worker.mjs?url';
import type { Drawing } from './draw-tools.ts';
import type { ClusterFeature } from './facility-index.ts';
import { boundsOf, circleRing, type LonLat } from './geometry.ts';
import type { MapData } from './map-data.ts';
import {
  AREA_SOURCE,
  areaLabelLayers,
  areaLayers,
  CLUSTER_LAYER,
  FACILITY_SOURCE,
  GAS_LAYERS,
  GAS_SOURCE,
  INCIDENT_FACILITY_LAYER,
  INCIDENT_HIGHLIGHT_LAYER,
  INCIDENT_SOURCE,
  incidentHighlightFilter,
  incidentLayers,
  offlineBasemapStyle,
  overlayLayers,
  POINT_LAYER,
  VULNERABLE_LAYER,
  VULNERABLE_SOURCE,
  vulnerableLayer,
} from './map-style.ts';
import type { AreaOverlay, CreateMap, IncidentOverlay, MapCallbacks, MapOptions, MapView, VulnerablePoint } from './map-view.ts';
import { placePopup, popupMaxHeight, type Rect } from './popup-placement.ts';
import { vulnerableImage, vulnerableImageName } from './vulnerable-objects/vulnerable-symbols.ts';

setWorkerUrl(workerUrl);

/** Mainland Norway with Svalbard's latitude left out: where the map starts before any facility is known. */
const NORWAY_BOUNDS: [number, number, number, number] = [4.0, 57.8, 31.5, 71.3];
const EMPTY = { type: 'FeatureCollection' as const, features: [] };
const FACILITY_ZOOM = 16;
/** How long a finger rests on the map before it counts as a long-press (the touch screen's right-click). */
const LONG_PRESS_MS = 600;
/** What a popup has outside its scrolling content: the tip (10 px), the content's padding and a margin. */
const POPUP_OUTSIDE_PX = 48;
/** The least a popup's content may take, even on a very low map. */
const POPUP_MIN_PX = 160;

/** The home control: fits the map to the user's facilities. */
class HomeControl implements IControl {
  private container: HTMLDivElement | null = null;
  private readonly label: string;
  private readonly onClick: () => void;

  constructor(label: string, onClick: () => void) {
    this.label = label;
    this.onClick = onClick;
  }

  onAdd(): HTMLElement {
    const container = document.createElement('div');
    container.className = 'maplibregl-ctrl maplibregl-ctrl-group';
    const button = document.createElement('button');
    button.type = 'button';
    button.className = 'fast-map-home';
    button.title = this.label;
    button.setAttribute('aria-label', this.label);
    button.innerHTML =
      '<svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true"><path fill="currentColor" d="M12 3 2 11.5h3V21h5.5v-6h3v6H19v-9.5h3z"/></svg>';
    button.addEventListener('click', this.onClick);
    container.append(button);
    this.container = container;
    return container;
  }

  onRemove(): void {
    this.container?.remove();
    this.container = null;
  }
}

/**
 * The MapLibre map and everything FAST draws on it: the facilities (clustered by FacilityIndex for
 * the view, redrawn after each move), the gas pipelines, the controls, the popup, and the drawing
 * it loads (drawing.ts). React owns the panels; this owns the WebGL map. Screens get it as a
 * `MapView` through `createMapController`.
 */
class MapController implements MapView {
  private readonly map: MapLibreMap;
  private data: MapData | null = null;
  private popup: Popup | null = null;
  private drawing: Drawing | null = null;
  /** The vulnerable objects drawn, by their features' `index`. */
  private vulnerable: readonly VulnerablePoint[] = [];
  /** The incident's ring's extent: the view returns to it when the map changes size (a phone turned, print). */
  private incidentBounds: [number, number, number, number] | null = null;
  /** The areas' extent, which the view returns to on a resize, as to the incident's. */
  private areaBounds: [number, number, number, number] | null = null;
  private removed = false;
  /** Counts the views asked for: a view's clusters are drawn only if no later one was asked for meanwhile. */
  private renderTurn = 0;
  private readonly callbacks: MapCallbacks;
  private readonly loaded: Promise<void>;

  constructor(container: HTMLElement, { styleUrl, texts, callbacks }: MapOptions) {
    this.callbacks = callbacks;
    this.map = new MapLibreMap({
      container,
      style: styleUrl ?? offlineBasemapStyle(texts.attribution),
      bounds: NORWAY_BOUNDS,
      maxZoom: 18,
      minZoom: 2,
      // The offline basemap says what it lacks where its credit is, so that nobody takes it for the whole truth.
      attributionControl: { compact: false, ...(styleUrl ? {} : { customAttribution: texts.basemapNote }) },
      // Drawing tools use the double click; rotation helps nobody in an incident.
      dragRotate: false,
      pitchWithRotate: false,
      locale: {
        'Map.Title': texts.title,
        'NavigationControl.ZoomIn': texts.zoomIn,
        'NavigationControl.ZoomOut': texts.zoomOut,
        'NavigationControl.ResetBearing': texts.resetBearing,
        'Popup.Close': texts.closePopup,
      },
    });
    this.map.touchZoomRotate.disableRotation();
    this.map.addControl(new NavigationControl({ showCompass: false }), 'top-right');
    this.map.addControl(new HomeControl(texts.home, () => this.fitTo(this.data?.bounds ?? null)), 'top-right');
    this.map.addControl(new ScaleControl({ unit: 'metric', maxWidth: 140 }), 'bottom-left');

    // For tests and screenshots: the basemap has been drawn completely once.
    this.map.once('load', () => container.setAttribute('data-basemap', 'drawn'));
    // The overlays go on as soon as the style is there, not at 'load', which also waits for the
    // basemap's first complete rendering: the facilities need not wait for the basemap's tiles.
    this.loaded = new Promise((resolve) => {
      this.map.once('style.load', () => {
        this.map.addSource(FACILITY_SOURCE, { type: 'geojson', data: EMPTY });
        this.map.addSource(GAS_SOURCE, { type: 'geojson', data: EMPTY });
        this.map.addSource(INCIDENT_SOURCE, { type: 'geojson', data: EMPTY });
        this.map.addSource(AREA_SOURCE, { type: 'geojson', data: EMPTY });
        this.map.addSource(VULNERABLE_SOURCE, { type: 'geojson', data: EMPTY });
        // The areas lie under the pipelines and the facilities; their labels over everything.
        for (const layer of [...areaLayers(), ...overlayLayers(), ...incidentLayers(), ...areaLabelLayers()])
          this.map.addLayer(layer);
        this.addVulnerableLayer();
        this.listenToIncident();
        for (const layer of [CLUSTER_LAYER, POINT_LAYER]) {
          this.map.on('click', layer, (event: MapLayerMouseEvent) => {
            const feature = event.features?.[0];
            if (feature) void this.open(feature as unknown as ClusterFeature);
          });
          this.map.on('mouseenter', layer, () => {
            this.map.getCanvas().style.cursor = 'pointer';
          });
          this.map.on('mouseleave', layer, () => {
            this.map.getCanvas().style.cursor = '';
          });
        }
        this.map.on('moveend', () => void this.render());
        resolve();
      });
    });
  }

  /**
   * The vulnerable objects' symbols (drawn here, no sprite to fetch) and their layer, over the gas
   * pipelines and under the facilities; a click tells which object it was.
   */
  private addVulnerableLayer(): void {
    const pixelRatio = 2;
    for (const kind of VULNERABLE_OBJECT_KINDS) {
      const image = vulnerableImage(kind, pixelRatio);
      if (image) this.map.addImage(vulnerableImageName(kind), image, { pixelRatio });
    }
    this.map.addLayer(vulnerableLayer(), CLUSTER_LAYER);
    this.map.on('click', VULNERABLE_LAYER, (event: MapLayerMouseEvent) => {
      const index = event.features?.[0]?.properties.index;
      const object = typeof index === 'number' ? this.vulnerable[index] : undefined;
      if (object) this.callbacks.onVulnerable?.(object);
    });
    this.map.on('mouseenter', VULNERABLE_LAYER, () => {
      this.map.getCanvas().style.cursor = 'pointer';
    });
    this.map.on('mouseleave', VULNERABLE_LAYER, () => {
      this.map.getCanvas().style.cursor = '';
    });
  }

  /**
   * The incident's facilities tell which one the pointer is on (a tap counts as hovering); a
   * right-click, or a finger held still on the map, asks about its point.
   */
  private listenToIncident(): void {
    const highlight = (id: number | null) => this.callbacks.onHighlight?.(id);
    const hovered = (event: MapLayerMouseEvent) => {
      const id = event.features?.[0]?.properties.id;
      if (typeof id === 'number') highlight(id);
    };
    this.map.on('mousemove', INCIDENT_FACILITY_LAYER, hovered);
    this.map.on('click', INCIDENT_FACILITY_LAYER, hovered);
    this.map.on('mouseleave', INCIDENT_FACILITY_LAYER, () => highlight(null));
    this.map.on('resize', () => {
      const bounds = this.areaBounds ?? this.incidentBounds;
      if (bounds) this.map.fitBounds(bounds, { padding: 32, animate: false });
    });
    if (!this.callbacks.onPointMenu) return;
    const ask = ({ lng, lat }: { lng: number; lat: number }) => this.callbacks.onPointMenu?.([lng, lat]);
    this.map.on('contextmenu', (event) => ask(event.lngLat));
    let timer: ReturnType<typeof setTimeout> | undefined;
    const cancel = () => clearTimeout(timer);
    this.map.on('touchstart', (event) => {
      cancel();
      if (event.originalEvent.touches.length !== 1) return;
      const { lngLat } = event;
      timer = setTimeout(() => ask(lngLat), LONG_PRESS_MS);
    });
    for (const type of ['touchend', 'touchcancel', 'touchmove', 'movestart'] as const) this.map.on(type, cancel);
  }

  /** A cluster zooms in; a point tells what stands there. */
  private async open(feature: ClusterFeature): Promise<void> {
    if (feature.properties.cluster) return this.zoomToCluster(feature);
    const data = this.data;
    if (data) this.callbacks.onFacilities?.(await data.samePosition(feature.properties.ref));
  }

  /**
   * Draws these facilities (or none); resolves once the map has painted them: the facility source
   * has taken the clusters and a frame has been rendered with them. Not 'idle', which also waits
   * for every basemap tile, which is not what "the facilities are on the map" means.
   */
  async setData(data: MapData | null): Promise<void> {
    await this.loaded;
    this.data = data;
    // Superseded by a later view (the map moved meanwhile), which draws them instead.
    if (!(await this.render())) return;
    await new Promise<void>((resolve) => {
      const onData = (event: { sourceId?: string }) => {
        if (event.sourceId !== FACILITY_SOURCE || !this.map.isSourceLoaded(FACILITY_SOURCE)) return;
        this.map.off('sourcedata', onData);
        this.map.once('render', () => resolve());
        this.map.triggerRepaint();
      };
      this.map.on('sourcedata', onData);
    });
  }

  /**
   * The clusters of the view (and half a view around it, so panning shows no empty edges), asked
   * of the map-data worker. Answers whether they were drawn (false when a later view was asked for).
   */
  private async render(): Promise<boolean> {
    const source = this.map.getSource<GeoJSONSource>(FACILITY_SOURCE);
    if (!source) return false;
    const turn = ++this.renderTurn;
    const bounds = this.map.getBounds();
    let features: ClusterFeature[] = [];
    if (this.data) {
      const padLon = (bounds.getEast() - bounds.getWest()) / 2;
      const padLat = (bounds.getNorth() - bounds.getSouth()) / 2;
      const padded: [number, number, number, number] = [
        Math.max(-180, bounds.getWest() - padLon),
        Math.max(-85, bounds.getSouth() - padLat),
        Math.min(180, bounds.getEast() + padLon),
        Math.min(85, bounds.getNorth() + padLat),
      ];
      features = await this.data.clusters(padded, this.map.getZoom());
      if (turn !== this.renderTurn) return false;
    }
    source.setData({ type: 'FeatureCollection', features });
    this.callbacks.onView(
      features.filter(
        ({
          geometry: {
            coordinates: [lon, lat],
          },
        }) => bounds.contains([lon, lat]),
      ),
    );
    return true;
  }

  fitTo(bbox: [number, number, number, number] | null, animate = true): void {
    if (!bbox) return;
    const [west, south, east, north] = bbox;
    const single = west === east && south === north;
    if (single) {
      this.map.easeTo({ center: [west, south], zoom: FACILITY_ZOOM, animate });
      return;
    }
    this.map.fitBounds(bbox as LngLatBoundsLike, { padding: 48, maxZoom: FACILITY_ZOOM, animate });
  }

  flyTo(position: LonLat, zoom = FACILITY_ZOOM): Promise<void> {
    return new Promise((resolve) => {
      this.map.once('moveend', () => resolve());
      this.map.flyTo({ center: position, zoom, essential: true });
    });
  }

  async zoomToCluster(feature: ClusterFeature): Promise<void> {
    const expansion = await this.data?.expansionZoom(feature.properties.ref);
    if (expansion === undefined || expansion === null) return;
    this.map.easeTo({ center: feature.geometry.coordinates, zoom: Math.min(expansion, this.map.getMaxZoom()) });
  }

  async setGasPipes(collection: GasPipelineCollection): Promise<void> {
    await this.loaded;
    this.map.getSource<GeoJSONSource>(GAS_SOURCE)?.setData(collection);
  }

  async setGasVisible(visible: boolean): Promise<void> {
    await this.loaded;
    for (const layer of GAS_LAYERS) this.map.setLayoutProperty(layer, 'visibility', visible ? 'visible' : 'none');
  }

  async setVulnerable(points: readonly VulnerablePoint[]): Promise<void> {
    await this.loaded;
    const source = this.map.getSource<GeoJSONSource>(VULNERABLE_SOURCE);
    if (!source) return;
    this.vulnerable = points;
    source.setData({
      type: 'FeatureCollection',
      features: points.map((point, index) => ({
        type: 'Feature' as const,
        properties: { index, image: vulnerableImageName(point.kind), order: VULNERABLE_OBJECT_KINDS.indexOf(point.kind) },
        geometry: { type: 'Point' as const, coordinates: point.position },
      })),
    });
    await new Promise<void>((resolve) => {
      this.map.once('render', () => resolve());
      this.map.triggerRepaint();
    });
  }

  async setVulnerableVisible(visible: boolean): Promise<void> {
    await this.loaded;
    this.map.setLayoutProperty(VULNERABLE_LAYER, 'visibility', visible ? 'visible' : 'none');
  }

  center(): LonLat {
    const { lng, lat } = this.map.getCenter();
    return [lng, lat];
  }

  showPopup(position: LonLat, content: HTMLElement, onClose: () => void): void {
    this.closePopup();
    // The side it opens to is FAST's (popup-placement.ts), not MapLibre's: MapLibre's own choice
    // knows the map's edges but not its controls, and was made before the content had its size.
    const popup = new Popup({ maxWidth: 'min(22rem, 80vw)', focusAfterOpen: true, closeOnClick: true, anchor: 'bottom' })
      .setLngLat(position)
      .setDOMContent(content)
      .addTo(this.map);
    const container = this.map.getContainer();
    // The controls the popup must leave in view (zoom and home, scale, attribution), in the map's pixels.
    const controls = (): Rect[] => {
      const box = container.getBoundingClientRect();
      return [...container.querySelectorAll('.maplibregl-ctrl')].map((control) => {
        const r = control.getBoundingClientRect();
        return { left: r.left - box.left, top: r.top - box.top, right: r.right - box.left, bottom: r.bottom - box.top };
      });
    };
    // No taller than the map less the controls it cannot pass (popupMaxHeight), then placed by its
    // measured size where it lies inside the map and clear of the controls; when no side has room,
    // the map pans it into view (on opening and as its content grows, never once the user has
    // moved the map). The content is a column whose parts with their own scrolling (the popup's
    // facts) give way first; the whole scrolls if they are not enough. The padding (taken back by
    // the margin) keeps the focus rings of what is at its edges in view. While the map moves the
    // popup only turns to the side that fits.
    let userMoved = false;
    const place = ({ fit, pan }: { fit: boolean; pan: boolean }) => {
      const box = popup.getElement()?.querySelector<HTMLElement>('.maplibregl-popup-content');
      if (!box) return;
      const map = { width: container.clientWidth, height: container.clientHeight };
      const obstacles = controls();
      if (fit) {
        const maxHeight = popupMaxHeight({ map, obstacles, popupWidth: box.offsetWidth, outside: POPUP_OUTSIDE_PX });
        content.style.maxBlockSize = `${Math.max(POPUP_MIN_PX, maxHeight)}px`;
      }
      const point = this.map.project(popup.getLngLat());
      const placement = placePopup({ map, point, popup: { width: box.offsetWidth, height: box.offsetHeight }, obstacles });
      if (popup.options.anchor !== placement.anchor) {
        popup.options.anchor = placement.anchor;
        popup.setLngLat(popup.getLngLat());
      }
      const [dx, dy] = placement.pan;
      if (pan && !userMoved && !this.map.isMoving() && (Math.abs(dx) >= 1 || Math.abs(dy) >= 1)) {
        const reduceMotion = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? true;
        this.map.panBy([dx, dy], { duration: reduceMotion ? 0 : 250 });
      }
    };
    Object.assign(content.style, {
      display: 'flex',
      flexDirection: 'column',
      overflowY: 'auto',
      overflowX: 'hidden',
      padding: '4px',
      margin: '-4px',
    });
    const fitAndPlace = () => place({ fit: true, pan: true });
    const follow = () => place({ fit: false, pan: false });
    const takeOver = (event: { originalEvent?: unknown }) => {
      if (event.originalEvent) userMoved = true;
    };
    // The content grows as its details load: placed again (and panned into view) then.
    const keepInView = new ResizeObserver(() => place({ fit: false, pan: true }));
    keepInView.observe(content);
    fitAndPlace();
    this.map.on('resize', fitAndPlace);
    this.map.on('movestart', takeOver);
    this.map.on('move', follow);
    // MapLibre fires close for every removal: only the user's closing of the open popup is told.
    popup.on('close', () => {
      this.map.off('resize', fitAndPlace);
      this.map.off('movestart', takeOver);
      this.map.off('move', follow);
      keepInView.disconnect();
      if (this.popup !== popup) return;
      this.popup = null;
      onClose();
    });
    this.popup = popup;
  }

  closePopup(): void {
    const popup = this.popup;
    this.popup = null;
    popup?.remove();
  }

  async setIncident(incident: IncidentOverlay | null): Promise<void> {
    await this.loaded;
    const source = this.map.getSource<GeoJSONSource>(INCIDENT_SOURCE);
    if (!source) return;
    this.highlightFacility(null);
    this.incidentBounds = null;
    if (!incident) {
      source.setData(EMPTY);
      return;
    }
    const ring = circleRing(incident.center, incident.radiusMeters);
    this.incidentBounds = boundsOf(ring);
    source.setData({
      type: 'FeatureCollection',
      features: [
        { type: 'Feature', properties: { role: 'ring' }, geometry: { type: 'Polygon', coordinates: [ring] } },
        ...incident.facilities.map((f) => ({
          type: 'Feature' as const,
          properties: { role: 'facility', id: f.id, level: f.level, explosives: f.explosives, count: 1 },
          geometry: { type: 'Point' as const, coordinates: f.position },
        })),
        { type: 'Feature', properties: { role: 'point' }, geometry: { type: 'Point', coordinates: incident.center } },
      ],
    });
    if (this.incidentBounds) this.map.fitBounds(this.incidentBounds, { padding: 32, animate: false });
    await new Promise<void>((resolve) => {
      this.map.once('render', () => resolve());
      this.map.triggerRepaint();
    });
  }

  async setAreas(overlay: AreaOverlay | null): Promise<void> {
    await this.loaded;
    const source = this.map.getSource<GeoJSONSource>(AREA_SOURCE);
    if (!source) return;
    this.areaBounds = null;
    if (!overlay) {
      source.setData(EMPTY);
      return;
    }
    const { areas, arrow, point } = overlay;
    const features: GeoJSON.Feature[] = [
      ...areas.map(
        (area): GeoJSON.Feature => ({
          type: 'Feature',
          properties: { role: 'area', colour: area.colour, line: area.line },
          geometry: { type: 'Polygon', coordinates: [area.ring] },
        }),
      ),
      ...areas.map(
        (area, order): GeoJSON.Feature => ({
          type: 'Feature',
          properties: { role: 'label', colour: area.colour, label: area.label, anchor: area.labelAnchor, order },
          geometry: { type: 'Point', coordinates: area.labelAt },
        }),
      ),
      { type: 'Feature', properties: { role: 'point' }, geometry: { type: 'Point', coordinates: point } },
    ];
    if (arrow) {
      features.push(
        {
          type: 'Feature',
          properties: { role: 'arrow-shaft', colour: arrow.colour },
          geometry: { type: 'LineString', coordinates: arrow.shaft },
        },
        {
          type: 'Feature',
          properties: { role: 'arrow-head', colour: arrow.colour },
          geometry: { type: 'Polygon', coordinates: [arrow.head] },
        },
        {
          type: 'Feature',
          // Its text runs towards the areas (inside the view), beside the tail where it fits.
          properties: { role: 'arrow-label', colour: arrow.colour, label: arrow.label, side: tailSide(arrow.shaft[0], point) },
          geometry: { type: 'Point', coordinates: arrow.shaft[0] ?? point },
        },
      );
    }
    source.setData({ type: 'FeatureCollection', features });
    this.areaBounds = boundsOf([point, ...areas.flatMap((area) => area.ring), ...(arrow?.shaft ?? [])]);
    if (this.areaBounds) this.map.fitBounds(this.areaBounds, { padding: 40, animate: false });
    await new Promise<void>((resolve) => {
      this.map.once('render', () => resolve());
      this.map.triggerRepaint();
    });
  }

  highlightFacility(facilityId: number | null): void {
    if (this.map.getLayer(INCIDENT_HIGHLIGHT_LAYER))
      this.map.setFilter(INCIDENT_HIGHLIGHT_LAYER, incidentHighlightFilter(facilityId));
  }

  async loadDrawing(storageKey: string): Promise<Drawing | null> {
    await this.loaded;
    const { createDrawing } = await import('./drawing.ts');
    if (this.removed) return null;
    this.drawing?.destroy();
    this.drawing = createDrawing(this.map, storageKey);
    return this.drawing;
  }

  destroy(): void {
    this.removed = true;
    this.drawing?.destroy();
    this.map.remove();
  }
}

/** Whether the arrow's tail is west or east of the point: its label runs the other way. */
function tailSide(tail: LonLat | undefined, point: LonLat): 'west' | 'east' {
  return tail && tail[0] > point[0] ? 'east' : 'west';
}

export const createMapController: CreateMap = (container, options) => new MapController(container, options);
