import type { GasPipelineCollection, MapFacility, VulnerableObjectKind } from '@fast/contracts';
import type { Drawing } from './draw-tools.ts';
import type { ClusterFeature } from './facility-index.ts';
import type { LonLat } from './geometry.ts';
import type { MapData } from './map-data.ts';

/**
 * What a screen asks of a map, with no MapLibre in sight: map-controller.ts is the MapLibre one,
 * tests give a fake. Screens get a `CreateMap` from their page, so the map's chunk (MapLibre)
 * comes with the page and never with a screen's tests.
 */

/** Labels of the map's own controls and its basemap's credit, translated when the map is created. */
export interface MapTexts {
  title: string;
  zoomIn: string;
  zoomOut: string;
  resetBearing: string;
  closePopup: string;
  home: string;
  attribution: string;
  /** Said once in the attribution with the offline basemap, which has no roads or place names: the empty map is not the truth. */
  basemapNote: string;
}

export interface MapCallbacks {
  /** A point was chosen on the map: every facility at its position (the map screen's popup). */
  onFacilities?(facilities: MapFacility[]): void;
  /** The clusters and points now in view (for the non-visual list), after each move. */
  onView(features: ClusterFeature[]): void;
  /** A right-click or long-press on the map: the user asks about this point. */
  onPointMenu?(position: LonLat): void;
  /** The pointer entered (or tapped) one of the incident's facilities, or left it (null). */
  onHighlight?(facilityId: number | null): void;
  /** A vulnerable object was clicked or tapped (the map screen's popup). */
  onVulnerable?(object: VulnerablePoint): void;
}

/** A school, kindergarten, care home or hospital as the map draws it (issue 37). */
export interface VulnerablePoint {
  kind: VulnerableObjectKind;
  name: string;
  address: string | null;
  capacity: number | null;
  position: LonLat;
}

/** One facility around an incident, drawn as the map draws facilities. */
export interface IncidentFacility {
  id: number;
  position: LonLat;
  /** Major-accident level 0–2 (MAP_MAJOR_ACCIDENT_VALUES order). */
  level: number;
  explosives: boolean;
}

/** An incident: its point, the ring of its radius and the facilities inside. */
export interface IncidentOverlay {
  center: LonLat;
  radiusMeters: number;
  facilities: readonly IncidentFacility[];
}

/** How an area's outline is drawn: the areas tell apart by their lines, not by colour alone. */
export type AreaLine = 'solid' | 'dashed' | 'dotted';
/** Which side of its text a label's point is on: 'left' puts the text east of the point, 'top-left' south-east. */
export type LabelAnchor =
  | 'center'
  | 'left'
  | 'right'
  | 'top'
  | 'bottom'
  | 'top-left'
  | 'top-right'
  | 'bottom-left'
  | 'bottom-right';

/** An area the map draws that is nobody's drawing (not editable): its outline, colour, line and label. */
export interface MapArea {
  /** One closed ring of [longitude, latitude]. */
  ring: LonLat[];
  colour: string;
  line: AreaLine;
  label: string;
  /** Where the label stands, and which side of the text that point is on. */
  labelAt: LonLat;
  labelAnchor: LabelAnchor;
}

/** An arrow on the map: its shaft, its head (a closed triangle) and a label at its tail. */
export interface MapArrow {
  shaft: LonLat[];
  head: LonLat[];
  colour: string;
  /** Stands at the tail (the shaft's first position), running towards the areas. */
  label: string;
}

/** Labelled areas around a point (the ERG's zones), largest first, with an arrow (the wind) if any. */
export interface AreaOverlay {
  point: LonLat;
  areas: readonly MapArea[];
  arrow: MapArrow | null;
}

export interface MapOptions {
  /** A deployment's basemap style (MAP_STYLE_URL); null for the offline basemap of the server's reference data. */
  styleUrl: string | null;
  texts: MapTexts;
  callbacks: MapCallbacks;
}

export interface MapView {
  /** Draws these facilities (or none), clustered; resolves once they are painted. */
  setData(data: MapData | null): Promise<void>;
  /** Fits the view to [west, south, east, north]; a single position is shown at facility zoom. */
  fitTo(bbox: [number, number, number, number] | null, animate?: boolean): void;
  flyTo(position: LonLat): Promise<void>;
  zoomToCluster(feature: ClusterFeature): Promise<void>;
  setGasPipes(collection: GasPipelineCollection): Promise<void>;
  setGasVisible(visible: boolean): Promise<void>;
  /** Draws these vulnerable objects (their own symbols, under the facilities); resolves once they are painted. */
  setVulnerable(points: readonly VulnerablePoint[]): Promise<void>;
  /** Shows or hides the vulnerable objects' layer (hidden until asked for). */
  setVulnerableVisible(visible: boolean): Promise<void>;
  center(): LonLat;
  /** Opens the popup at a position with this content (closing any other); onClose when the user closes it. */
  showPopup(position: LonLat, content: HTMLElement, onClose: () => void): void;
  closePopup(): void;
  /** Draws an incident (or clears it) and fits the view to its ring; resolves once it is painted. */
  setIncident(incident: IncidentOverlay | null): Promise<void>;
  /** Draws labelled areas under the facilities (or clears them) and fits the view to them; resolves once they are painted. */
  setAreas(overlay: AreaOverlay | null): Promise<void>;
  /** Marks one of the incident's facilities (or none), as the list's hovered row. */
  highlightFacility(facilityId: number | null): void;
  /** The drawing layer (terra-draw, its own chunk), once the map has its style; null if the map was removed meanwhile. */
  loadDrawing(storageKey: string): Promise<Drawing | null>;
  destroy(): void;
}

/** Creates a map in this element; throws when the browser cannot draw one (no WebGL). */
export type CreateMap = (container: HTMLElement, options: MapOptions) => MapView;
