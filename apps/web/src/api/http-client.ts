import { ORG_HEADER, REQUEST_TIMEOUT_MS } from '@fast/contracts';
import { ApiError, isErrorBody } from './api-error.ts';
import { requestEnded, requestStarted } from './in-flight.ts';
import { reportError } from './report-error.ts';
import { requestContext } from './request-context.ts';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface RequestOptions {
  body?: unknown;
  /** Handle the failure in the caller only: no toast. */
  silent?: boolean;
  /** The caller's cancellation (React Query passes one); a cancelled request is never reported. */
  signal?: AbortSignal;
  timeoutMs?: number;
  /** json (default), blob for downloads. */
  responseType?: 'json' | 'blob';
}

const BASE_URL = '/';

async function readErrorBody(response: Response): Promise<unknown> {
  try {
    return await response.json();
  } catch {
    return null;
  }
}

/**
 * The app's one HTTP client: base "/", a 30 s timeout, the bearer token and the organisation
 * header, requests in flight tracked per method, and every failure reported (section 8) unless
 * `silent`. It resolves with the parsed body and rejects with an ApiError.
 */
export async function request<T>(method: HttpMethod, path: string, options: RequestOptions = {}): Promise<T> {
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, options.timeoutMs ?? REQUEST_TIMEOUT_MS);
  const forwardAbort = () => controller.abort();
  options.signal?.addEventListener('abort', forwardAbort);

  const headers = new Headers({ Accept: options.responseType === 'blob' ? '*/*' : 'application/json' });
  const token = requestContext().accessToken();
  if (token) headers.set('Authorization', `Bearer ${token}`);
  const organisation = requestContext().organisationNumber();
  if (organisation) headers.set(ORG_HEADER, organisation);
  let body: string | undefined;
  if (options.body !== undefined) {
    headers.set('Content-Type', 'application/json');
    body = JSON.stringify(options.body);
  }

  requestStarted(method);
  try {
    const response = await fetch(BASE_URL + path.replace(/^\//, ''), {
      method,
      headers,
      body,
      signal: controller.signal,
      credentials: 'same-origin',
    });
    if (!response.ok) {
      const errorBody = await readErrorBody(response);
      throw new ApiError('http', response.status, isErrorBody(errorBody) ? errorBody : null, `HTTP ${response.status}`);
    }
    if (options.responseType === 'blob') return (await response.blob()) as T;
    if (response.status === 204) return undefined as T;
    return (await response.json()) as T;
  } catch (caught) {
    if (options.signal?.aborted) throw caught;
    const error =
      caught instanceof ApiError
        ? caught
        : timedOut
          ? new ApiError('timeout', null, null, 'Request timed out')
          : new ApiError('network', null, null, caught instanceof Error ? caught.message : 'No response');
    if (!options.silent) reportError(error);
    throw error;
  } finally {
    clearTimeout(timer);
    options.signal?.removeEventListener('abort', forwardAbort);
    requestEnded(method);
  }
}

export function getJson<T>(path: string, options?: Omit<RequestOptions, 'body'>): Promise<T> {
  return request<T>('GET', path, options);
}

export function postJson<T>(path: string, body: unknown, options?: Omit<RequestOptions, 'body'>): Promise<T> {
  return request<T>('POST', path, { ...options, body });
}
