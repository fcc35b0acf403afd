import type { ImportReason, ImportReasonCode, ImportReasonOf } from '@fast/contracts';
import type { TValidationError } from 'typebox/error';

/** Builds a reason; the parameters a code needs are checked by the compiler. */
export function reason<C extends ImportReasonCode>(code: C, params: ImportReasonOf<C>['params']): ImportReason {
  return { code, params } as ImportReason;
}

const fieldOf = (e: TValidationError) => e.instancePath || '(record)';
const child = (e: TValidationError, name: string) => `${e.instancePath}/${name}`;

/** TypeBox's validation errors as reasons: one per missing or unknown property, else one per error. */
export function schemaReasons(e: TValidationError): ImportReason[] {
  const field = fieldOf(e);
  switch (e.keyword) {
    case 'required':
      return e.params.requiredProperties.map((name) => reason('missingField', { field: child(e, name) }));
    case 'additionalProperties':
      return e.params.additionalProperties.map((name) => reason('unknownField', { field: child(e, name) }));
    case 'unevaluatedProperties':
      return e.params.unevaluatedProperties.map((name) => reason('unknownField', { field: child(e, String(name)) }));
    case 'type':
      return [reason('wrongType', { field, expected: [e.params.type].flat().join(' or ') })];
    case 'enum':
    case 'const':
    case 'anyOf':
    case 'oneOf':
      return [reason('notAllowedValue', { field })];
    case 'minimum':
    case 'exclusiveMinimum':
      return [reason('belowMinimum', { field, comparison: e.params.comparison, limit: Number(e.params.limit) })];
    case 'maximum':
    case 'exclusiveMaximum':
      return [reason('aboveMaximum', { field, comparison: e.params.comparison, limit: Number(e.params.limit) })];
    case 'minLength':
      return [reason('tooShort', { field, limit: e.params.limit })];
    case 'maxLength':
      return [reason('tooLong', { field, limit: e.params.limit })];
    case 'minItems':
      return [reason('tooFewItems', { field, limit: e.params.limit })];
    case 'maxItems':
      return [reason('tooManyItems', { field, limit: e.params.limit })];
    case 'format':
      return [reason('badFormat', { field, format: e.params.format })];
    case 'pattern':
      return [reason('badFormat', { field, format: String(e.params.pattern) })];
    default:
      return [reason('invalidValue', { field })];
  }
}

type English = { [C in ImportReasonCode]: (p: ImportReasonOf<C>['params']) => string };

const ENGLISH: English = {
  invalidJson: (p) => `not valid JSON (${p.detail})`,
  notObject: () => 'a record must be a JSON object',
  notFeature: () => 'a GeoJSON feature must have "type": "Feature"',
  featureWithoutProperties: () => 'a GeoJSON feature must have a "properties" object',
  geometryNotObject: () => "the feature's geometry must be an object or null",
  pointWithoutCoordinates: () => 'a Point geometry needs [longitude, latitude]',
  unsupportedGeometry: (p) =>
    `geometry type ${p.value} is not supported (Point or null for facilities, LineString or MultiLineString for gas pipelines)`,
  missingField: (p) => `${p.field} is required`,
  unknownField: (p) => `${p.field} is not a known field`,
  wrongType: (p) => `${p.field} must be ${p.expected}`,
  notAllowedValue: (p) => `${p.field} must be equal to one of the allowed values`,
  belowMinimum: (p) => `${p.field} must be ${p.comparison} ${p.limit}`,
  aboveMaximum: (p) => `${p.field} must be ${p.comparison} ${p.limit}`,
  tooShort: (p) => `${p.field} must not be shorter than ${p.limit} characters`,
  tooLong: (p) => `${p.field} must not be longer than ${p.limit} characters`,
  tooFewItems: (p) => `${p.field} must not have fewer than ${p.limit} items`,
  tooManyItems: (p) => `${p.field} must not have more than ${p.limit} items`,
  badFormat: (p) => `${p.field} must match format ${p.format}`,
  invalidValue: (p) => `${p.field} is not valid`,
  unknownMunicipality: (p) => `unknown municipality ${p.value}`,
  unknownUnitType: (p) => `${p.field}: unknown facility unit type ${p.value}`,
  unknownSubstance: (p) => `${p.field}: unknown substance ${p.value}`,
  unitTypeOnlyExplosives: (p) => `${p.field}: unit type ${p.value} belongs only to explosives facilities`,
  unitTypeNotExplosives: (p) => `${p.field}: unit type ${p.value} does not belong to explosives facilities`,
  substanceIsExplosive: (p) => `${p.field}: ${p.value} is an explosive, but the facility is not an explosives facility`,
  substanceNotExplosive: (p) => `${p.field}: ${p.value} is not an explosive, but the facility is an explosives facility`,
  hazardDivisionNotExplosive: (p) => `${p.field}: a hazard division belongs only to explosives`,
  noSubstances: () => 'the facility has no substances',
  wrongCheckDigit: (p) => `${p.field} organisation number ${p.value} has a wrong check digit`,
  privatePersonWithOrganisationNumber: () => 'a private person has no organisation number',
  outsideNorway: (p) => `position (${p.longitude}, ${p.latitude}) is outside Norway`,
  updatedBeforeRegistered: (p) => `updatedOn ${p.updatedOn} is before registeredOn ${p.registeredOn}`,
  dateInFuture: (p) => `${p.field} ${p.value} is in the future`,
  plannedInspectionWithFindings: (p) => `${p.field}: a planned inspection has no date, findings or report`,
  doneInspectionInFuture: (p) => `${p.field}: a done inspection in ${p.year} is in the future`,
  inspectionDateNotInYear: (p) => `${p.field}: inspectedOn ${p.value} is not in year ${p.year}`,
  notPdf: (p) => `${p.field} is not a base64-encoded PDF`,
  duplicateReferenceNumber: (p) => `${p.field}: reference number ${p.value} appears twice`,
  quantityWithoutUnit: (p) => `${p.field}: quantityReleased and quantityUnit go together`,
  databaseRefused: (p) => `the database refused the record: ${p.detail}`,
  noPosition: () => 'no position',
  ownerWithoutOrganisationNumber: (p) => `owner of type ${p.value} has no organisation number`,
  outsideMunicipality: (p) => `position (${p.longitude}, ${p.latitude}) is outside municipality ${p.value}`,
  unknownPostalCode: (p) => `unknown postal code ${p.value}`,
  postalCodeInOtherMunicipality: (p) =>
    `postal code ${p.value} belongs mostly to municipality ${p.municipality} (a postal code can span several)`,
};

/** The reason as the CLI prints it: an English sentence naming the field. */
export function describeReason(r: ImportReason): string {
  return (ENGLISH[r.code] as (p: ImportReason['params']) => string)(r.params);
}
