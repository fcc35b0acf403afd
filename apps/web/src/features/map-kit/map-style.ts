import { BASEMAP_MAX_ZOOM, BASEMAP_TILE_LAYER, BasemapFeatureKind, PressureClass } from '@fast/contracts';
import type { ExpressionSpecification, LayerSpecification, StyleSpecification } from 'maplibre-gl';

/** Local fonts (no glyph server, so the basemap works offline); the app ships Inter. */
const FONT = ['Inter', 'Arial', 'sans-serif'];

const kind = (value: BasemapFeatureKind): ExpressionSpecification => ['==', ['get', 'kind'], value];

/**
 * The default basemap: Norway's land, county and municipality boundaries and names from the
 * server's reference data (Kartverket), as vector tiles the server cuts, so the map works with no
 * internet. A deployment with a tile service sets MAP_STYLE_URL instead (GET /api/frontend/config
 * → mapStyleUrl). Tile addresses must be absolute: MapLibre fetches them in its workers. The
 * boundaries' licence (CC BY 4.0) requires the credit (`map.attribution`).
 */
export function offlineBasemapStyle(attribution: string): StyleSpecification {
  return {
    version: 8,
    sources: {
      basemap: {
        type: 'vector',
        tiles: [`${window.location.origin}/api/v1/map/basemap/{z}/{x}/{y}`],
        maxzoom: BASEMAP_MAX_ZOOM,
        attribution,
      },
    },
    layers: [
      { id: 'sea', type: 'background', paint: { 'background-color': '#d5e6f2' } },
      {
        id: 'land',
        type: 'fill',
        source: 'basemap',
        'source-layer': BASEMAP_TILE_LAYER,
        filter: kind(BasemapFeatureKind.COUNTY),
        paint: { 'fill-color': '#f6f3ec' },
      },
      {
        id: 'municipality-boundaries',
        type: 'line',
        source: 'basemap',
        'source-layer': BASEMAP_TILE_LAYER,
        minzoom: 5,
        filter: kind(BasemapFeatureKind.MUNICIPALITY),
        paint: { 'line-color': '#b8ad9b', 'line-width': ['interpolate', ['linear'], ['zoom'], 5, 0.4, 10, 1.2] },
      },
      {
        id: 'county-boundaries',
        type: 'line',
        source: 'basemap',
        'source-layer': BASEMAP_TILE_LAYER,
        filter: kind(BasemapFeatureKind.COUNTY),
        paint: { 'line-color': '#7d6f5b', 'line-width': ['interpolate', ['linear'], ['zoom'], 3, 0.6, 10, 2] },
      },
      {
        id: 'county-labels',
        type: 'symbol',
        source: 'basemap',
        'source-layer': BASEMAP_TILE_LAYER,
        maxzoom: 7,
        filter: kind(BasemapFeatureKind.COUNTY_LABEL),
        layout: {
          'text-field': ['get', 'name'],
          'text-font': FONT,
          'text-size': 13,
          'text-transform': 'uppercase',
          'text-letter-spacing': 0.08,
        },
        paint: { 'text-color': '#5b4f3e', 'text-halo-color': '#ffffff', 'text-halo-width': 1.5 },
      },
      {
        id: 'municipality-labels',
        type: 'symbol',
        source: 'basemap',
        'source-layer': BASEMAP_TILE_LAYER,
        minzoom: 7,
        filter: kind(BasemapFeatureKind.MUNICIPALITY_LABEL),
        layout: { 'text-field': ['get', 'name'], 'text-font': FONT, 'text-size': 12 },
        paint: { 'text-color': '#4a4034', 'text-halo-color': '#ffffff', 'text-halo-width': 1.5 },
      },
    ],
  };
}

/** Major-accident level 0–2 (contracts MAP_MAJOR_ACCIDENT_VALUES order) → colour. */
export const MAJOR_ACCIDENT_COLOURS = ['#1f6fb2', '#d97706', '#c21b2f'] as const;
export const CLUSTER_COLOUR = '#0b4f6c';

/** High, medium and low pressure differ in colour, width and dash, so they tell apart without colour too. */
export const GAS_STYLES: Record<PressureClass, { colour: string; width: number; dash: number[] | null }> = {
  [PressureClass.HIGH]: { colour: '#7a0019', width: 4, dash: null },
  [PressureClass.MEDIUM]: { colour: '#b8460b', width: 3, dash: [3, 1.5] },
  [PressureClass.LOW]: { colour: '#3d7a1f', width: 2.5, dash: [1, 1.2] },
};

export const FACILITY_SOURCE = 'facilities';
export const INCIDENT_SOURCE = 'incident';
export const INCIDENT_FACILITY_LAYER = 'incident-facilities';
export const INCIDENT_HIGHLIGHT_LAYER = 'incident-highlight';
/** The highlight layer's filter: the marked facility's id, or none (-1 matches no facility). */
export const incidentHighlightFilter = (facilityId: number | null): ExpressionSpecification => [
  'all',
  ['==', ['get', 'role'], 'facility'],
  ['==', ['get', 'id'], facilityId ?? -1],
];

