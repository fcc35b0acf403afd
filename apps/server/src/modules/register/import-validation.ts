import {
  type ImportDocument,
  ImportFacilityRecord,
  ImportGasPipelineRecord,
  type ImportParty,
  type ImportReason,
  isValidOrganisationNumber,
} from '@fast/contracts';
import { Compile } from 'typebox/compile';
import type { TValidationError } from 'typebox/error';
import type { MunicipalityGeometry } from '../reference/municipality-geometry.ts';
import { reason, schemaReasons } from './import-reasons.ts';
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
  | { kind: 'facility'; line: number; id: number; record: ImportFacilityRecord; warnings: ImportReason[] }
  | { kind: 'gasPipeline'; line: number; id: string; record: ImportGasPipelineRecord; warnings: ImportReason[] }
  | { kind: 'invalid'; line: number; id: number | string | null; errors: ImportReason[]; warnings: ImportReason[] };

const MAX_SCHEMA_ERRORS = 5;
const PDF_MAGIC = 'JVBERi0'; // base64 of "%PDF-"

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Parses and checks one raw record; the reasons are codes with their parameters (describeReason words them). */
export function validateRecord(raw: RawRecord, ctx: ValidationContext): Validated {
  let value: unknown;
  try {
    value = JSON.parse(raw.text);
  } catch (error) {
    return invalid(raw.line, null, [reason('invalidJson', { detail: (error as Error).message })]);
  }
  if (raw.geojson) {
    const converted = featureToRecord(value);
    if ('code' in converted) return invalid(raw.line, idOf(value, raw, true), [converted]);
    value = converted.record;
  }
  if (!isObject(value)) return invalid(raw.line, null, [reason('notObject', {})]);
  const id = idOf(value, raw);
  return value.recordType === 'gasPipeline'
    ? validatePipeline(raw.line, id, value, ctx)
    : validateFacility(raw.line, id, value, ctx);
}

/**
 * The record's id for the report: an integer as it is, a pipeline's code, and any other number as
 * the text the file has for it (1.5, 1e400, 12345678901234567890), which no number type in the
 * report would carry faithfully. `value` is the record (a feature's properties when `feature`).
 */
function idOf(value: unknown, raw: RawRecord, feature = false): number | string | null {
  const source = feature && isObject(value) ? value.properties : value;
  if (!isObject(source)) return null;
  const id = source.id;
  if (typeof id === 'string') return id;
  if (typeof id !== 'number') return null;
  return Number.isSafeInteger(id) ? id : (sourceTextOfId(raw) ?? String(id));
}

type ReviverContext = { source?: string };

/** The text of the record's id as the file has it (JSON.parse's source text access). */
function sourceTextOfId(raw: RawRecord): string | null {
  const sources = new Map<unknown, string>();
  const reviver = function (this: unknown, key: string, value: unknown, context?: ReviverContext) {
    if (key === 'id' && context?.source !== undefined) sources.set(this, context.source);
    return value;
  };
  const parsed: unknown = JSON.parse(raw.text, reviver as (this: unknown, key: string, value: unknown) => unknown);
  const holder = raw.geojson && isObject(parsed) ? parsed.properties : parsed;
  return sources.get(holder) ?? null;
}

function invalid(line: number, id: number | string | null, errors: ImportReason[], warnings: ImportReason[] = []): Validated {
  return { kind: 'invalid', line, id, errors, warnings };
}

/** GeoJSON Feature → record: a Point (or null) geometry is a facility's position, a line a pipeline. */
function featureToRecord(value: unknown): { record: Json } | ImportReason {
  if (!isObject(value) || value.type !== 'Feature') return reason('notFeature', {});
  if (!isObject(value.properties)) return reason('featureWithoutProperties', {});
  const geometry = value.geometry;
  if (geometry === null) return { record: { ...value.properties, position: null } };
  if (!isObject(geometry)) return reason('geometryNotObject', {});
  if (geometry.type === 'Point') {
    const c = geometry.coordinates;
    if (!Array.isArray(c) || typeof c[0] !== 'number' || typeof c[1] !== 'number') {
      return reason('pointWithoutCoordinates', {});
    }
    return { record: { ...value.properties, position: { longitude: c[0], latitude: c[1] } } };
  }
  if (geometry.type === 'LineString' || geometry.type === 'MultiLineString') {
    return { record: { recordType: 'gasPipeline', ...value.properties, geometry } };
  }
  return reason('unsupportedGeometry', { value: String(geometry.type) });
}

