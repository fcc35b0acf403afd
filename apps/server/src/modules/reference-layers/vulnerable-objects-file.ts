import { readFile } from 'node:fs/promises';
import { type ReferenceRowProblem, VULNERABLE_OBJECT_KINDS, type VulnerableObjectKind } from '@fast/contracts';
import { utmProjection } from '../position/utm.ts';
import type { MunicipalityGeometry } from '../reference/municipality-geometry.ts';
import { csvLines, LayerFileError, splitFields } from './layer-file.ts';
import type { LayerRow } from './layer-rows.ts';

/**
 * The `vulnerable-objects` layer's files (docs/reference-layers.md): a GeoJSON FeatureCollection
 * of points in WGS84 (RFC 7946), or a CSV with a header, separated by semicolons or commas, with
 * WGS84 `latitude`/`longitude` or EUREF89 UTM `epsg`/`north`/`east` (25832, 25833, 25835), as
 * the registers and the county's own lists give them. Kinds in English or Norwegian.
 */

export interface VulnerableObjectRow {
  sourceId: string;
  kind: VulnerableObjectKind;
  name: string;
  address: string | null;
  municipalityId: string | null;
  capacity: number | null;
  latitude: number;
  longitude: number;
}

/** A kind as the file may write it: FAST's own, or the register's Norwegian word. */
const KIND_OF: Readonly<Record<string, VulnerableObjectKind>> = {
  ...Object.fromEntries(VULNERABLE_OBJECT_KINDS.map((kind) => [kind, kind])),
  barnehage: 'kindergarten',
  skole: 'school',
  grunnskole: 'school',
  'videregående skole': 'school',
  sykehjem: 'care-home',
  sykehus: 'hospital',
};

/** The attributes of one object, however the file named them: first name wins, case ignored. */
const NAMES = {
  sourceId: ['sourceid', 'source_id', 'id', 'kildeid', 'kilde_id', 'orgnr', 'organisasjonsnummer'],
  kind: ['kind', 'type', 'kategori'],
  name: ['name', 'navn'],
  address: ['address', 'adresse'],
  capacity: ['capacity', 'kapasitet'],
  latitude: ['latitude', 'lat', 'breddegrad'],
  longitude: ['longitude', 'lon', 'lengdegrad'],
  epsg: ['epsg', 'epsg-kode'],
  north: ['north', 'nord'],
  east: ['east', 'øst', 'ost'],
} as const;
type Attribute = keyof typeof NAMES;

const UTM_ZONE_OF_EPSG: Readonly<Record<string, number>> = { '25832': 32, '25833': 33, '25835': 35 };

type Values = Partial<Record<Attribute, string>>;
type Problem = ReferenceRowProblem['reasons'][number];

const text = (value: unknown): string =>
  value === undefined || value === null ? '' : typeof value === 'object' ? JSON.stringify(value) : String(value).trim();

