import {
  type AccessLogPage,
  type AdminAccessEntry,
  type AdminAccessPage,
  type AdminAuditPage,
  type AdminImportReport,
  type AdminOrganisation,
  type AdminStatusMessage,
  type AdminStatusMessageInput,
  type AdminTermsVersion,
  IMPORT_MEDIA_TYPES,
  type ImportFormat,
  type MunicipalityAccessStatus,
  ORG_HEADER,
} from '@fast/contracts';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { ApiError, isErrorBody } from '../../api/api-error.ts';
import { getJson, postJson, request } from '../../api/http-client.ts';
import { requestEnded, requestStarted } from '../../api/in-flight.ts';
import { requestContext } from '../../api/request-context.ts';

/** Query-string values, leaving out the empty ones. */
export function queryString(values: Record<string, string | number | undefined | null>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(values)) {
    if (value !== undefined && value !== null && value !== '') params.set(key, String(value));
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

export interface AccessEntryFilter {
  status: MunicipalityAccessStatus;
  countyId?: string;
  municipalityCode?: string;
  organisationNumber?: string;
  minAgeDays?: string;
  limit: number;
  offset: number;
}

export interface AccessLogFilter {
  from?: string;
  to?: string;
  action?: string;
  organisationNumber?: string;
  user?: string;
  facilityId?: string;
}

/** Admin data is never cached for long: another administrator may be working at the same time. */
export const adminQueries = {
  all: ['admin'] as const,
  accessEntries: (filter: AccessEntryFilter) =>
    queryOptions({
      queryKey: ['admin', 'municipality-access', filter],
      queryFn: ({ signal }) =>
        getJson<AdminAccessPage>(`/api/v1/admin/municipality-access${queryString({ ...filter })}`, { signal }),
      staleTime: 0,
      placeholderData: keepPreviousData,
    }),
  organisations: () =>
    queryOptions({
      queryKey: ['admin', 'organisations'],
      queryFn: ({ signal }) => getJson<AdminOrganisation[]>('/api/v1/admin/organisations', { signal }),
    }),
  statusMessages: () =>
    queryOptions({
      queryKey: ['admin', 'status-messages'],
      queryFn: ({ signal }) => getJson<AdminStatusMessage[]>('/api/v1/admin/status-messages', { signal }),
      staleTime: 0,
    }),
  terms: () =>
    queryOptions({
      queryKey: ['admin', 'terms'],
      queryFn: ({ signal }) => getJson<AdminTermsVersion[]>('/api/v1/admin/terms', { signal }),
      staleTime: 0,
    }),
  accessLog: (filter: AccessLogFilter, page: { limit: number; offset: number }) =>
    queryOptions({
      queryKey: ['admin', 'access-log', filter, page],
      queryFn: ({ signal }) =>
        getJson<AccessLogPage>(`/api/v1/admin/access-log${queryString({ ...filter, ...page })}`, { signal }),
      staleTime: 0,
      placeholderData: keepPreviousData,
    }),
  auditLog: (page: { limit: number; offset: number }) =>
    queryOptions({
      queryKey: ['admin', 'audit-log', page],
      queryFn: ({ signal }) => getJson<AdminAuditPage>(`/api/v1/admin/audit-log${queryString(page)}`, { signal }),
      staleTime: 0,
      placeholderData: keepPreviousData,
    }),
};

export function decideAccess(decision: 'approve' | 'deny' | 'revoke', ids: readonly number[], reason?: string) {
  return postJson<AdminAccessEntry[]>(`/api/v1/admin/municipality-access/${decision}`, {
    ids,
    ...(reason ? { reason } : {}),
  });
}

export function saveStatusMessage(id: number | null, input: AdminStatusMessageInput) {
  return id === null
    ? postJson<AdminStatusMessage>('/api/v1/admin/status-messages', input)
    : request<AdminStatusMessage>('PUT', `/api/v1/admin/status-messages/${id}`, { body: input });
}

export function endStatusMessage(id: number) {
  return postJson<AdminStatusMessage | null>(`/api/v1/admin/status-messages/${id}/end`, undefined);
}

export function publishTerms(text: { nb: string; nn: string }, basedOnVersion: number) {
  return postJson<AdminTermsVersion>('/api/v1/admin/terms', { text, basedOnVersion });
}

export function downloadAccessLog(filter: AccessLogFilter): Promise<Blob> {
  return request<Blob>('GET', `/api/v1/admin/access-log/export${queryString({ ...filter })}`, {
    responseType: 'blob',
    timeoutMs: 120_000,
  });
}

/** Upload progress of a register file: bytes sent of the file's size. */
export interface UploadProgress {
  sent: number;
  total: number;
}

/**
 * Sends a register file to POST /api/v1/admin/imports. XMLHttpRequest, not fetch: only it reports
 * how much of the body has been sent, which a large file needs. No timeout of the client's own:
 * the server bounds the upload and the import.
 */
export function uploadRegister(
  file: File,
  options: { dryRun: boolean; strict: boolean },
  onProgress: (progress: UploadProgress) => void,
): Promise<AdminImportReport> {
  const context = requestContext();
  const format: ImportFormat = /\.(geo)?json$/i.test(file.name) ? 'geojson' : 'ndjson';
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `/api/v1/admin/imports${queryString({ dryRun: String(options.dryRun), strict: String(options.strict) })}`);
    xhr.setRequestHeader('Content-Type', IMPORT_MEDIA_TYPES[format]);
    xhr.setRequestHeader('Accept', 'application/json');
    const token = context.accessToken();
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    const organisation = context.organisationNumber();
    if (organisation) xhr.setRequestHeader(ORG_HEADER, organisation);
    xhr.responseType = 'json';
    xhr.upload.onprogress = (event) =>
      onProgress({ sent: event.loaded, total: event.lengthComputable ? event.total : file.size });
    xhr.onload = () => {
      if (xhr.status === 200) return resolve(xhr.response as AdminImportReport);
      const body: unknown = xhr.response;
      reject(new ApiError('http', xhr.status, isErrorBody(body) ? body : null, `HTTP ${xhr.status}`));
    };
    xhr.onerror = () => reject(new ApiError('network', null, null, 'No response'));
    requestStarted('POST');
    xhr.onloadend = () => requestEnded('POST');
    xhr.send(file);
  });
}
