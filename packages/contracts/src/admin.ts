import { type Static, Type } from 'typebox';
import { ACCESS_REASON_MAX_LENGTH, MunicipalityAccessStatus } from './access.ts';
import { MAX_ID } from './limits.ts';
import { CountyCode, IsoDateTime, MunicipalityCode, OrganisationNumber, Uuid } from './patterns.ts';
import { StatusMessageType } from './status-message.ts';

/**
 * The authority's console, `/api/v1/admin/...` (realm role fast-admin). Query strings are not
 * coerced by the server, so numbers in them travel as digit strings.
 */

const DigitString = (description: string) => Type.String({ pattern: '^[0-9]{1,9}$', description });
const Paging = {
  limit: Type.Optional(DigitString('Rows per page, 1–200 (default 50)')),
  offset: Type.Optional(DigitString('Rows to skip (default 0)')),
};
/** The most rows one page of an admin list may hold. */
export const ADMIN_PAGE_MAX = 200;
/** The most entries one bulk decision may touch. */
export const ADMIN_BULK_MAX = 200;

export const AdminUserRef = Type.Object(
  { id: Uuid, username: Type.Union([Type.String(), Type.Null()]), fullName: Type.String() },
  { additionalProperties: false },
);
export type AdminUserRef = Static<typeof AdminUserRef>;

// ---- Access requests and accesses ----

export const AdminAccessEntry = Type.Object(
  {
    id: Type.Integer({ minimum: 1 }),
    status: Type.Enum(MunicipalityAccessStatus),
    given: Type.Boolean(),
    user: AdminUserRef,
    organisationNumber: OrganisationNumber,
    organisationName: Type.String(),
    municipalityCode: MunicipalityCode,
    municipalityName: Type.String(),
    countyId: CountyCode,
    countyName: Type.String(),
    requestedAt: IsoDateTime,
    decidedAt: Type.Union([IsoDateTime, Type.Null()]),
    /** The administrator who decided, by name; null while pending (or when the account is gone). */
    decidedBy: Type.Union([Type.String(), Type.Null()]),
    denyReason: Type.Union([Type.String(), Type.Null()]),
  },
  { additionalProperties: false },
);
export type AdminAccessEntry = Static<typeof AdminAccessEntry>;

export const AdminAccessQuery = Type.Object(
  {
    status: Type.Optional(Type.Enum(MunicipalityAccessStatus, { description: 'Default PENDING' })),
    countyId: Type.Optional(CountyCode),
    municipalityCode: Type.Optional(MunicipalityCode),
    organisationNumber: Type.Optional(OrganisationNumber),
    userId: Type.Optional(Uuid),
    minAgeDays: Type.Optional(
      Type.String({ pattern: '^[0-9]{1,5}$', description: 'Only requests made at least this many days ago (up to 99 999)' }),
    ),
    ...Paging,
  },
  { additionalProperties: false },
);
export type AdminAccessQuery = Static<typeof AdminAccessQuery>;

export const AdminAccessPage = Type.Object(
  { total: Type.Integer({ minimum: 0 }), entries: Type.Array(AdminAccessEntry) },
  { additionalProperties: false },
);
export type AdminAccessPage = Static<typeof AdminAccessPage>;

const EntryIds = Type.Array(Type.Integer({ minimum: 1, maximum: MAX_ID }), {
  minItems: 1,
  maxItems: ADMIN_BULK_MAX,
  uniqueItems: true,
});
/** A reason the requester will read: not blank, at most 1000 characters. */
const Reason = Type.String({ minLength: 1, maxLength: ACCESS_REASON_MAX_LENGTH, pattern: '\\S' });

export const AdminApproveRequest = Type.Object({ ids: EntryIds }, { additionalProperties: false });
export type AdminApproveRequest = Static<typeof AdminApproveRequest>;

