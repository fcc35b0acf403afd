import { type Static, Type } from 'typebox';
import { CountyCode, IsoDateTime, MunicipalityCode } from './patterns.ts';

/**
 * ACTIVE: given; PENDING: requested and awaiting the authority's decision; DENIED: the request was
 * turned down; REVOKED: the access was taken back. Only ACTIVE opens data.
 */
export const MunicipalityAccessStatus = ['ACTIVE', 'PENDING', 'DENIED', 'REVOKED'] as const;
export type MunicipalityAccessStatus = (typeof MunicipalityAccessStatus)[number];

/** The longest reason the authority may give for denying or revoking access. */
export const ACCESS_REASON_MAX_LENGTH = 1000;

/** given=true: active; given=false: not active (see `status` for pending, denied or revoked). */
export const MunicipalityAccessEntry = Type.Object(
  {
    municipalityCode: MunicipalityCode,
    municipalityName: Type.String(),
    countyId: CountyCode,
    countyName: Type.String(),
    given: Type.Boolean(),
    status: Type.Enum(MunicipalityAccessStatus),
    requestedAt: IsoDateTime,
    decidedAt: Type.Union([IsoDateTime, Type.Null()]),
    /** The authority's reason for a denial or revocation; null otherwise. */
    denyReason: Type.Union([Type.String(), Type.Null()]),
  },
  { additionalProperties: false },
);
export type MunicipalityAccessEntry = Static<typeof MunicipalityAccessEntry>;
export const MunicipalityAccessList = Type.Array(MunicipalityAccessEntry);

export const MunicipalityAccessRequest = Type.Object(
  { municipalityCodes: Type.Array(MunicipalityCode, { minItems: 1, maxItems: 400 }) },
  { additionalProperties: false },
);
export type MunicipalityAccessRequest = Static<typeof MunicipalityAccessRequest>;
