import {
  type ImportDocument,
  ImportFacilityRecord,
  ImportGasPipelineRecord,
  type ImportParty,
  isValidOrganisationNumber,
} from '@fast/contracts';
import { Compile } from 'typebox/compile';
import type { MunicipalityGeometry } from './municipality-geometry.ts';
import type { RawRecord } from './record-reader.ts';
import type { Catalogue } from './register.repository.ts';

const checkFacility = Compile(ImportFacilityRecord);
const checkPipeline = Compile(ImportGasPipelineRecord);

export interface ValidationContext {
  catalogue: Catalogue;
  geometry: MunicipalityGeometry;
  /** postal code → municipality id, from the reference data. */
  postalCodes: Map<string, string>;
  /** 'YYYY-MM-DD'; dates after it are refused. */
  today: string;
}

export type Validated =
  | { kind: 'facility'; line: number; id: number; record: ImportFacilityRecord; warnings: string[] }
  | { kind: 'gasPipeline'; line: number; id: string; record: ImportGasPipelineRecord; warnings: string[] }
  | { kind: 'invalid'; line: number; id: number | string | null; errors: string[]; warnings: string[] };

const MAX_SCHEMA_ERRORS = 5;
const PDF_MAGIC = 'JVBERi0'; // base64 of "%PDF-"

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Parses and checks one raw record; all reasons are English sentences naming the field. */
export function validateRecord(raw: RawRecord, ctx: ValidationContext): Validated {
  let value: unknown;
  try {
    value = JSON.parse(raw.text);
  } catch (error) {
    return invalid(raw.line, null, [`not valid JSON (${(error as Error).message})`]);
  }
  if (raw.geojson) {
    const converted = featureToRecord(value);
    if (typeof converted === 'string') return invalid(raw.line, idOf(value, true), [converted]);
    value = converted;
  }
  if (!isObject(value)) return invalid(raw.line, null, ['a record must be a JSON object']);
  return value.recordType === 'gasPipeline' ? validatePipeline(raw.line, value, ctx) : validateFacility(raw.line, value, ctx);
}

function idOf(value: unknown, feature = false): number | string | null {
  const source = feature && isObject(value) ? value.properties : value;
  if (!isObject(source)) return null;
  const id = source.id;
  return typeof id === 'number' || typeof id === 'string' ? id : null;
}

function invalid(line: number, id: number | string | null, errors: string[], warnings: string[] = []): Validated {
  return { kind: 'invalid', line, id, errors, warnings };
}

/** GeoJSON Feature → record: a Point (or null) geometry is a facility's position, a line a pipeline. */
function featureToRecord(value: unknown): Json | string {
  if (!isObject(value) || value.type !== 'Feature') return 'a GeoJSON feature must have "type": "Feature"';
  if (!isObject(value.properties)) return 'a GeoJSON feature must have a "properties" object';
  const geometry = value.geometry;
  if (geometry === null) return { ...value.properties, position: null };
  if (!isObject(geometry)) return "the feature's geometry must be an object or null";
  if (geometry.type === 'Point') {
    const c = geometry.coordinates;
    if (!Array.isArray(c) || typeof c[0] !== 'number' || typeof c[1] !== 'number') {
      return 'a Point geometry needs [longitude, latitude]';
    }
    return { ...value.properties, position: { longitude: c[0], latitude: c[1] } };
  }
  if (geometry.type === 'LineString' || geometry.type === 'MultiLineString') {
    return { recordType: 'gasPipeline', ...value.properties, geometry };
  }
  return `geometry type ${String(geometry.type)} is not supported (Point or null for facilities, LineString or MultiLineString for gas pipelines)`;
}

function schemaErrors(errors: Iterable<{ instancePath: string; message: string }>): string[] {
  const out: string[] = [];
  for (const e of errors) {
    out.push(`${e.instancePath || '(record)'} ${e.message}`);
    if (out.length === MAX_SCHEMA_ERRORS) break;
  }
  return out;
}

function validatePipeline(line: number, value: Json, ctx: ValidationContext): Validated {
  const id = idOf(value);
  if (!checkPipeline.Check(value)) return invalid(line, id, schemaErrors(checkPipeline.Errors(value)));
  const record = value as ImportGasPipelineRecord;
  const lines = record.geometry.type === 'LineString' ? [record.geometry.coordinates] : record.geometry.coordinates;
  const outside = lines.flat().find(([x, y]) => !ctx.geometry.insideNorway(x ?? Number.NaN, y ?? Number.NaN));
  if (outside) return invalid(line, record.id, [`pipeline point (${outside[0]}, ${outside[1]}) is outside Norway`]);
  return { kind: 'gasPipeline', line, id: record.id, record, warnings: [] };
}

function checkParty(party: ImportParty | null | undefined, label: string, errors: string[]) {
  const number = party?.organisationNumber;
  if (number && !isValidOrganisationNumber(number)) {
    errors.push(`${label} organisation number ${number} has a wrong check digit`);
  }
}

function checkDocument(document: ImportDocument | null | undefined, label: string, ctx: ValidationContext, errors: string[]) {
  if (!document) return;
  // A full character check of megabytes of base64 costs more than the rest of the validation; the
  // prefix and the length catch files that are not base64-encoded PDFs.
  if (!document.contentBase64.startsWith(PDF_MAGIC) || document.contentBase64.length % 4 !== 0) {
    errors.push(`${label} is not a base64-encoded PDF`);
  }
  if (document.date > ctx.today) errors.push(`${label} date ${document.date} is in the future`);
}

