import { Type } from 'typebox';

export const MunicipalityCode = Type.String({ pattern: '^[0-9]{4}$', description: 'Official 4-digit municipality number' });
export const CountyCode = Type.String({ pattern: '^[0-9]{2}$', description: 'Official 2-digit county number' });
export const OrganisationNumber = Type.String({ pattern: '^[0-9]{9}$', description: '9-digit Norwegian organisation number' });
/**
 * An RFC 3339 date-time. Without a leap second (23:59:60), which the format allows but JavaScript's
 * Date and PostgreSQL read as no time at all.
 */
export const IsoDateTime = Type.String({ format: 'date-time', pattern: '^(?!\\d{4}-\\d{2}-\\d{2}[Tt ]\\d{2}:\\d{2}:60)' });
/** A UUID as PostgreSQL's uuid type reads it: the format also allows a `urn:uuid:` prefix, which it refuses. */
export const Uuid = Type.String({
  format: 'uuid',
  pattern: '^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$',
});