export const AdminDenyRequest = Type.Object({ ids: EntryIds, reason: Reason }, { additionalProperties: false });
export type AdminDenyRequest = Static<typeof AdminDenyRequest>;

export const AdminRevokeRequest = Type.Object({ ids: EntryIds, reason: Type.Optional(Reason) }, { additionalProperties: false });
export type AdminRevokeRequest = Static<typeof AdminRevokeRequest>;

export const AdminAccessEntryList = Type.Array(AdminAccessEntry);

export const AdminOrganisation = Type.Object(
  { organisationNumber: OrganisationNumber, name: Type.String() },
  { additionalProperties: false },
);
export type AdminOrganisation = Static<typeof AdminOrganisation>;
export const AdminOrganisationList = Type.Array(AdminOrganisation);

// ---- Status messages ----

/** SCHEDULED: starts later; ACTIVE: shown now; ENDED: no longer shown. */
export const AdminStatusMessageState = ['SCHEDULED', 'ACTIVE', 'ENDED'] as const;
export type AdminStatusMessageState = (typeof AdminStatusMessageState)[number];
export const STATUS_MESSAGE_MAX_LENGTH = 2000;
const StatusMessageText = Type.String({ minLength: 1, maxLength: STATUS_MESSAGE_MAX_LENGTH, pattern: '\\S' });

export const AdminStatusMessage = Type.Object(
  {
    id: Type.Integer({ minimum: 1 }),
    type: Type.Enum(StatusMessageType),
    message: Type.String(),
    messageNn: Type.Union([Type.String(), Type.Null()]),
    validFrom: IsoDateTime,
    validTo: Type.Union([IsoDateTime, Type.Null()]),
    createdAt: IsoDateTime,
    state: Type.Enum(AdminStatusMessageState),
  },
  { additionalProperties: false },
);
export type AdminStatusMessage = Static<typeof AdminStatusMessage>;
export const AdminStatusMessageList = Type.Array(AdminStatusMessage);

export const AdminStatusMessageInput = Type.Object(
  {
    type: Type.Enum(StatusMessageType),
    message: StatusMessageText,
    /** The Nynorsk text; absent or null: nn users see the Bokmål one. */
    messageNn: Type.Optional(Type.Union([StatusMessageText, Type.Null()])),
    /** Default: now. */
    validFrom: Type.Optional(IsoDateTime),
    /** null or absent: until ended. */
    validTo: Type.Optional(Type.Union([IsoDateTime, Type.Null()])),
  },
  { additionalProperties: false },
);
export type AdminStatusMessageInput = Static<typeof AdminStatusMessageInput>;

export const AdminIdParams = Type.Object({ id: DigitString('The id') }, { additionalProperties: false });
export type AdminIdParams = Static<typeof AdminIdParams>;

// ---- Terms of use ----

export const TERMS_TEXT_MAX_LENGTH = 20_000;

export const AdminTermsVersion = Type.Object(
  {
    version: Type.Integer({ minimum: 1 }),
    publishedAt: IsoDateTime,
    text: Type.Object({ nb: Type.String(), nn: Type.String() }, { additionalProperties: false }),
    /** How many users have accepted this version. */
    acceptedCount: Type.Integer({ minimum: 0 }),
  },
  { additionalProperties: false },
);
export type AdminTermsVersion = Static<typeof AdminTermsVersion>;
export const AdminTermsVersionList = Type.Array(AdminTermsVersion);

const TermsText = Type.String({ minLength: 1, maxLength: TERMS_TEXT_MAX_LENGTH, pattern: '\\S' });
export const AdminTermsPublishRequest = Type.Object(
  {
    text: Type.Object({ nb: TermsText, nn: TermsText }, { additionalProperties: false }),
    /** The version the administrator based the text on; a newer one published meanwhile → 409. */
    basedOnVersion: Type.Integer({ minimum: 1 }),
  },
  { additionalProperties: false },
);
export type AdminTermsPublishRequest = Static<typeof AdminTermsPublishRequest>;