function validateFacility(line: number, value: Json, ctx: ValidationContext): Validated {
  const id = idOf(value);
  if (!checkFacility.Check(value)) return invalid(line, id, schemaErrors(checkFacility.Errors(value)));
  const record = value as ImportFacilityRecord;
  const errors: string[] = [];
  const warnings: string[] = [];
  const { catalogue, today } = ctx;
  const municipality = record.address.municipalityId;

  if (!catalogue.municipalities.has(municipality)) errors.push(`unknown municipality ${municipality}`);

  // Owner and client
  checkParty(record.owner, 'owner', errors);
  checkParty(record.client, 'client', errors);
  if (record.ownerType === 'PRIVATE_PERSON' && record.owner.organisationNumber) {
    errors.push('a private person has no organisation number');
  }
  if (record.ownerType !== 'PRIVATE_PERSON' && !record.owner.organisationNumber) {
    warnings.push(`owner of type ${record.ownerType} has no organisation number`);
  }

  // Position
  if (record.position) {
    const { longitude, latitude } = record.position;
    if (!ctx.geometry.insideNorway(longitude, latitude)) {
      errors.push(`position (${longitude}, ${latitude}) is outside Norway`);
    } else if (catalogue.municipalities.has(municipality) && !ctx.geometry.contains(municipality, longitude, latitude)) {
      warnings.push(`position (${longitude}, ${latitude}) is outside municipality ${municipality}`);
    }
  } else {
    warnings.push('no position');
  }
  const postalCode = record.address.postalCode;
  if (postalCode) {
    const owner = ctx.postalCodes.get(postalCode);
    if (!owner) warnings.push(`unknown postal code ${postalCode}`);
    else if (owner !== municipality) warnings.push(`postal code ${postalCode} belongs to municipality ${owner}`);
  }

  // Dates
  if (record.updatedOn < record.registeredOn)
    errors.push(`updatedOn ${record.updatedOn} is before registeredOn ${record.registeredOn}`);
  for (const [label, date] of [
    ['registeredOn', record.registeredOn],
    ['updatedOn', record.updatedOn],
    ['firstSubstanceNotificationOn', record.firstSubstanceNotificationOn],
  ] as const) {
    if (date && date > today) errors.push(`${label} ${date} is in the future`);
  }

  // Units and substances
  record.units.forEach((unit, u) => {
    const type = catalogue.unitTypes.get(unit.type);
    if (!type) errors.push(`units[${u}]: unknown facility unit type ${unit.type}`);
    else if (type.explosives !== record.explosives) {
      errors.push(
        `units[${u}]: unit type ${unit.type} ${type.explosives ? 'belongs only to' : 'does not belong to'} explosives facilities`,
      );
    }
    unit.substances.forEach((s, i) => {
      const substance = catalogue.substances.get(s.substance);
      if (!substance) {
        errors.push(`units[${u}].substances[${i}]: unknown substance ${s.substance}`);
        return;
      }
      if (substance.explosives !== record.explosives) {
        errors.push(
          `units[${u}].substances[${i}]: ${s.substance} ${substance.explosives ? 'is an explosive, but the facility is not an explosives facility' : 'is not an explosive, but the facility is an explosives facility'}`,
        );
      }
      if (s.hazardDivision && !substance.explosives) {
        errors.push(`units[${u}].substances[${i}]: a hazard division belongs only to explosives`);
      }
    });
  });
  if (record.units.every((u) => u.substances.length === 0)) errors.push('the facility has no substances');

  // Inspections
  record.inspections.forEach((inspection, i) => {
    const label = `inspections[${i}]`;
    if (inspection.status === 'PLANNED') {
      if (inspection.report || inspection.inspectedOn || inspection.deviations > 0 || inspection.remarks > 0) {
        errors.push(`${label}: a planned inspection has no date, findings or report`);
      }
    } else if (String(inspection.year) > today.slice(0, 4)) {
      errors.push(`${label}: a done inspection in ${inspection.year} is in the future`);
    }
    if (inspection.inspectedOn) {
      if (inspection.inspectedOn > today) errors.push(`${label}: inspectedOn ${inspection.inspectedOn} is in the future`);
      if (inspection.inspectedOn.slice(0, 4) !== String(inspection.year)) {
        errors.push(`${label}: inspectedOn ${inspection.inspectedOn} is not in year ${inspection.year}`);
      }
    }
    checkDocument(inspection.report, `${label}.report`, ctx, errors);
  });

  // Notifications
  record.notifications.forEach((n, i) => {
    if (n.submittedOn > today) errors.push(`notifications[${i}]: submittedOn ${n.submittedOn} is in the future`);
    checkDocument(n.receipt, `notifications[${i}].receipt`, ctx, errors);
  });

  // Accidents
  const references = new Set<string>();
  record.accidents.forEach((a, i) => {
    const label = `accidents[${i}]`;
    if (references.has(a.referenceNumber)) errors.push(`${label}: reference number ${a.referenceNumber} appears twice`);
    references.add(a.referenceNumber);
    if (a.occurredOn > today) errors.push(`${label}: occurredOn ${a.occurredOn} is in the future`);
    if (a.substance && !catalogue.substances.has(a.substance)) errors.push(`${label}: unknown substance ${a.substance}`);
    if ((a.quantityReleased == null) !== (a.quantityUnit == null)) {
      errors.push(`${label}: quantityReleased and quantityUnit go together`);
    }
    checkDocument(a.report, `${label}.report`, ctx, errors);
  });

  if (errors.length > 0) return invalid(line, record.id, errors, warnings);
  return { kind: 'facility', line, id: record.id, record, warnings };
}
