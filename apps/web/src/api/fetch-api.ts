import { ORG_HEADER, REQUEST_TIMEOUT_MS } from '@fast/contracts';
import { ApiError, isErrorBody } from './api-error.ts';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** Who asks: the bearer token and the chosen organisation (either may be absent). */
export interface Credentials {
  accessToken: string | null;
  organisationNumber: string | null;
}

export interface FetchOptions {
  body?: unknown;
  signal?: AbortSignal;
  timeoutMs?: number;
  /** json (default), blob for downloads. */
  responseType?: 'json' | 'blob';
  /** Sees a successful response before its body is read (its headers, say). */
  onResponse?: (response: Response) => void;
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
 * One API request with nothing of the page in it, so that a Web Worker can make it too: base "/",
 * a timeout, the credentials as headers. Resolves with the parsed body; rejects with an ApiError,
 * or with the caller's abort as it is.
 */
export async function fetchApi<T>(
  method: HttpMethod,
  path: string,
  credentials: Credentials,
  options: FetchOptions = {},
): Promise<T> {
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, options.timeoutMs ?? REQUEST_TIMEOUT_MS);
  const forwardAbort = () => controller.abort();
  options.signal?.addEventListener('abort', forwardAbort);

  const headers = new Headers({ Accept: options.responseType === 'blob' ? '*/*' : 'application/json' });
  if (credentials.accessToken) headers.set('Authorization', `Bearer ${credentials.accessToken}`);
  if (credentials.organisationNumber) headers.set(ORG_HEADER, credentials.organisationNumber);
  let body: string | undefined;
  if (options.body !== undefined) {
    headers.set('Content-Type', 'application/json');
    body = JSON.stringify(options.body);
  }

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
    options.onResponse?.(response);
    if (options.responseType === 'blob') return (await response.blob()) as T;
    if (response.status === 204) return undefined as T;
    return (await response.json()) as T;
  } catch (caught) {
    if (options.signal?.aborted || caught instanceof ApiError) throw caught;
    throw timedOut
      ? new ApiError('timeout', null, null, 'Request timed out')
      : new ApiError('network', null, null, caught instanceof Error ? caught.message : 'No response');
  } finally {
    clearTimeout(timer);
    options.signal?.removeEventListener('abort', forwardAbort);
  }
}
