import { type Static, Type } from 'typebox';
import { FacilityHazardDistances, HazardSummary } from './hazard.ts';
import {
  AccidentType,
  AuditStatus,
  DocumentKind,
  FacilityStatus,
  InspectionAuthority,
  InspectionType,
  MajorAccidentValue,
  OwnerType,
  PositionAccuracy,
  QuantityUnit,
} from './import-record.ts';
import { CountyCode, MunicipalityCode, OrganisationNumber } from './patterns.ts';
import { Nullable } from './schema.ts';

/**
 * GET /api/v1/facilities/{id} (the whole record in one answer), GET /api/v1/facilities/{id}/attachments,
 * and the document paths they hand out. A document path is relative to /api/v1: the client fetches
 * `GET /api/v1{path}`.
 */

const values = <T extends Record<string, string>>(o: T) => Object.values(o) as T[keyof T][];
const IsoDate = Type.String({ format: 'date', description: 'YYYY-MM-DD' });
const DocumentPath = Type.String({ pattern: '^/[a-z0-9/-]+$', description: 'Fetched as GET /api/v1{path}' });

export const UtmCoordinate = Type.Object(
  {
    zone: Type.Union([Type.Literal(32), Type.Literal(33), Type.Literal(35)]),
    /** EPSG code of the projection: 25832, 25833 or 25835 (ETRS89 / EUREF89). */
    epsg: Type.Integer(),
    /** Metres, rounded to the millimetre. */
    north: Type.Number(),
    east: Type.Number(),
  },
  { additionalProperties: false },
);
export type UtmCoordinate = Static<typeof UtmCoordinate>;

export const GeoPosition = Type.Object(
  {
    /** The zone of the facility's county (localUtmZone): 32 up to Trøndelag, 33 Nordland, 35 Troms and Finnmark. */
    localUtm: UtmCoordinate,
    /** EUREF89 UTM zone 33, the national zone, whatever the longitude. */
    euref89Utm33: UtmCoordinate,
    wgs84: Type.Object({ lat: Type.Number(), lon: Type.Number() }, { additionalProperties: false }),
  },
  { additionalProperties: false },
);
export type GeoPosition = Static<typeof GeoPosition>;

/**
 * Catalogue names exist in both written standards, as in the search criteria: Bokmål in
 * `description`/`name`, Nynorsk in `descriptionNn`/`nameNn`; the screen picks its language's.
 */
export const FacilityDetailUnitType = Type.Object(
  { id: Type.Integer(), description: Type.String(), descriptionNn: Type.String() },
  { additionalProperties: false },
);
export type FacilityDetailUnitType = Static<typeof FacilityDetailUnitType>;

export const FacilityUnit = Type.Object(
  { position: Type.Integer({ minimum: 0 }), type: FacilityDetailUnitType, name: Nullable(Type.String()) },
  { additionalProperties: false },
);
export type FacilityUnit = Static<typeof FacilityUnit>;

export const SubstanceRow = Type.Object(
  {
    substanceId: Type.Integer(),
    name: Type.String(),
    nameNn: Type.String(),
    unNumber: Type.String({ pattern: '^[0-9]{4}$' }),
    quantity: Type.Number({ minimum: 0 }),
    unit: Type.Enum(values(QuantityUnit)),
    /** Explosives only: hazard division and compatibility group, e.g. 1.1D. */
    hazardDivision: Nullable(Type.String()),
    /** The facility unit that holds the substance, and the row's place in it. */
    unitPosition: Type.Integer({ minimum: 0 }),
    position: Type.Integer({ minimum: 0 }),
    unitType: FacilityDetailUnitType,
    /** The UN number's hazard card in short; null when no card exists for it. */
    hazard: Nullable(HazardSummary),
  },
  { additionalProperties: false },
);
export type SubstanceRow = Static<typeof SubstanceRow>;

/** Quantities are only added up within one unit: m³ and tonnes do not mix. */
export const QuantityTotal = Type.Object(
  { unit: Type.Enum(values(QuantityUnit)), quantity: Type.Number({ minimum: 0 }) },
  { additionalProperties: false },
);
export type QuantityTotal = Static<typeof QuantityTotal>;

export const SubstanceGroupTotal = Type.Object(
  {
    groupId: Type.Integer(),
    name: Type.String(),
    nameNn: Type.String(),
    totals: Type.Array(QuantityTotal),
    substances: Type.Array(SubstanceRow),
  },
  { additionalProperties: false },
);
export type SubstanceGroupTotal = Static<typeof SubstanceGroupTotal>;

