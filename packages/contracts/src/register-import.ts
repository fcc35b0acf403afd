import { type Static, Type } from 'typebox';

/**
 * `POST /api/v1/admin/imports` (realm role fast-admin): a register file (see docs/import.md) sent as
 * the request body, validated and written by the running server with the same rules and the same
 * line-numbered report as `npm run import`. Flags travel in the query string as 'true'/'false'.
 */

/** The largest file the endpoint takes (the README states it); bigger registers go through the CLI. */
export const IMPORT_MAX_BYTES = 256 * 1024 * 1024;
/** How long the server may work on one import after the upload has arrived. */
export const IMPORT_TIMEOUT_MS = 30 * 60 * 1000;

/** The body's media type says which of the two file formats it is. */
export const IMPORT_MEDIA_TYPES = { ndjson: 'application/x-ndjson', geojson: 'application/geo+json' } as const;
export type ImportFormat = keyof typeof IMPORT_MEDIA_TYPES;
/**
 * Other names the same formats go by: NDJSON's newer media type, and GeoJSON sent as the JSON it
 * is (a FeatureCollection).
 */
export const IMPORT_MEDIA_TYPE_ALIASES: Readonly<Record<string, ImportFormat>> = {
  'application/ndjson': 'ndjson',
  'application/json': 'geojson',
};

const Flag = (description: string) => Type.Optional(Type.Enum(['true', 'false'], { description }));

export const AdminImportQuery = Type.Object(
  {
    dryRun: Flag('Validate everything, write nothing (default false)'),
    strict: Flag('Write nothing if any record is invalid (default false)'),
  },
  { additionalProperties: false },
);
export type AdminImportQuery = Static<typeof AdminImportQuery>;

/**
 * Why a record was refused or warned about: a stable code and its parameters (the names listed per
 * code), so the console can say it in Norwegian and the CLI in English. `field` is the record's
 * field, a JSON pointer for schema reasons ('/address/municipalityId') and a path otherwise
 * ('units[0].substances[1]'); `value` is the offending value.
 */
export const IMPORT_REASONS = {
  // Reading the line
  invalidJson: ['detail'],
  notObject: [],
  notFeature: [],
  featureWithoutProperties: [],
  geometryNotObject: [],
  pointWithoutCoordinates: [],
  unsupportedGeometry: ['value'],
  // The schema (TypeBox errors, at most five per record)
  missingField: ['field'],
  unknownField: ['field'],
  wrongType: ['field', 'expected'],
  notAllowedValue: ['field'],
  /** comparison: '>=' or '>'. */
  belowMinimum: ['field', 'comparison', 'limit'],
  /** comparison: '<=' or '<'. */
  aboveMaximum: ['field', 'comparison', 'limit'],
  tooShort: ['field', 'limit'],
  tooLong: ['field', 'limit'],
  tooFewItems: ['field', 'limit'],
  tooManyItems: ['field', 'limit'],
  badFormat: ['field', 'format'],
  invalidValue: ['field'],
  // The reference data and the rules
  unknownMunicipality: ['value'],
  unknownUnitType: ['field', 'value'],
  unknownSubstance: ['field', 'value'],
  unitTypeOnlyExplosives: ['field', 'value'],
  unitTypeNotExplosives: ['field', 'value'],
  substanceIsExplosive: ['field', 'value'],
  substanceNotExplosive: ['field', 'value'],
  hazardDivisionNotExplosive: ['field'],
  noSubstances: [],
  wrongCheckDigit: ['field', 'value'],
  privatePersonWithOrganisationNumber: [],
  outsideNorway: ['longitude', 'latitude'],
  updatedBeforeRegistered: ['updatedOn', 'registeredOn'],
  dateInFuture: ['field', 'value'],
  plannedInspectionWithFindings: ['field'],
  doneInspectionInFuture: ['field', 'year'],
  inspectionDateNotInYear: ['field', 'value', 'year'],
  notPdf: ['field'],
  duplicateReferenceNumber: ['field', 'value'],
  quantityWithoutUnit: ['field'],
  databaseRefused: ['detail'],
  // Warnings: the record is written all the same
  noPosition: [],
  ownerWithoutOrganisationNumber: ['value'],
  outsideMunicipality: ['longitude', 'latitude', 'value'],
  unknownPostalCode: ['value'],
  postalCodeInOtherMunicipality: ['value', 'municipality'],
} as const satisfies Record<string, readonly string[]>;
export type ImportReasonCode = keyof typeof IMPORT_REASONS;
export const IMPORT_REASON_CODES = Object.keys(IMPORT_REASONS) as ImportReasonCode[];

/** One reason, its parameters typed by its code. */
export type ImportReasonOf<C extends ImportReasonCode> = {
  code: C;
  params: Record<(typeof IMPORT_REASONS)[C][number], string | number>;
};
export type ImportReason = { [C in ImportReasonCode]: ImportReasonOf<C> }[ImportReasonCode];

export const ImportReasonSchema = Type.Object(
  {
    code: Type.Enum(IMPORT_REASON_CODES),
    params: Type.Record(Type.String(), Type.Union([Type.String(), Type.Number()])),
  },
  { additionalProperties: false },
);

export const AdminImportProblem = Type.Object(
  {
    /** The line of the file the record starts on (1-based). */
    line: Type.Integer({ minimum: 1 }),
    /** The record's id, when it could be read. */
    id: Type.Union([Type.Integer(), Type.String(), Type.Null()]),
    reasons: Type.Array(ImportReasonSchema),
  },
  { additionalProperties: false },
);
export type AdminImportProblem = Static<typeof AdminImportProblem>;

const Count = Type.Integer({ minimum: 0 });
export const AdminImportReport = Type.Object(
  {
    read: Count,
    /** New or changed records written (in a dry run: that would have been written). */
    written: Count,
    unchanged: Count,
    invalid: Count,
    /** Records written with at least one warning. */
    warnings: Count,
    /** The first invalid records (at most 1000), in file order; `invalid` counts them all. */
    invalidRecords: Type.Array(AdminImportProblem),
    warningRecords: Type.Array(AdminImportProblem),
    dryRun: Type.Boolean(),
    strict: Type.Boolean(),
    /** Strict mode found invalid records and wrote nothing. */
    aborted: Type.Boolean(),
    durationMs: Type.Number({ minimum: 0 }),
  },
  { additionalProperties: false },
);
export type AdminImportReport = Static<typeof AdminImportReport>;
