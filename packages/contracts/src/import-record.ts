import { type Static, Type } from 'typebox';
import { MAX_ID } from './limits.ts';
import { MunicipalityCode } from './patterns.ts';

/**
 * The register's enumerations and the record format of `npm run import` (docs/import.md).
 * The record is the register's own exchange format: one facility with everything that belongs to it,
 * or one gas pipeline. Codes are the database's codes, so a record maps to rows without lookups
 * beyond the catalogue of facility unit types and substances.
 */

/** The facility's relation to the Major Accident Regulations (storulykkeforskriften). */
export const MajorAccidentValue = {
  NOT_AFFECTED: 'NOT_AFFECTED',
  PARAGRAPH_SIX: 'PARAGRAPH_SIX',
  PARAGRAPH_NINE: 'PARAGRAPH_NINE',
} as const;
export type MajorAccidentValue = (typeof MajorAccidentValue)[keyof typeof MajorAccidentValue];

/** DSBStedfesting: how well the point describes where the substances are. */
export const PositionAccuracy = { EXACT: 'EXACT', PROPERTY: 'PROPERTY', UNSPECIFIED: 'UNSPECIFIED' } as const;
export type PositionAccuracy = (typeof PositionAccuracy)[keyof typeof PositionAccuracy];

/** Who owns the facility; only PRIVATE_PERSON is a private person, the rest are businesses. */
export const OwnerType = {
  PRIVATE_PERSON: 'PRIVATE_PERSON',
  BUSINESS: 'BUSINESS',
  HOUSING_COOPERATIVE: 'HOUSING_COOPERATIVE',
  MUNICIPALITY: 'MUNICIPALITY',
} as const;
export type OwnerType = (typeof OwnerType)[keyof typeof OwnerType];

export const FacilityStatus = { ACTIVE: 'ACTIVE', CLOSED: 'CLOSED' } as const;
export type FacilityStatus = (typeof FacilityStatus)[keyof typeof FacilityStatus];

export const QuantityUnit = { M3: 'm3', LITER: 'liter', TONN: 'tonn', KG: 'kg' } as const;
export type QuantityUnit = (typeof QuantityUnit)[keyof typeof QuantityUnit];

export const AuditStatus = { PLANNED: 'PLANNED', DONE: 'DONE' } as const;
export type AuditStatus = (typeof AuditStatus)[keyof typeof AuditStatus];

export const InspectionType = {
  SYSTEM_AUDIT: 'SYSTEM_AUDIT',
  ON_SITE: 'ON_SITE',
  DOCUMENT: 'DOCUMENT',
  CAMPAIGN: 'CAMPAIGN',
  INCIDENT: 'INCIDENT',
} as const;
export type InspectionType = (typeof InspectionType)[keyof typeof InspectionType];

export const InspectionAuthority = {
  FIRE_SERVICE: 'FIRE_SERVICE',
  DSB: 'DSB',
  JOINT_MAJOR_ACCIDENT: 'JOINT_MAJOR_ACCIDENT',
} as const;
export type InspectionAuthority = (typeof InspectionAuthority)[keyof typeof InspectionAuthority];

export const InspectionReaction = {
  NONE: 'NONE',
  ORDER: 'ORDER',
  COERCIVE_FINE: 'COERCIVE_FINE',
  POLICE_REPORT: 'POLICE_REPORT',
} as const;
export type InspectionReaction = (typeof InspectionReaction)[keyof typeof InspectionReaction];

export const AccidentType = { FIRE: 'FIRE', EXPLOSION: 'EXPLOSION', RELEASE: 'RELEASE', OTHER: 'OTHER' } as const;
export type AccidentType = (typeof AccidentType)[keyof typeof AccidentType];

export const AccidentCause = {
  TECHNICAL_FAILURE: 'TECHNICAL_FAILURE',
  HUMAN_ERROR: 'HUMAN_ERROR',
  CORROSION: 'CORROSION',
  EXTERNAL_IMPACT: 'EXTERNAL_IMPACT',
  UNKNOWN: 'UNKNOWN',
} as const;
export type AccidentCause = (typeof AccidentCause)[keyof typeof AccidentCause];

export const DocumentKind = {
  INSPECTION_REPORT: 'INSPECTION_REPORT',
  NOTIFICATION_RECEIPT: 'NOTIFICATION_RECEIPT',
  ACCIDENT_REPORT: 'ACCIDENT_REPORT',
  OTHER: 'OTHER',
} as const;
export type DocumentKind = (typeof DocumentKind)[keyof typeof DocumentKind];

