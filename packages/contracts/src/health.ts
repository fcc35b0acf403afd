import { type Static, Type } from 'typebox';

export const Health = Type.Object({ status: Type.Enum(['ok', 'unavailable']) }, { additionalProperties: false });
export type Health = Static<typeof Health>;