/** A facility's circle by major-accident level, count at its position and explosives: the map's and the incident's. */
const FACILITY_POINT_PAINT = {
  'circle-color': [
    'match',
    ['get', 'level'],
    2,
    MAJOR_ACCIDENT_COLOURS[2],
    1,
    MAJOR_ACCIDENT_COLOURS[1],
    MAJOR_ACCIDENT_COLOURS[0],
  ] as ExpressionSpecification,
  'circle-radius': [
    'case',
    ['>', ['get', 'count'], 1],
    11,
    ['match', ['get', 'level'], 2, 9, 1, 8, 7],
  ] as ExpressionSpecification,
  'circle-stroke-color': ['case', ['get', 'explosives'], '#1b1b1b', '#ffffff'] as ExpressionSpecification,
  'circle-stroke-width': ['case', ['get', 'explosives'], 3, 1.5] as ExpressionSpecification,
};

const role = (value: 'ring' | 'point' | 'facility'): ExpressionSpecification => ['==', ['get', 'role'], value];

/**
 * An incident over the basemap (the incident screen): the radius ring, the facilities inside as
 * the map draws them, a ring around the highlighted one, and the point on top as a black dot
 * ringed in white, so it reads on any basemap and on paper.
 */
export function incidentLayers(): LayerSpecification[] {
  return [
    {
      id: 'incident-ring-fill',
      type: 'fill',
      source: INCIDENT_SOURCE,
      filter: role('ring'),
      paint: { 'fill-color': '#c21b2f', 'fill-opacity': 0.06 },
    },
    {
      id: 'incident-ring',
      type: 'line',
      source: INCIDENT_SOURCE,
      filter: role('ring'),
      paint: { 'line-color': '#c21b2f', 'line-width': 2.5, 'line-dasharray': [3, 1.5] },
    },
    {
      id: INCIDENT_HIGHLIGHT_LAYER,
      type: 'circle',
      source: INCIDENT_SOURCE,
      filter: incidentHighlightFilter(null),
      paint: {
        'circle-radius': 16,
        'circle-color': 'rgba(0, 0, 0, 0)',
        'circle-stroke-color': '#1b1b1b',
        'circle-stroke-width': 3,
      },
    },
    {
      id: INCIDENT_FACILITY_LAYER,
      type: 'circle',
      source: INCIDENT_SOURCE,
      filter: role('facility'),
      paint: FACILITY_POINT_PAINT,
    },
    {
      // Small enough that a facility at the point itself still shows its colour around it.
      id: 'incident-point',
      type: 'circle',
      source: INCIDENT_SOURCE,
      filter: role('point'),
      paint: { 'circle-radius': 3.5, 'circle-color': '#1b1b1b', 'circle-stroke-color': '#ffffff', 'circle-stroke-width': 2 },
    },
  ];
}
export const AREA_SOURCE = 'areas';

const areaRole = (value: 'area' | 'arrow-shaft' | 'arrow-head' | 'label' | 'arrow-label' | 'point'): ExpressionSpecification => [
  '==',
  ['get', 'role'],
  value,
];
const AREA_DASHES = { solid: null, dashed: [4, 2], dotted: [0.5, 1.5] } as const;

/**
 * Labelled areas (the ERG's zones) under everything else FAST draws: each area in its own colour
 * with a light fill, its outline solid, dashed or dotted so that the areas tell apart without
 * colour too, and the arrow (the wind).
 */
export function areaLayers(): LayerSpecification[] {
  return [
    {
      id: 'area-fill',
      type: 'fill',
      source: AREA_SOURCE,
      filter: areaRole('area'),
      paint: { 'fill-color': ['get', 'colour'], 'fill-opacity': 0.1 },
    },
    ...Object.entries(AREA_DASHES).map(
      ([line, dash]): LayerSpecification => ({
        id: `area-line-${line}`,
        type: 'line',
        source: AREA_SOURCE,
        filter: ['all', areaRole('area'), ['==', ['get', 'line'], line]],
        layout: { 'line-join': 'round', 'line-cap': line === 'dotted' ? 'round' : 'butt' },
        paint: { 'line-color': ['get', 'colour'], 'line-width': 3, ...(dash ? { 'line-dasharray': [...dash] } : {}) },
      }),
    ),
    {
      id: 'area-arrow-shaft',
      type: 'line',
      source: AREA_SOURCE,
      filter: areaRole('arrow-shaft'),
      layout: { 'line-cap': 'round' },
      paint: { 'line-color': ['get', 'colour'], 'line-width': 4 },
    },
    {
      id: 'area-arrow-head',
      type: 'fill',
      source: AREA_SOURCE,
      filter: areaRole('arrow-head'),
      paint: { 'fill-color': ['get', 'colour'] },
    },
  ];
}

