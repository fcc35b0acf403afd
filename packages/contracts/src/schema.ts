import { Type } from 'typebox';

/** Schema pieces the contracts share (not part of the API themselves). */

/** A value or null: the register's optional fields are null, never missing. */
export const Nullable = <T extends Parameters<typeof Type.Union>[0][number]>(schema: T) => Type.Union([schema, Type.Null()]);

/** A facility's street address as the map's popup and the nearby list show it. */
export const StreetAddress = Type.Object(
  { street: Nullable(Type.String()), postalCode: Nullable(Type.String()), postalPlace: Nullable(Type.String()) },
  { additionalProperties: false },
);