export const PressureClass = { HIGH: 'HIGH', MEDIUM: 'MEDIUM', LOW: 'LOW' } as const;
export type PressureClass = (typeof PressureClass)[keyof typeof PressureClass];

export const PipelineSubstance = { NATURAL_GAS: 'NATURAL_GAS', BIOGAS: 'BIOGAS' } as const;
export type PipelineSubstance = (typeof PipelineSubstance)[keyof typeof PipelineSubstance];

const values = <T extends Record<string, string>>(o: T) => Object.values(o) as T[keyof T][];
const IsoDate = Type.String({ format: 'date', description: 'YYYY-MM-DD' });
const Text = (maxLength: number) => Type.String({ minLength: 1, maxLength });
const OptionalText = (maxLength: number) => Type.Optional(Type.Union([Text(maxLength), Type.Null()]));
const OrgNumber = Type.String({ pattern: '^[0-9]{9}$', description: '9 digits with a valid MOD11 check digit' });

/** A PDF carried inside the record, base64-encoded (at most about 10 MB). */
export const ImportDocument = Type.Object(
  {
    title: Text(300),
    date: IsoDate,
    contentBase64: Type.String({ minLength: 8, maxLength: 14_000_000 }),
  },
  { additionalProperties: false },
);
export type ImportDocument = Static<typeof ImportDocument>;

export const ImportStoredSubstance = Type.Object(
  {
    /** A substance code of the catalogue (docs/import.md), e.g. PROPAN. */
    substance: Text(40),
    quantity: Type.Number({ minimum: 0, maximum: 10_000_000 }),
    unit: Type.Enum(values(QuantityUnit)),
    /** Explosives only: hazard division and compatibility group, e.g. 1.1D. */
    hazardDivision: Type.Optional(Type.Union([Type.String({ pattern: '^1\\.[1-6][A-HJ-LNS]?$' }), Type.Null()])),
  },
  { additionalProperties: false },
);
export type ImportStoredSubstance = Static<typeof ImportStoredSubstance>;

export const ImportFacilityUnit = Type.Object(
  {
    /** A facility unit type code of the catalogue, e.g. FORBRUK. */
    type: Text(40),
    name: OptionalText(200),
    substances: Type.Array(ImportStoredSubstance, { maxItems: 1000 }),
  },
  { additionalProperties: false },
);
export type ImportFacilityUnit = Static<typeof ImportFacilityUnit>;

export const ImportInspection = Type.Object(
  {
    year: Type.Integer({ minimum: 1990, maximum: 2100 }),
    type: Type.Enum(values(InspectionType)),
    authority: Type.Enum(values(InspectionAuthority)),
    status: Type.Enum(values(AuditStatus)),
    contactPerson: OptionalText(200),
    caseNumber: OptionalText(40),
    inspectedOn: Type.Optional(Type.Union([IsoDate, Type.Null()])),
    deviations: Type.Integer({ minimum: 0, maximum: 1000 }),
    remarks: Type.Integer({ minimum: 0, maximum: 1000 }),
    reaction: Type.Enum(values(InspectionReaction)),
    report: Type.Optional(Type.Union([ImportDocument, Type.Null()])),
  },
  { additionalProperties: false },
);
export type ImportInspection = Static<typeof ImportInspection>;

export const ImportNotification = Type.Object(
  {
    submittedOn: IsoDate,
    submittedBy: Text(200),
    receipt: Type.Optional(Type.Union([ImportDocument, Type.Null()])),
  },
  { additionalProperties: false },
);
export type ImportNotification = Static<typeof ImportNotification>;

export const ImportAccident = Type.Object(
  {
    referenceNumber: Type.String({ pattern: '^[0-9]{4}/[0-9]{3,6}$', description: 'DSB case number, e.g. 2023/04567' }),
    occurredOn: IsoDate,
    reporter: Text(200),
    source: Text(200),
    type: Type.Enum(values(AccidentType)),
    cause: Type.Enum(values(AccidentCause)),
    substance: Type.Optional(Type.Union([Text(40), Type.Null()])),
    quantityReleased: Type.Optional(Type.Union([Type.Number({ minimum: 0 }), Type.Null()])),
    quantityUnit: Type.Optional(Type.Union([Type.Enum(values(QuantityUnit)), Type.Null()])),
    injured: Type.Integer({ minimum: 0, maximum: 10_000 }),
    dead: Type.Integer({ minimum: 0, maximum: 10_000 }),
    report: Type.Optional(Type.Union([ImportDocument, Type.Null()])),
  },
  { additionalProperties: false },
);
export type ImportAccident = Static<typeof ImportAccident>;

