import { type Static, Type } from 'typebox';
import { CountyCode, MunicipalityCode } from './patterns.ts';

export const MunicipalityRef = Type.Object({ id: MunicipalityCode, name: Type.String() }, { additionalProperties: false });
export type MunicipalityRef = Static<typeof MunicipalityRef>;

/** GET /api/v1/counties: the counties and municipalities in the caller's scope. */
export const County = Type.Object(
  { id: CountyCode, name: Type.String(), children: Type.Array(MunicipalityRef) },
  { additionalProperties: false },
);
export type County = Static<typeof County>;
export const CountyList = Type.Array(County);

/** GET /api/v1/municipalities: every municipality, for requesting access. */
export const Municipality = Type.Object(
  { id: MunicipalityCode, name: Type.String(), countyId: CountyCode, countyName: Type.String() },
  { additionalProperties: false },
);
export type Municipality = Static<typeof Municipality>;
export const MunicipalityList = Type.Array(Municipality);