// ---- The access log ----

export const AccessLogAction = ['VIEW', 'DOWNLOAD', 'EXPORT', 'IMPORT'] as const;
export type AccessLogAction = (typeof AccessLogAction)[number];
/** The list shows at most this many facility ids per entry; `facilityCount` has them all. */
export const ACCESS_LOG_LIST_FACILITY_IDS = 20;

export const AccessLogQuery = Type.Object(
  {
    from: Type.Optional(IsoDateTime),
    to: Type.Optional(IsoDateTime),
    action: Type.Optional(Type.Enum(AccessLogAction)),
    organisationNumber: Type.Optional(OrganisationNumber),
    /** Part of the username or the full name. */
    user: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })),
    facilityId: Type.Optional(DigitString('Only entries that revealed this facility')),
    ...Paging,
  },
  { additionalProperties: false },
);
export type AccessLogQuery = Static<typeof AccessLogQuery>;

export const AccessLogEntry = Type.Object(
  {
    id: Type.Integer({ minimum: 1 }),
    occurredAt: IsoDateTime,
    action: Type.Enum(AccessLogAction),
    user: Type.Union([AdminUserRef, Type.Null()]),
    organisationNumber: Type.String(),
    organisationName: Type.Union([Type.String(), Type.Null()]),
    facilityCount: Type.Integer({ minimum: 0 }),
    facilityIds: Type.Array(Type.Integer()),
    documentId: Type.Union([Type.Integer(), Type.Null()]),
    detail: Type.Union([Type.String(), Type.Null()]),
  },
  { additionalProperties: false },
);
export type AccessLogEntry = Static<typeof AccessLogEntry>;

export const AccessLogPage = Type.Object(
  { total: Type.Integer({ minimum: 0 }), entries: Type.Array(AccessLogEntry) },
  { additionalProperties: false },
);
export type AccessLogPage = Static<typeof AccessLogPage>;

export const ACCESS_LOG_EXPORT_FILENAME = 'fast-tilgangslogg.xlsx';

// ---- The administrators' own trail ----

export const AdminAuditAction = [
  'ACCESS_APPROVED',
  'ACCESS_DENIED',
  'ACCESS_REVOKED',
  'STATUS_MESSAGE_CREATED',
  'STATUS_MESSAGE_UPDATED',
  'STATUS_MESSAGE_ENDED',
  'TERMS_PUBLISHED',
  'ACCESS_LOG_EXPORTED',
  'REGISTER_IMPORTED',
  'REFERENCE_LAYER_LOADED',
  'REFERENCE_LAYER_ROLLED_BACK',
  'API_CLIENT_REGISTERED',
  'API_CLIENT_SECRET_ROTATED',
  'API_CLIENT_REVOKED',
] as const;
export type AdminAuditAction = (typeof AdminAuditAction)[number];

export const AdminAuditEntry = Type.Object(
  {
    id: Type.Integer({ minimum: 1 }),
    occurredAt: IsoDateTime,
    adminName: Type.String(),
    action: Type.Enum(AdminAuditAction),
    target: Type.Union([Type.String(), Type.Null()]),
    /** What the action changed, in the action's own words (ids, municipality, reason...). */
    detail: Type.Record(Type.String(), Type.Unknown()),
  },
  { additionalProperties: false },
);
export type AdminAuditEntry = Static<typeof AdminAuditEntry>;

export const AdminAuditQuery = Type.Object(
  { action: Type.Optional(Type.Enum(AdminAuditAction)), ...Paging },
  { additionalProperties: false },
);
export type AdminAuditQuery = Static<typeof AdminAuditQuery>;

export const AdminAuditPage = Type.Object(
  { total: Type.Integer({ minimum: 0 }), entries: Type.Array(AdminAuditEntry) },
  { additionalProperties: false },
);
export type AdminAuditPage = Static<typeof AdminAuditPage>;