/** One object from its attributes as text (a CSV line's fields, a feature's properties). */
function readObject(values: Values, geometry: MunicipalityGeometry): { row: VulnerableObjectRow } | { problem: Problem } {
  for (const attribute of ['sourceId', 'kind', 'name'] as const) {
    if (!values[attribute]) return { problem: { code: 'missingValue', params: { column: NAMES[attribute][0] } } };
  }
  const kind = KIND_OF[(values.kind ?? '').toLowerCase()];
  if (!kind) return { problem: { code: 'unknownKind', params: { value: values.kind ?? '' } } };
  let capacity: number | null = null;
  if (values.capacity) {
    capacity = Number(values.capacity);
    if (!Number.isSafeInteger(capacity) || capacity < 0) {
      return { problem: { code: 'notANumber', params: { column: NAMES.capacity[0], value: values.capacity } } };
    }
  }
  let latitude: number;
  let longitude: number;
  if (values.epsg || values.north || values.east) {
    for (const attribute of ['epsg', 'north', 'east'] as const) {
      if (!values[attribute]) return { problem: { code: 'missingValue', params: { column: NAMES[attribute][0] } } };
    }
    const zone = UTM_ZONE_OF_EPSG[values.epsg ?? ''];
    if (zone === undefined) return { problem: { code: 'unsupportedCrs', params: { value: values.epsg ?? '' } } };
    const [north, east] = [Number(values.north), Number(values.east)];
    if (!Number.isFinite(north))
      return { problem: { code: 'notANumber', params: { column: 'north', value: values.north ?? '' } } };
    if (!Number.isFinite(east)) return { problem: { code: 'notANumber', params: { column: 'east', value: values.east ?? '' } } };
    [longitude, latitude] = utmProjection(zone).inverse([east, north]) as [number, number];
  } else {
    for (const attribute of ['latitude', 'longitude'] as const) {
      const value = values[attribute];
      if (!value) return { problem: { code: 'missingValue', params: { column: attribute } } };
      if (!Number.isFinite(Number(value))) return { problem: { code: 'notANumber', params: { column: attribute, value } } };
    }
    [latitude, longitude] = [Number(values.latitude), Number(values.longitude)];
  }
  latitude = Math.round(latitude * 1e7) / 1e7;
  longitude = Math.round(longitude * 1e7) / 1e7;
  if (!geometry.insideNorway(longitude, latitude)) {
    return { problem: { code: 'outsideNorway', params: { latitude, longitude } } };
  }
  return {
    row: {
      sourceId: values.sourceId ?? '',
      kind,
      name: values.name ?? '',
      address: values.address || null,
      municipalityId: geometry.municipalityAt(longitude, latitude),
      capacity,
      latitude,
      longitude,
    },
  };
}

const parsed = (line: number, result: { row: VulnerableObjectRow } | { problem: Problem }): LayerRow<VulnerableObjectRow> => ({
  line,
  parsed: 'row' in result ? { row: result.row, id: result.row.sourceId } : { problem: { line, reasons: [result.problem] } },
});

async function* csvRows(path: string, geometry: MunicipalityGeometry): AsyncGenerator<LayerRow<VulnerableObjectRow>> {
  const lines = csvLines(path, 'csv');
  const header = await lines.next();
  if (header.done) throw new LayerFileError('Filen er tom.');
  const separator = header.value.includes(';') ? ';' : ',';
  const columns = splitFields(header.value, separator).map((name) => name.trim().toLowerCase());
  const index = new Map<Attribute, number>();
  for (const [attribute, names] of Object.entries(NAMES) as [Attribute, readonly string[]][]) {
    const at = columns.findIndex((column) => names.includes(column));
    if (at >= 0) index.set(attribute, at);
  }
  const lacks = (['sourceId', 'kind', 'name'] as const).filter((a) => !index.has(a));
  const positioned = (index.has('latitude') && index.has('longitude')) || (index.has('north') && index.has('east'));
  if (lacks.length > 0 || !positioned) {
    throw new LayerFileError(
      `Filen mangler kolonner for sårbare objekter: ${[...lacks.map((a) => NAMES[a][0]), ...(positioned ? [] : ['latitude/longitude eller epsg/north/east'])].join(', ')}.`,
    );
  }
  let lineNumber = 1;
  for await (const line of lines) {
    lineNumber++;
    if (line.trim() === '') continue;
    const fields = splitFields(line, separator);
    if (fields.length !== columns.length) {
      yield {
        line: lineNumber,
        parsed: {
          problem: {
            line: lineNumber,
            reasons: [{ code: 'wrongFieldCount', params: { expected: columns.length, actual: fields.length } }],
          },
        },
      };
      continue;
    }
    const values: Values = {};
    for (const [attribute, at] of index) values[attribute] = (fields[at] ?? '').trim();
    yield parsed(lineNumber, readObject(values, geometry));
  }
}

