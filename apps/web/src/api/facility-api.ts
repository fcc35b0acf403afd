import type { FacilityDetail } from '@fast/contracts';
import { queryOptions } from '@tanstack/react-query';
import { getJson, request } from './http-client.ts';

export const facilityQueries = {
  /**
   * The whole record. Silent: the screen says itself what went wrong (not found, no access)
   * instead of a toast over it. Keyed by organisation, because the scope is.
   */
  detail: (organisationNumber: string, id: number) =>
    queryOptions({
      queryKey: ['facility', organisationNumber, id],
      queryFn: ({ signal }) => getJson<FacilityDetail>(`/api/v1/facilities/${id}`, { signal, silent: true }),
      retry: false,
    }),
};

/**
 * A document path from the API (`/documents/7`, `/facilities/1/substance-report`) as a PDF; `lang`
 * asks for a document made on request in that language (stored documents ignore it).
 */
export function fetchDocument(path: string, lang?: 'nb' | 'nn'): Promise<Blob> {
  if (!/^\/[a-z0-9/-]+$/.test(path)) throw new Error(`not a document path: ${path}`);
  return request<Blob>('GET', `/api/v1${path}${lang ? `?lang=${lang}` : ''}`, { responseType: 'blob' });
}

/** A file name from a visible title: no path separators or characters file systems refuse. */
export function pdfFileName(title: string): string {
  const base = title
    .replace(/[\p{Cc}/\\:*?"<>|]+/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return `${base || 'dokument'}.pdf`;
}