export const ImportParty = Type.Object(
  { name: Text(300), organisationNumber: Type.Optional(Type.Union([OrgNumber, Type.Null()])), info: OptionalText(500) },
  { additionalProperties: false },
);
export type ImportParty = Static<typeof ImportParty>;

export const ImportPosition = Type.Object(
  {
    longitude: Type.Number({ minimum: -180, maximum: 180 }),
    latitude: Type.Number({ minimum: -90, maximum: 90 }),
  },
  { additionalProperties: false },
);

/** One facility (anlegg) with its units, substances, inspections, notifications and accidents. */
export const ImportFacilityRecord = Type.Object(
  {
    recordType: Type.Optional(Type.Literal('facility')),
    id: Type.Integer({ minimum: 1, maximum: MAX_ID, description: 'anleggsidentifikasjon' }),
    name: OptionalText(300),
    ownerType: Type.Enum(values(OwnerType)),
    owner: ImportParty,
    /** Who reported the facility when it is not the owner (a gas supplier, a consultant). */
    client: Type.Optional(Type.Union([ImportParty, Type.Null()])),
    address: Type.Object(
      {
        street: OptionalText(300),
        postalCode: Type.Union([Type.String({ pattern: '^[0-9]{4}$' }), Type.Null()]),
        postalPlace: OptionalText(100),
        municipalityId: MunicipalityCode,
      },
      { additionalProperties: false },
    ),
    /** WGS84; null when the register has no usable position. */
    position: Type.Union([ImportPosition, Type.Null()]),
    positionAccuracy: Type.Enum(values(PositionAccuracy)),
    majorAccident: Type.Enum(values(MajorAccidentValue)),
    explosives: Type.Boolean(),
    status: Type.Enum(values(FacilityStatus)),
    registeredOn: IsoDate,
    updatedOn: IsoDate,
    firstSubstanceNotificationOn: Type.Union([IsoDate, Type.Null()]),
    units: Type.Array(ImportFacilityUnit, { minItems: 1, maxItems: 100 }),
    inspections: Type.Array(ImportInspection, { maxItems: 500 }),
    notifications: Type.Array(ImportNotification, { maxItems: 500 }),
    accidents: Type.Array(ImportAccident, { maxItems: 500 }),
  },
  { additionalProperties: false },
);
export type ImportFacilityRecord = Static<typeof ImportFacilityRecord>;

const Coordinate = Type.Array(Type.Number(), { minItems: 2, maxItems: 3 });
export const PipelineGeometry = Type.Union([
  Type.Object(
    { type: Type.Literal('LineString'), coordinates: Type.Array(Coordinate, { minItems: 2 }) },
    { additionalProperties: false },
  ),
  Type.Object(
    {
      type: Type.Literal('MultiLineString'),
      coordinates: Type.Array(Type.Array(Coordinate, { minItems: 2 }), { minItems: 1 }),
    },
    { additionalProperties: false },
  ),
]);
export type PipelineGeometry = Static<typeof PipelineGeometry>;

/** One stretch of an onshore gas network with one pressure class. */
export const ImportGasPipelineRecord = Type.Object(
  {
    recordType: Type.Literal('gasPipeline'),
    id: Type.String({ pattern: '^[A-Za-z0-9_-]{1,60}$' }),
    name: Text(200),
    owner: Text(200),
    pressureClass: Type.Enum(values(PressureClass)),
    mopBar: Type.Number({ exclusiveMinimum: 0, maximum: 300 }),
    material: Text(40),
    diameterMm: Type.Integer({ minimum: 10, maximum: 2000 }),
    yearBuilt: Type.Integer({ minimum: 1900, maximum: 2100 }),
    substance: Type.Enum(values(PipelineSubstance)),
    geometry: PipelineGeometry,
  },
  { additionalProperties: false },
);
export type ImportGasPipelineRecord = Static<typeof ImportGasPipelineRecord>;

export type ImportRecord = ImportFacilityRecord | ImportGasPipelineRecord;