/**
 * The line each element of the top-level `features` array starts on: a scan of the text that
 * follows strings and nesting, so a refused feature is reported by its line as a CSV row is.
 */
export function featureLines(json: string): number[] {
  const lines: number[] = [];
  let line = 1;
  let depth = 0;
  let inString = false;
  let lastKey = '';
  let stringStart = 0;
  let featuresDepth = -1;
  for (let i = 0; i < json.length; i++) {
    const char = json[i];
    if (char === '\n') line++;
    if (inString) {
      if (char === '\\') i++;
      else if (char === '"') {
        inString = false;
        if (depth === 1) lastKey = json.slice(stringStart, i);
      }
      continue;
    }
    if (char === '"') {
      inString = true;
      stringStart = i + 1;
    } else if (char === '{' || char === '[') {
      if (depth === featuresDepth) lines.push(line);
      depth++;
      if (char === '[' && depth === 2 && lastKey === 'features') featuresDepth = 2;
    } else if (char === '}' || char === ']') {
      depth--;
      if (depth < featuresDepth) featuresDepth = -1;
    }
  }
  return lines;
}

/** A GeoJSON file is read whole: the country's schools, kindergartens and institutions are ~12 000 points, a few MB. */
export const VULNERABLE_GEOJSON_MAX_BYTES = 64 * 1024 * 1024;

async function* geoJsonRows(path: string, geometry: MunicipalityGeometry): AsyncGenerator<LayerRow<VulnerableObjectRow>> {
  const json = (await readFile(path, 'utf8')).replace(/^\uFEFF/, '');
  if (json.length > VULNERABLE_GEOJSON_MAX_BYTES) {
    throw new LayerFileError(`GeoJSON-filen er større enn ${VULNERABLE_GEOJSON_MAX_BYTES / 1024 / 1024} MB; bruk CSV.`);
  }
  let document: { type?: unknown; features?: unknown };
  try {
    document = JSON.parse(json);
  } catch (error) {
    throw new LayerFileError(`Filen er ikke gyldig JSON (${(error as Error).message}).`);
  }
  if (document?.type !== 'FeatureCollection' || !Array.isArray(document.features)) {
    throw new LayerFileError('Filen er ikke en GeoJSON FeatureCollection.');
  }
  const lines = featureLines(json);
  for (const [i, feature] of (document.features as Record<string, unknown>[]).entries()) {
    const line = lines[i] ?? 1;
    const geometryOf = (feature?.geometry ?? null) as { type?: unknown; coordinates?: unknown } | null;
    const coordinates = geometryOf?.coordinates as unknown[] | undefined;
    if (geometryOf?.type !== 'Point' || !Array.isArray(coordinates)) {
      yield parsed(line, { problem: { code: 'notAPoint', params: { type: text(geometryOf?.type) || 'null' } } });
      continue;
    }
    const properties = (feature.properties ?? {}) as Record<string, unknown>;
    const lowered = new Map(Object.entries(properties).map(([key, value]) => [key.toLowerCase(), value]));
    const values: Values = { longitude: text(coordinates[0]), latitude: text(coordinates[1]) };
    for (const attribute of ['sourceId', 'kind', 'name', 'address', 'capacity'] as const) {
      const name = NAMES[attribute].find((n) => lowered.has(n));
      values[attribute] = name ? text(lowered.get(name)) : attribute === 'sourceId' ? text(feature.id) : '';
    }
    yield parsed(line, readObject(values, geometry));
  }
}

/** The rows of a vulnerable-objects file; throws LayerFileError for a file that is not one. */
export function vulnerableObjectRows(
  path: string,
  format: 'csv' | 'geojson',
  geometry: MunicipalityGeometry,
): AsyncGenerator<LayerRow<VulnerableObjectRow>> {
  return format === 'geojson' ? geoJsonRows(path, geometry) : csvRows(path, geometry);
}