function schemaErrors(errors: Iterable<TValidationError>): ImportReason[] {
  const out: ImportReason[] = [];
  for (const e of errors) {
    out.push(...schemaReasons(e));
    if (out.length >= MAX_SCHEMA_ERRORS) break;
  }
  return out.slice(0, MAX_SCHEMA_ERRORS);
}

function validatePipeline(line: number, id: number | string | null, value: Json, ctx: ValidationContext): Validated {
  if (!checkPipeline.Check(value)) return invalid(line, id, schemaErrors(checkPipeline.Errors(value)));
  const record = value as ImportGasPipelineRecord;
  const lines = record.geometry.type === 'LineString' ? [record.geometry.coordinates] : record.geometry.coordinates;
  const outside = lines.flat().find(([x, y]) => !ctx.geometry.insideNorway(x ?? Number.NaN, y ?? Number.NaN));
  if (outside)
    return invalid(line, record.id, [
      reason('outsideNorway', { longitude: outside[0] ?? Number.NaN, latitude: outside[1] ?? Number.NaN }),
    ]);
  return { kind: 'gasPipeline', line, id: record.id, record, warnings: [] };
}

function checkParty(party: ImportParty | null | undefined, label: string, errors: ImportReason[]) {
  const number = party?.organisationNumber;
  if (number && !isValidOrganisationNumber(number)) {
    errors.push(reason('wrongCheckDigit', { field: label, value: number }));
  }
}

function checkDocument(
  document: ImportDocument | null | undefined,
  label: string,
  ctx: ValidationContext,
  errors: ImportReason[],
) {
  if (!document) return;
  // A full character check of megabytes of base64 costs more than the rest of the validation; the
  // prefix and the length catch files that are not base64-encoded PDFs.
  if (!document.contentBase64.startsWith(PDF_MAGIC) || document.contentBase64.length % 4 !== 0) {
    errors.push(reason('notPdf', { field: label }));
  }
  if (document.date > ctx.today) errors.push(reason('dateInFuture', { field: `${label}.date`, value: document.date }));
}