/** The areas' labels and their point, over the facilities: what each area is must stay readable. */
export function areaLabelLayers(): LayerSpecification[] {
  return [
    {
      id: 'area-point',
      type: 'circle',
      source: AREA_SOURCE,
      filter: areaRole('point'),
      paint: { 'circle-radius': 5, 'circle-color': '#1b1b1b', 'circle-stroke-color': '#ffffff', 'circle-stroke-width': 2 },
    },
    // The arrow's label at its tail, running towards the areas: the first side of the tail where it
    // fits. Under the zones' labels, which are placed first (MapLibre places the top layer first).
    ...(['west', 'east'] as const).map(
      (side): LayerSpecification => ({
        id: `area-arrow-label-${side}`,
        type: 'symbol',
        source: AREA_SOURCE,
        filter: ['all', areaRole('arrow-label'), ['==', ['get', 'side'], side]],
        layout: {
          'text-field': ['get', 'label'],
          'text-font': FONT,
          'text-size': 12,
          'text-variable-anchor':
            side === 'west'
              ? ['top-left', 'bottom-left', 'left', 'top', 'bottom']
              : ['top-right', 'bottom-right', 'right', 'top', 'bottom'],
          'text-radial-offset': 0.5,
          'text-padding': 2,
        },
        paint: { 'text-color': ['get', 'colour'], 'text-halo-color': '#ffffff', 'text-halo-width': 2 },
      }),
    ),
    {
      id: 'area-labels',
      type: 'symbol',
      source: AREA_SOURCE,
      filter: areaRole('label'),
      layout: {
        'text-field': ['get', 'label'],
        'text-font': FONT,
        'text-size': 12,
        'text-max-width': 16,
        // Outside its circle (the point is on the ring, the text away from the centre).
        'text-anchor': ['get', 'anchor'],
        'text-justify': 'auto',
        'text-line-height': 1.25,
        'symbol-sort-key': ['get', 'order'],
        'text-allow-overlap': false,
        'text-padding': 4,
      },
      paint: { 'text-color': ['get', 'colour'], 'text-halo-color': '#ffffff', 'text-halo-width': 2 },
    },
  ];
}

export const VULNERABLE_SOURCE = 'vulnerable-objects';
export const VULNERABLE_LAYER = 'vulnerable-objects';

/**
 * The vulnerable objects (vulnerable-symbols.ts draws their images, one per kind): hidden until
 * shown, always drawn (an object hidden by another is still an object at risk), the hospital on top.
 */
export function vulnerableLayer(): LayerSpecification {
  return {
    id: VULNERABLE_LAYER,
    type: 'symbol',
    source: VULNERABLE_SOURCE,
    layout: {
      visibility: 'none',
      'icon-image': ['get', 'image'],
      'icon-allow-overlap': true,
      'icon-ignore-placement': true,
      'symbol-sort-key': ['get', 'order'],
    },
  };
}

export const GAS_SOURCE = 'gaspipes';
export const CLUSTER_LAYER = 'facility-clusters';
export const POINT_LAYER = 'facility-points';
export const GAS_LAYERS = Object.values(PressureClass).map((pressure) => `gaspipes-${pressure}`);

/** The layers FAST draws over any basemap: gas pipelines, then clusters and facilities on top. */
export function overlayLayers(): LayerSpecification[] {
  const gas = Object.values(PressureClass).map(
    (pressure): LayerSpecification => ({
      id: `gaspipes-${pressure}`,
      type: 'line',
      source: GAS_SOURCE,
      filter: ['==', ['get', 'pressureClass'], pressure],
      layout: { visibility: 'none', 'line-cap': 'round', 'line-join': 'round' },
      paint: {
        'line-color': GAS_STYLES[pressure].colour,
        'line-width': GAS_STYLES[pressure].width,
        ...(GAS_STYLES[pressure].dash ? { 'line-dasharray': GAS_STYLES[pressure].dash as number[] } : {}),
      },
    }),
  );
  return [
    ...gas,
    {
      id: CLUSTER_LAYER,
      type: 'circle',
      source: FACILITY_SOURCE,
      filter: ['==', ['get', 'cluster'], true],
      paint: {
        'circle-color': CLUSTER_COLOUR,
        'circle-opacity': 0.88,
        'circle-stroke-color': '#ffffff',
        'circle-stroke-width': 2,
        'circle-radius': ['interpolate', ['linear'], ['get', 'count'], 2, 14, 100, 20, 1000, 26, 10000, 34],
      },
    },
    {
      id: 'facility-cluster-counts',
      type: 'symbol',
      source: FACILITY_SOURCE,
      filter: ['==', ['get', 'cluster'], true],
      layout: { 'text-field': ['get', 'label'], 'text-font': FONT, 'text-size': 13, 'text-allow-overlap': true },
      paint: { 'text-color': '#ffffff' },
    },
    {
      id: POINT_LAYER,
      type: 'circle',
      source: FACILITY_SOURCE,
      filter: ['==', ['get', 'cluster'], false],
      paint: FACILITY_POINT_PAINT,
    },
    {
      id: 'facility-position-counts',
      type: 'symbol',
      source: FACILITY_SOURCE,
      filter: ['all', ['==', ['get', 'cluster'], false], ['>', ['get', 'count'], 1]],
      layout: { 'text-field': ['get', 'label'], 'text-font': FONT, 'text-size': 11, 'text-allow-overlap': true },
      paint: { 'text-color': '#ffffff' },
    },
  ];
}
