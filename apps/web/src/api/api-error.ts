import type { ErrorBody } from '@fast/contracts';

export type ApiErrorKind = 'http' | 'timeout' | 'network';

/** Every failure of the HTTP client: an answer with an error status, a timeout, or no answer. */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly kind: ApiErrorKind;
  readonly status: number | null;
  readonly body: ErrorBody | null;

  constructor(kind: ApiErrorKind, status: number | null, body: ErrorBody | null, message: string) {
    super(message);
    this.kind = kind;
    this.status = status;
    this.body = body;
  }
}

export function isErrorBody(value: unknown): value is ErrorBody {
  if (typeof value !== 'object' || value === null) return false;
  const { reference, type, message } = value as Record<string, unknown>;
  return typeof reference === 'string' && typeof type === 'string' && typeof message === 'string';
}
