import {
  type DistanceSetter,
  type FacilityHazardDistances,
  OGC_CONFORMANCE_CLASSES,
  OGC_CRS_LIST,
  type OgcCollection,
  OgcCollectionId,
  type OgcCollections,
  type OgcConformance,
  OgcCrs,
  type OgcFacilityFeature,
  type OgcGasPipelineFeature,
  type OgcLanding,
  type OgcLink,
  OgcMediaType,
  type OgcQueryables,
  type PressureClass,
} from '@fast/contracts';
import { type SearchReference, unitTypesOf } from '../catalogue/search-reference.ts';
import type { SubstanceTotal } from '../facility/facility-rows.repository.ts';
import type { FeedRow, GasPipelineFeedRow } from './ogc.repository.ts';
import { boxMeetsLine, type LonLatBox, type Project } from './ogc-crs.ts';

/**
 * The feed's documents (OGC API – Features Parts 1 and 2) from its rows: the landing page,
 * conformance, collections, queryables and the features. Each answer is a literal of its
 * contract's schema (the tests check every one against it): the schema is the allow-list.
 */

export const COLLECTION_TEXT: Record<OgcCollectionId, { title: string; description: string }> = {
  [OgcCollectionId.FACILITIES]: {
    title: 'Anlegg',
    description:
      'Anlegg med farlige stoffer i kommunene virksomheten din har tilgang til, med stoffer, UN-numre, storulykkeverdi og største fareavstander. Eksplosivanlegg er aldri med.',
  },
  [OgcCollectionId.GAS_PIPELINES]: {
    title: 'Gassrør',
    description: 'Gassrørledninger med trykklasse.',
  },
};

/** Mainland Norway and the coast, in CRS84: the collections' extent, the same for every caller (it reveals nothing). */
const NORWAY_BBOX = [4.0, 57.9, 31.3, 71.3];

export const link = (href: string, rel: string, type?: string, title?: string): OgcLink => ({
  href,
  rel,
  ...(type ? { type } : {}),
  ...(title ? { title } : {}),
});

/** The json and html forms of a resource: `self` for the one answered, `alternate` for the other. */
export function selfLinks(url: string, format: 'json' | 'html', jsonType: string = OgcMediaType.JSON): OgcLink[] {
  const withF = (f: string) => `${url}${url.includes('?') ? '&' : '?'}f=${f}`;
  const json = link(withF('json'), format === 'json' ? 'self' : 'alternate', jsonType, 'Som JSON');
  const html = link(withF('html'), format === 'html' ? 'self' : 'alternate', OgcMediaType.HTML, 'Som HTML');
  return format === 'json' ? [json, html] : [html, json];
}

export function presentLanding(base: string, format: 'json' | 'html'): OgcLanding {
  return {
    title: 'FAST – anlegg med farlige stoffer',
    description:
      'OGC API – Features for anlegg som håndterer farlige stoffer og gassrør, avgrenset til kommunene virksomheten din har fått tilgang til.',
    links: [
      ...selfLinks(base, format),
      link(`${base}/api`, 'service-desc', OgcMediaType.OPENAPI, 'API-beskrivelsen (OpenAPI 3.0)'),
      link(`${base}/conformance`, 'conformance', OgcMediaType.JSON, 'Standardene tjenesten følger'),
      link(`${base}/collections`, 'data', OgcMediaType.JSON, 'Samlingene'),
    ],
  };
}

export function presentConformance(): OgcConformance {
  return { conformsTo: [...OGC_CONFORMANCE_CLASSES] };
}

export function presentCollection(base: string, id: OgcCollectionId, format: 'json' | 'html' = 'json'): OgcCollection {
  const url = `${base}/collections/${id}`;
  return {
    id,
    title: COLLECTION_TEXT[id].title,
    description: COLLECTION_TEXT[id].description,
    itemType: 'feature',
    extent: { spatial: { bbox: [NORWAY_BBOX], crs: OgcCrs.CRS84 } },
    crs: [...OGC_CRS_LIST],
    storageCrs: OgcCrs.CRS84,
    links: [
      ...selfLinks(url, format),
      link(`${url}/items`, 'items', OgcMediaType.GEOJSON, `${COLLECTION_TEXT[id].title} som GeoJSON`),
      link(`${url}/items?f=html`, 'items', OgcMediaType.HTML, `${COLLECTION_TEXT[id].title} som HTML`),
      link(`${url}/queryables`, 'http://www.opengis.net/def/rel/ogc/1.0/queryables', OgcMediaType.SCHEMA, 'Egenskapene'),
    ],
  };
}