function validateFacility(line: number, id: number | string | null, value: Json, ctx: ValidationContext): Validated {
  if (!checkFacility.Check(value)) return invalid(line, id, schemaErrors(checkFacility.Errors(value)));
  const record = value as ImportFacilityRecord;
  const errors: ImportReason[] = [];
  const warnings: ImportReason[] = [];
  const { catalogue, today } = ctx;
  const municipality = record.address.municipalityId;

  if (!catalogue.municipalities.has(municipality)) errors.push(reason('unknownMunicipality', { value: municipality }));

  // Owner and client
  checkParty(record.owner, 'owner', errors);
  checkParty(record.client, 'client', errors);
  if (record.ownerType === 'PRIVATE_PERSON' && record.owner.organisationNumber) {
    errors.push(reason('privatePersonWithOrganisationNumber', {}));
  }
  if (record.ownerType !== 'PRIVATE_PERSON' && !record.owner.organisationNumber) {
    warnings.push(reason('ownerWithoutOrganisationNumber', { value: record.ownerType }));
  }

  // Position
  if (record.position) {
    const { longitude, latitude } = record.position;
    if (!ctx.geometry.insideNorway(longitude, latitude)) {
      errors.push(reason('outsideNorway', { longitude, latitude }));
    } else if (catalogue.municipalities.has(municipality) && !ctx.geometry.contains(municipality, longitude, latitude)) {
      warnings.push(reason('outsideMunicipality', { longitude, latitude, value: municipality }));
    }
  } else {
    warnings.push(reason('noPosition', {}));
  }
  const postalCode = record.address.postalCode;
  if (postalCode) {
    const owner = ctx.postalCodes.get(postalCode);
    if (!owner) warnings.push(reason('unknownPostalCode', { value: postalCode }));
    else if (owner !== municipality)
      warnings.push(reason('postalCodeInOtherMunicipality', { value: postalCode, municipality: owner }));
  }

  // Dates
  if (record.updatedOn < record.registeredOn)
    errors.push(reason('updatedBeforeRegistered', { updatedOn: record.updatedOn, registeredOn: record.registeredOn }));
  for (const [label, date] of [
    ['registeredOn', record.registeredOn],
    ['updatedOn', record.updatedOn],
    ['firstSubstanceNotificationOn', record.firstSubstanceNotificationOn],
  ] as const) {
    if (date && date > today) errors.push(reason('dateInFuture', { field: label, value: date }));
  }

  // Units and substances
  record.units.forEach((unit, u) => {
    const type = catalogue.unitTypes.get(unit.type);
    if (!type) errors.push(reason('unknownUnitType', { field: `units[${u}]`, value: unit.type }));
    else if (type.explosives !== record.explosives) {
      const code = type.explosives ? 'unitTypeOnlyExplosives' : 'unitTypeNotExplosives';
      errors.push(reason(code, { field: `units[${u}]`, value: unit.type }));
    }
    unit.substances.forEach((s, i) => {
      const field = `units[${u}].substances[${i}]`;
      const substance = catalogue.substances.get(s.substance);
      if (!substance) {
        errors.push(reason('unknownSubstance', { field, value: s.substance }));
        return;
      }
      if (substance.explosives !== record.explosives) {
        const code = substance.explosives ? 'substanceIsExplosive' : 'substanceNotExplosive';
        errors.push(reason(code, { field, value: s.substance }));
      }
      if (s.hazardDivision && !substance.explosives) {
        errors.push(reason('hazardDivisionNotExplosive', { field }));
      }
    });
  });
  if (record.units.every((u) => u.substances.length === 0)) errors.push(reason('noSubstances', {}));

  // Inspections
  record.inspections.forEach((inspection, i) => {
    const label = `inspections[${i}]`;
    if (inspection.status === 'PLANNED') {
      if (inspection.report || inspection.inspectedOn || inspection.deviations > 0 || inspection.remarks > 0) {
        errors.push(reason('plannedInspectionWithFindings', { field: label }));
      }
    } else if (String(inspection.year) > today.slice(0, 4)) {
      errors.push(reason('doneInspectionInFuture', { field: label, year: inspection.year }));
    }
    if (inspection.inspectedOn) {
      if (inspection.inspectedOn > today) {
        errors.push(reason('dateInFuture', { field: `${label}.inspectedOn`, value: inspection.inspectedOn }));
      }
      if (inspection.inspectedOn.slice(0, 4) !== String(inspection.year)) {
        errors.push(reason('inspectionDateNotInYear', { field: label, value: inspection.inspectedOn, year: inspection.year }));
      }
    }
    checkDocument(inspection.report, `${label}.report`, ctx, errors);
  });

  // Notifications
  record.notifications.forEach((n, i) => {
    if (n.submittedOn > today) {
      errors.push(reason('dateInFuture', { field: `notifications[${i}].submittedOn`, value: n.submittedOn }));
    }
    checkDocument(n.receipt, `notifications[${i}].receipt`, ctx, errors);
  });

  // Accidents
  const references = new Set<string>();
  record.accidents.forEach((a, i) => {
    const label = `accidents[${i}]`;
    if (references.has(a.referenceNumber)) {
      errors.push(reason('duplicateReferenceNumber', { field: label, value: a.referenceNumber }));
    }
    references.add(a.referenceNumber);
    if (a.occurredOn > today) errors.push(reason('dateInFuture', { field: `${label}.occurredOn`, value: a.occurredOn }));
    if (a.substance && !catalogue.substances.has(a.substance)) {
      errors.push(reason('unknownSubstance', { field: label, value: a.substance }));
    }
    if ((a.quantityReleased == null) !== (a.quantityUnit == null)) {
      errors.push(reason('quantityWithoutUnit', { field: label }));
    }
    checkDocument(a.report, `${label}.report`, ctx, errors);
  });

  if (errors.length > 0) return invalid(line, record.id, errors, warnings);
  return { kind: 'facility', line, id: record.id, record, warnings };
}
