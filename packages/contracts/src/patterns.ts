import { Type } from 'typebox';

export const MunicipalityCode = Type.String({ pattern: '^[0-9]{4}$', description: 'Official 4-digit municipality number' });
export const CountyCode = Type.String({ pattern: '^[0-9]{2}$', description: 'Official 2-digit county number' });
export const OrganisationNumber = Type.String({ pattern: '^[0-9]{9}$', description: '9-digit Norwegian organisation number' });
export const IsoDateTime = Type.String({ format: 'date-time' });