export function presentCollections(base: string, format: 'json' | 'html'): OgcCollections {
  return {
    links: selfLinks(`${base}/collections`, format),
    collections: Object.values(OgcCollectionId).map((id) => presentCollection(base, id)),
    crs: [...OGC_CRS_LIST],
  };
}

const QUERYABLES: Record<OgcCollectionId, Record<string, Record<string, unknown>>> = {
  [OgcCollectionId.FACILITIES]: {
    geometry: { $ref: 'https://geojson.org/schema/Point.json', title: 'Posisjon' },
    id: { type: 'integer', title: 'Anleggs-id' },
    name: { type: 'string', title: 'Navn' },
    municipalityCode: { type: 'string', title: 'Kommunenummer (filter: municipality)', pattern: '^[0-9]{4}$' },
    municipalityName: { type: 'string', title: 'Kommune' },
    majorAccident: {
      type: 'string',
      title: 'Storulykkeverdi (filter: majorAccident)',
      enum: ['NOT_AFFECTED', 'PARAGRAPH_SIX', 'PARAGRAPH_NINE'],
    },
    facilityUnits: { type: 'string', title: 'Anleggsenheter' },
    substances: { type: 'string', title: 'Stoffer' },
    unNumbers: { type: 'string', title: 'UN-numre' },
    isolationMetres: { type: 'number', title: 'Største sikkerhetsavstand (m)' },
    evacuationMetres: { type: 'number', title: 'Største evakueringsavstand (m)' },
    fireMetres: { type: 'number', title: 'Største avstand ved brann (m)' },
    hazardEdition: { type: 'string', title: 'Utgaven avstandene er hentet fra' },
    updated: { type: 'string', format: 'date', title: 'Sist oppdatert (filter: datetime)' },
    url: { type: 'string', format: 'uri', title: 'Anleggets side i FAST' },
  },
  [OgcCollectionId.GAS_PIPELINES]: {
    geometry: { $ref: 'https://geojson.org/schema/LineString.json', title: 'Trasé' },
    id: { type: 'string', title: 'Id' },
    name: { type: 'string', title: 'Navn' },
    owner: { type: 'string', title: 'Eier' },
    pressureClass: { type: 'string', title: 'Trykklasse', enum: ['HIGH', 'MEDIUM', 'LOW'] },
    maximumOperatingPressureBar: { type: 'number', title: 'Høyeste driftstrykk (bar)' },
    diameterMm: { type: 'number', title: 'Diameter (mm)' },
  },
};

export function presentQueryables(base: string, id: OgcCollectionId): OgcQueryables {
  return {
    $schema: 'https://json-schema.org/draft/2020-12/schema',
    $id: `${base}/collections/${id}/queryables`,
    type: 'object',
    title: COLLECTION_TEXT[id].title,
    properties: QUERYABLES[id],
    additionalProperties: false,
  };
}

const QUANTITY = new Intl.NumberFormat('nb-NO', { maximumFractionDigits: 3 });

/**
 * The texts a facility's lists make, kept per reference: a register has few lists of unit types
 * (the benchmark's 112 500 facilities: 17), and naming each row's anew is most of a page's work.
 */
const unitTexts = new WeakMap<SearchReference, Map<string, string>>();

function facilityUnitsText(ids: readonly number[], reference: SearchReference): string {
  let texts = unitTexts.get(reference);
  if (!texts) {
    texts = new Map();
    unitTexts.set(reference, texts);
  }
  const key = ids.join(',');
  let text = texts.get(key);
  if (text === undefined) {
    text = unitTypesOf(ids, reference)
      .map((t) => t.description)
      .join(', ');
    texts.set(key, text);
  }
  return text;
}

/** The properties a facility's stored substances make: the same for every facility storing the same list. */
export interface StoredProperties {
  /** "Propan (UN 1978) 2,5 tonn; Diesel (UN 1202) 60 m3". */
  substances: string;
  /** The distinct UN numbers, "1978,1202". */
  unNumbers: string;
  isolationMetres: number | null;
  evacuationMetres: number | null;
  fireMetres: number | null;
  hazardEdition: string | null;
}

