import type { ReferenceRowProblem } from '@fast/contracts';
import { utmProjection } from '../position/utm.ts';
import type { MunicipalityGeometry } from '../reference/municipality-geometry.ts';
import type { PlaceReference } from '../reference/place-reference.ts';
import { csvLines, LayerFileError, splitFields } from './layer-file.ts';
import type { LayerRow } from './layer-rows.ts';

/**
 * Kartverket's "Matrikkelen – Adresse" as Kartverket publishes it (Geonorge, CC BY 4.0): one
 * semicolon-separated line per address, a header naming the columns, positions in EUREF89 UTM
 * (`EPSG-kode` 25833 in the national file; the per-zone files use 25832 and 25835) as `Nord` and
 * `Øst`. The layer keeps street addresses (`vegadresse`); a cadastral address (`matrikkeladresse`,
 * a property number without a street) is skipped, not refused.
 */

/** The columns read, by Kartverket's names. */
const COLUMNS = {
  id: 'lokalid',
  municipality: 'kommunenummer',
  type: 'adressetype',
  street: 'adressenavn',
  number: 'nummer',
  letter: 'bokstav',
  crs: 'EPSG-kode',
  north: 'Nord',
  east: 'Øst',
  postalCode: 'postnummer',
  postalPlace: 'poststed',
} as const;
type Column = keyof typeof COLUMNS;

const UTM_ZONE_OF_EPSG: Readonly<Record<string, number>> = { '25832': 32, '25833': 33, '25835': 35 };

export interface AddressRow {
  id: number;
  municipalityId: string;
  street: string;
  number: number | null;
  letter: string | null;
  postalCode: string | null;
  postalPlace: string | null;
  latitude: number;
  longitude: number;
}

type ParsedAddress = { row: AddressRow } | { problem: ReferenceRowProblem } | { skipped: true };

/** "KRISTIANSAND S" → "Kristiansand S", for a place the postal code list does not name. */
const titleCase = (text: string) =>
  text.toLowerCase().replace(/(^|[\s-])(\p{L})/gu, (_, before: string, letter: string) => before + letter.toUpperCase());

/**
 * The reader of one file: `header` is its first line. Throws LayerFileError when the header lacks
 * a column the layer needs (not Kartverket's address file).
 */
function addressRowReader(
  header: string,
  reference: { places: PlaceReference; geometry: MunicipalityGeometry },
): (line: string, lineNumber: number) => ParsedAddress {
  const municipalityIds = new Set(reference.places.municipalities.map((m) => m.ref.id));
  const names = splitFields(header);
  const index = {} as Record<Column, number>;
  const missing: string[] = [];
  for (const [key, name] of Object.entries(COLUMNS) as [Column, string][]) {
    index[key] = names.indexOf(name);
    if (index[key] < 0) missing.push(name);
  }
  if (missing.length > 0) {
    throw new LayerFileError(
      `Filen er ikke Kartverkets «Matrikkelen – Adresse» (CSV med semikolon): mangler kolonnene ${missing.join(', ')}.`,
    );
  }

  return (line, lineNumber) => {
    const fields = splitFields(line);
    const problem = (code: ReferenceRowProblem['reasons'][number]['code'], params: Record<string, string | number>) => ({
      problem: { line: lineNumber, reasons: [{ code, params }] },
    });
    if (fields.length !== names.length) return problem('wrongFieldCount', { expected: names.length, actual: fields.length });
    const value = (column: Column) => (fields[index[column]] ?? '').trim();
    if (value('type') !== 'vegadresse') return { skipped: true };

    for (const column of ['id', 'municipality', 'street', 'north', 'east', 'crs'] as const) {
      if (value(column) === '') return problem('missingValue', { column: COLUMNS[column] });
    }
    const id = Number(value('id'));
    if (!Number.isSafeInteger(id) || id < 1) return problem('notANumber', { column: COLUMNS.id, value: value('id') });
    const municipalityId = value('municipality');
    if (!municipalityIds.has(municipalityId)) return problem('unknownMunicipality', { value: municipalityId });
    const zone = UTM_ZONE_OF_EPSG[value('crs')];
    if (zone === undefined) return problem('unsupportedCrs', { value: value('crs') });
    const number = value('number') === '' ? null : Number(value('number'));
    if (number !== null && !Number.isSafeInteger(number))
      return problem('notANumber', { column: COLUMNS.number, value: value('number') });
    const north = Number(value('north'));
    const east = Number(value('east'));
    if (!Number.isFinite(north)) return problem('notANumber', { column: COLUMNS.north, value: value('north') });
    if (!Number.isFinite(east)) return problem('notANumber', { column: COLUMNS.east, value: value('east') });

    const [longitude, latitude] = utmProjection(zone).inverse([east, north]) as [number, number];
    if (!reference.geometry.insideNorway(longitude, latitude)) {
      return problem('outsideNorway', {
        latitude: Math.round(latitude * 1e6) / 1e6,
        longitude: Math.round(longitude * 1e6) / 1e6,
      });
    }
    const postalCode = /^\d{4}$/.test(value('postalCode')) ? value('postalCode') : null;
    const listedPlace = postalCode ? reference.places.postalCode(postalCode)?.place : undefined;
    return {
      row: {
        id,
        municipalityId,
        street: value('street'),
        number,
        letter: value('letter') || null,
        postalCode,
        postalPlace: listedPlace ?? (value('postalPlace') ? titleCase(value('postalPlace')) : null),
        latitude: Math.round(latitude * 1e7) / 1e7,
        longitude: Math.round(longitude * 1e7) / 1e7,
      },
    };
  };
}

/** The rows of an address file (Kartverket's CSV, or the zip it comes in), each with its line. */
export async function* addressRows(
  path: string,
  format: 'csv' | 'zip',
  reference: { places: PlaceReference; geometry: MunicipalityGeometry },
): AsyncGenerator<LayerRow<AddressRow>> {
  const lines = csvLines(path, format);
  const header = await lines.next();
  if (header.done) throw new LayerFileError('Filen er tom.');
  const readRow = addressRowReader(header.value, reference);
  let lineNumber = 1;
  for await (const line of lines) {
    lineNumber++;
    if (line.trim() === '') continue;
    const parsed = readRow(line, lineNumber);
    yield { line: lineNumber, parsed: 'row' in parsed ? { row: parsed.row, id: parsed.row.id } : parsed };
  }
}
