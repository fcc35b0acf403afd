import type {
  AccessLogPage,
  AdminAccessEntry,
  AdminAccessPage,
  AdminAuditPage,
  AdminOrganisation,
  AdminStatusMessage,
  AdminStatusMessageInput,
  AdminTermsVersion,
  MunicipalityAccessStatus,
} from '@fast/contracts';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { getJson, postJson, request } from '../../api/http-client.ts';

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