/** "ERG 2016": the guidebook and the edition its figures are from (hazard/ reads PHMSA's ERG tables). */
const editionOf = (setter: DistanceSetter | null) => (setter ? `ERG ${setter.edition}` : null);

const NO_DISTANCES: FacilityHazardDistances = { isolation: null, evacuation: null, fire: null };

export function presentStored(
  totals: readonly SubstanceTotal[],
  distances: FacilityHazardDistances | undefined,
  reference: SearchReference,
): StoredProperties {
  const parts: string[] = [];
  const unNumbers: string[] = [];
  for (const [id, unit, amount] of totals) {
    const known = reference.substances.get(id);
    parts.push(`${known?.nb ?? String(id)}${known ? ` (UN ${known.unNumber})` : ''} ${QUANTITY.format(amount)} ${unit}`);
    if (known && !unNumbers.includes(known.unNumber)) unNumbers.push(known.unNumber);
  }
  const { isolation, evacuation, fire } = distances ?? NO_DISTANCES;
  return {
    substances: parts.join('; '),
    unNumbers: unNumbers.join(','),
    isolationMetres: isolation?.metres ?? null,
    evacuationMetres: evacuation?.metres ?? null,
    fireMetres: fire?.metres ?? null,
    hazardEdition: editionOf(isolation ?? evacuation ?? fire),
  };
}

/** What a facility feature is made with besides its row: the page's reference, CRS and addresses. */
export interface FeatureContext {
  reference: SearchReference;
  project: Project;
  /** The app's origin, for each facility's page (/anlegg/{id}). */
  publicUrl: string;
}

export function presentFacilityFeature(row: FeedRow, stored: StoredProperties, context: FeatureContext): OgcFacilityFeature {
  const [
    id,
    name,
    street,
    postalCode,
    postalPlace,
    municipalityId,
    municipalityName,
    majorAccident,
    longitude,
    latitude,
    unitTypeIds,
    updated,
  ] = row;
  return {
    type: 'Feature',
    id,
    geometry:
      longitude === null || latitude === null ? null : { type: 'Point', coordinates: context.project(longitude, latitude) },
    properties: {
      name,
      street,
      postalCode,
      postalPlace,
      municipalityCode: municipalityId,
      municipalityName,
      majorAccident,
      facilityUnits: facilityUnitsText(unitTypeIds, context.reference),
      substances: stored.substances,
      unNumbers: stored.unNumbers,
      isolationMetres: stored.isolationMetres,
      evacuationMetres: stored.evacuationMetres,
      fireMetres: stored.fireMetres,
      hazardEdition: stored.hazardEdition,
      updated,
      url: `${context.publicUrl}/anlegg/${id}`,
    },
  };
}

type Line = [number, number][];

/** Checked by the database (LineString or MultiLineString) and by the import. */
function linesOf(geometry: unknown): { type: 'LineString' | 'MultiLineString'; lines: Line[] } {
  const g = geometry as { type: 'LineString'; coordinates: Line } | { type: 'MultiLineString'; coordinates: Line[] };
  return g.type === 'LineString' ? { type: g.type, lines: [g.coordinates] } : { type: g.type, lines: g.coordinates };
}

/** Whether the pipeline meets the box. */
export function pipelineMeets(row: GasPipelineFeedRow, box: LonLatBox): boolean {
  return linesOf(row.geometry).lines.some((line) => boxMeetsLine(box, line));
}

export function presentGasPipelineFeature(row: GasPipelineFeedRow, project: Project): OgcGasPipelineFeature {
  const { type, lines } = linesOf(row.geometry);
  const projected = lines.map((line) => line.map(([lon, lat]) => project(lon, lat)));
  return {
    type: 'Feature',
    id: row.id,
    geometry:
      type === 'LineString'
        ? { type: 'LineString', coordinates: projected[0] ?? [] }
        : { type: 'MultiLineString', coordinates: projected },
    properties: {
      name: row.name,
      owner: row.owner,
      pressureClass: row.pressure_class as PressureClass,
      maximumOperatingPressureBar: row.mop_bar,
      diameterMm: row.diameter_mm,
    },
  };
}
