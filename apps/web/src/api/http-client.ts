import { type FetchOptions, fetchApi, type HttpMethod } from './fetch-api.ts';
import { requestEnded, requestStarted } from './in-flight.ts';
import { requestContext } from './request-context.ts';

export interface RequestOptions extends FetchOptions {
  /** Handle the failure in the caller only: no toast. */
  silent?: boolean;
}

/**
 * The app's one HTTP client: fetchApi with the session's bearer token and organisation, requests
 * in flight tracked per method, and every failure reported (section 8) unless `silent` or
 * cancelled by the caller (React Query passes a signal). It resolves with the parsed body and
 * rejects with an ApiError.
 */
export async function request<T>(method: HttpMethod, path: string, options: RequestOptions = {}): Promise<T> {
  const context = requestContext();
  const credentials = { accessToken: context.accessToken(), organisationNumber: context.organisationNumber() };
  requestStarted(method);
  try {
    return await fetchApi<T>(method, path, credentials, options);
  } catch (error) {
    if (!options.signal?.aborted && !options.silent) context.reportError(error);
    throw error;
  } finally {
    requestEnded(method);
  }
}

export function getJson<T>(path: string, options?: Omit<RequestOptions, 'body'>): Promise<T> {
  return request<T>('GET', path, options);
}

export function postJson<T>(path: string, body: unknown, options?: Omit<RequestOptions, 'body'>): Promise<T> {
  return request<T>('POST', path, { ...options, body });
}