export const Inspection = Type.Object(
  {
    id: Type.Integer(),
    type: Type.Enum(values(InspectionType)),
    authority: Type.Enum(values(InspectionAuthority)),
    year: Type.Integer(),
    status: Type.Enum(values(AuditStatus)),
    contactPerson: Nullable(Type.String()),
    caseNumber: Nullable(Type.String()),
    inspectedOn: Nullable(IsoDate),
    reportPath: Nullable(DocumentPath),
  },
  { additionalProperties: false },
);
export type Inspection = Static<typeof Inspection>;

export const NotificationReport = Type.Object(
  {
    id: Type.Integer(),
    date: IsoDate,
    submittedBy: Type.String(),
    /** The newest notification; it comes first in the list. */
    active: Type.Boolean(),
    receiptPath: Nullable(DocumentPath),
  },
  { additionalProperties: false },
);
export type NotificationReport = Static<typeof NotificationReport>;

export const AccidentReport = Type.Object(
  {
    id: Type.Integer(),
    referenceNumber: Type.String(),
    date: IsoDate,
    reporter: Type.String(),
    source: Type.String(),
    type: Type.Enum(values(AccidentType)),
    documentationPath: Nullable(DocumentPath),
  },
  { additionalProperties: false },
);
export type AccidentReport = Static<typeof AccidentReport>;

export const FacilityDetail = Type.Object(
  {
    id: Type.Integer({ minimum: 1 }),
    name: Nullable(Type.String()),
    /** The owner's organisation number; null for a private person. */
    organisationNumber: Nullable(OrganisationNumber),
    privatePerson: Type.Boolean(),
    ownerType: Type.Enum(values(OwnerType)),
    address: Type.Object(
      {
        street: Nullable(Type.String()),
        postalCode: Nullable(Type.String()),
        postalPlace: Nullable(Type.String()),
        municipality: Type.Object({ id: MunicipalityCode, name: Type.String() }, { additionalProperties: false }),
        county: Type.Object({ id: CountyCode, name: Type.String() }, { additionalProperties: false }),
      },
      { additionalProperties: false },
    ),
    /** The owner, and who reported the facility on the owner's behalf when that is someone else. */
    client: Type.Object(
      {
        owner: Type.String(),
        name: Nullable(Type.String()),
        info: Nullable(Type.String()),
        organisationNumber: Nullable(OrganisationNumber),
      },
      { additionalProperties: false },
    ),
    /** Null when the register has no usable position. */
    position: Nullable(GeoPosition),
    positionAccuracy: Type.Enum(values(PositionAccuracy)),
    majorAccident: Type.Enum(values(MajorAccidentValue)),
    explosives: Type.Boolean(),
    status: Type.Enum(values(FacilityStatus)),
    registeredOn: IsoDate,
    updatedOn: IsoDate,
    firstSubstanceNotificationOn: Nullable(IsoDate),
    units: Type.Array(FacilityUnit),
    substanceGroups: Type.Array(SubstanceGroupTotal),
    /** The substance report, generated as a PDF on request. */
    substanceReportPath: DocumentPath,
    /** The largest isolation and evacuation distances, and the substances that set them. */
    hazardDistances: FacilityHazardDistances,
    /** The one-page briefing (innsatsark), generated as a PDF on request. */
    briefingPath: DocumentPath,
    inspections: Type.Array(Inspection),
    /** Newest first; the first is the active one. */
    notifications: Type.Array(NotificationReport),
    accidents: Type.Array(AccidentReport),
  },
  { additionalProperties: false },
);
export type FacilityDetail = Static<typeof FacilityDetail>;

/** GET /api/v1/facilities/{id}/attachments: the stored documents of a facility. */
export const FacilityAttachment = Type.Object(
  {
    id: Type.Integer(),
    kind: Type.Enum(values(DocumentKind)),
    title: Type.String(),
    date: IsoDate,
    path: DocumentPath,
    /** Bytes. */
    size: Type.Integer({ minimum: 0 }),
  },
  { additionalProperties: false },
);
export type FacilityAttachment = Static<typeof FacilityAttachment>;
export const FacilityAttachmentList = Type.Array(FacilityAttachment);

/** The document paths of the API; the only shapes `GET /api/v1{path}` serves documents from. */
export const documentPath = (documentId: number) => `/documents/${documentId}`;
export const substanceReportPath = (facilityId: number) => `/facilities/${facilityId}/substance-report`;
