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
  type ApiClient,
  type ApiClientInput,
  type ApiClientWithSecret,
  IMPORT_MEDIA_TYPES,
  type ImportFormat,
  type MunicipalityAccessStatus,
  ORG_HEADER,
  REFERENCE_LAYER_MEDIA_TYPES,
  type ReferenceLayerFormat,
  type ReferenceLayerImportReport,
  type ReferenceLayerName,
  type ReferenceLayerSummary,
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
  referenceLayers: () =>
    queryOptions({
      queryKey: ['admin', 'reference-layers'],
      queryFn: ({ signal }) => getJson<ReferenceLayerSummary[]>('/api/v1/admin/reference-layers', { signal }),
      staleTime: 0,
    }),
  apiClients: () =>
    queryOptions({
      queryKey: ['admin', 'api-clients'],
      queryFn: ({ signal }) => getJson<ApiClient[]>('/api/v1/admin/api-clients', { signal }),
      staleTime: 0,
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

/** Upload progress of a file: bytes sent of the file's size. */
export interface UploadProgress {
  sent: number;
  total: number;
}

/**
 * Sends a file as the body of a POST. XMLHttpRequest, not fetch: only it reports how much of the
 * body has been sent, which a large file needs. No timeout of the client's own: the server bounds
 * the upload and the work. A failure is the caller's to show (no toast).
 */
function uploadFile<T>(
  path: string,
  file: File,
  headers: Record<string, string>,
  onProgress: (progress: UploadProgress) => void,
): Promise<T> {
  const context = requestContext();
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', path);
    for (const [name, value] of Object.entries(headers)) xhr.setRequestHeader(name, value);
    xhr.setRequestHeader('Accept', 'application/json');
    const token = context.accessToken();
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    const organisation = context.organisationNumber();
    if (organisation) xhr.setRequestHeader(ORG_HEADER, organisation);
    xhr.responseType = 'json';
    xhr.upload.onprogress = (event) =>
      onProgress({ sent: event.loaded, total: event.lengthComputable ? event.total : file.size });
    xhr.onload = () => {
      if (xhr.status === 200) return resolve(xhr.response as T);
      const body: unknown = xhr.response;
      reject(new ApiError('http', xhr.status, isErrorBody(body) ? body : null, `HTTP ${xhr.status}`));
    };
    xhr.onerror = () => reject(new ApiError('network', null, null, 'No response'));
    requestStarted('POST');
    xhr.onloadend = () => requestEnded('POST');
    xhr.send(file);
  });
}

/** Sends a register file to POST /api/v1/admin/imports. */
export function uploadRegister(
  file: File,
  options: { dryRun: boolean; strict: boolean },
  onProgress: (progress: UploadProgress) => void,
): Promise<AdminImportReport> {
  const format: ImportFormat = /\.(geo)?json$/i.test(file.name) ? 'geojson' : 'ndjson';
  const query = queryString({ dryRun: String(options.dryRun), strict: String(options.strict) });
  return uploadFile(`/api/v1/admin/imports${query}`, file, { 'Content-Type': IMPORT_MEDIA_TYPES[format] }, onProgress);
}

const REFERENCE_LAYER_EXTENSIONS: Readonly<Record<string, ReferenceLayerFormat>> = {
  zip: 'zip',
  csv: 'csv',
  geojson: 'geojson',
  json: 'geojson',
};

/** A layer file's format by its name's extension; null for a file no layer takes. */
export function referenceLayerFormat(fileName: string): ReferenceLayerFormat | null {
  const extension = /\.([^.]+)$/.exec(fileName)?.[1]?.toLowerCase() ?? '';
  return Object.hasOwn(REFERENCE_LAYER_EXTENSIONS, extension) ? (REFERENCE_LAYER_EXTENSIONS[extension] ?? null) : null;
}

/**
 * `Content-Disposition` naming an uploaded file (RFC 6266). A header value carries ASCII only, so a
 * name with other letters ("Ålesund.csv"), or with characters a simple reader would cut it at, goes
 * in full as `filename*` (UTF-8, percent-encoded), first, with an ASCII `filename` after it for
 * readers that know only that.
 */
function attachmentDisposition(fileName: string): string {
  const ascii = fileName.replace(/[^ -~]|["\\%;]/g, '_');
  if (ascii === fileName) return `attachment; filename="${ascii}"`;
  const encoded = encodeURIComponent(fileName).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `attachment; filename*=UTF-8''${encoded}; filename="${ascii}"`;
}

/**
 * Sends a layer's file to POST /api/v1/admin/reference-layers/{layer}/imports, typed by its name's
 * extension: checked only (dry run), or loaded as the layer's next version. A name of no known
 * format goes as bytes for the server to refuse (the console refuses it before this).
 */
export function uploadReferenceLayer(
  layer: ReferenceLayerName,
  file: File,
  options: { dryRun: boolean },
  onProgress: (progress: UploadProgress) => void,
): Promise<ReferenceLayerImportReport> {
  const format = referenceLayerFormat(file.name);
  return uploadFile(
    `/api/v1/admin/reference-layers/${layer}/imports${queryString({ dryRun: String(options.dryRun) })}`,
    file,
    {
      'Content-Type': format ? REFERENCE_LAYER_MEDIA_TYPES[format] : 'application/octet-stream',
      'Content-Disposition': attachmentDisposition(file.name),
    },
    onProgress,
  );
}

/** Makes the layer's previous version active again; the caller shows a failure (a 409 when there is none). */
export function rollBackReferenceLayer(layer: ReferenceLayerName) {
  return postJson<ReferenceLayerSummary>(`/api/v1/admin/reference-layers/${layer}/rollback`, undefined, { silent: true });
}

/** Registers a machine client; the answer carries its secret, which is shown once. The caller shows a failure. */
export function registerApiClient(input: ApiClientInput) {
  return postJson<ApiClientWithSecret>('/api/v1/admin/api-clients', input, { silent: true });
}

/** A new secret for a client (the old one stops at once); shown once. The caller shows a failure. */
export function rotateApiClient(id: string) {
  return postJson<ApiClientWithSecret>(`/api/v1/admin/api-clients/${id}/rotate`, undefined, { silent: true });
}

/** Takes a client back for good. The caller shows a failure. */
export function revokeApiClient(id: string) {
  return postJson<ApiClient>(`/api/v1/admin/api-clients/${id}/revoke`, undefined, { silent: true });
}
