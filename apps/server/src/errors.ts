import type { ErrorType } from '@fast/contracts';

/** An error that is meant for the caller: its status, catalogue type and message are sent as they are. */
export class ApiError extends Error {
  readonly statusCode: number;
  readonly type: ErrorType;

  constructor(statusCode: number, type: ErrorType, message: string) {
    super(message);
    this.statusCode = statusCode;
    this.type = type;
  }
}

export const accessDenied = (message = 'Du er ikke logget inn eller har ikke tilgang til dette.') =>
  new ApiError(403, 'ACCESS_DENIED', message);
export const unauthenticated = (message = 'Du er ikke logget inn.') => new ApiError(401, 'ACCESS_DENIED', message);
export const notFound = (message = 'Fant ikke det du prøvde å finne.') => new ApiError(404, 'NOT_FOUND', message);
export const validationError = (message: string) => new ApiError(400, 'VALIDATION_ERROR', message);
