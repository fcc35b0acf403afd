import { type Static, Type } from 'typebox';

/** Stable error codes: the web app maps each to a translated text (specification section 8). */
export const ErrorType = {
  UNEXPECTED_ERROR: 'UNEXPECTED_ERROR',
  ACCESS_DENIED: 'ACCESS_DENIED',
  NOT_FOUND: 'NOT_FOUND',
  TIMEOUT: 'TIMEOUT',
  VALIDATION_ERROR: 'VALIDATION_ERROR',
  PAYLOAD_TOO_LARGE: 'PAYLOAD_TOO_LARGE',
  RATE_LIMITED: 'RATE_LIMITED',
  SERVICE_UNAVAILABLE: 'SERVICE_UNAVAILABLE',
  CONFLICT: 'CONFLICT',
} as const;
export type ErrorType = (typeof ErrorType)[keyof typeof ErrorType];

export const ErrorBody = Type.Object(
  {
    reference: Type.String({ format: 'uuid', description: 'Also written to the server log with the cause' }),
    type: Type.Enum(Object.values(ErrorType)),
    message: Type.String(),
  },
  { additionalProperties: false },
);
export type ErrorBody = Static<typeof ErrorBody>;
