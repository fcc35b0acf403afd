import { type Static, Type } from 'typebox';
import { CountyCode, IsoDateTime, MunicipalityCode } from './patterns.ts';

/** given=true: active; given=false: requested and awaiting the authority's decision. */
export const MunicipalityAccessEntry = Type.Object(
  {
    municipalityCode: MunicipalityCode,
    municipalityName: Type.String(),
    countyId: CountyCode,
    countyName: Type.String(),
    given: Type.Boolean(),
    requestedAt: IsoDateTime,
    decidedAt: Type.Union([IsoDateTime, Type.Null()]),
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
