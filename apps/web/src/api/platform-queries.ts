import type {
  County,
  FrontendConfig,
  MunicipalityAccessEntry,
  Reportee,
  StatusMessage,
  TermsCurrent,
  TermsStatus,
} from '@fast/contracts';
import { queryOptions } from '@tanstack/react-query';
import { getJson, postJson } from './http-client.ts';

/** Query options for the platform endpoints; organisation-scoped keys carry the organisation number. */
export const platformQueries = {
  frontendConfig: () =>
    queryOptions({
      queryKey: ['frontend-config'],
      queryFn: ({ signal }) => getJson<FrontendConfig>('/api/frontend/config', { signal, silent: true }),
      staleTime: Number.POSITIVE_INFINITY,
    }),
  reportees: ({ silent = false } = {}) =>
    queryOptions({
      queryKey: ['reportees'],
      queryFn: ({ signal }) => getJson<Reportee[]>('/api/v1/reportees', { signal, silent }),
      staleTime: 5 * 60_000,
    }),
  termsStatus: () =>
    queryOptions({
      queryKey: ['terms', 'status'],
      queryFn: ({ signal }) => getJson<TermsStatus>('/api/v1/terms/accepted', { signal }),
      staleTime: Number.POSITIVE_INFINITY,
    }),
  termsCurrent: () =>
    queryOptions({
      queryKey: ['terms', 'current'],
      queryFn: ({ signal }) => getJson<TermsCurrent>('/api/v1/terms/current', { signal }),
      staleTime: Number.POSITIVE_INFINITY,
    }),
  municipalityAccess: (organisationNumber: string) =>
    queryOptions({
      queryKey: ['municipality-access', organisationNumber],
      queryFn: ({ signal }) => getJson<MunicipalityAccessEntry[]>('/api/v1/municipality-access', { signal }),
    }),
  counties: (organisationNumber: string) =>
    queryOptions({
      queryKey: ['counties', organisationNumber],
      queryFn: ({ signal }) => getJson<County[]>('/api/v1/counties', { signal }),
      staleTime: 5 * 60_000,
    }),
};

export function fetchStatusMessages(): Promise<StatusMessage[]> {
  return getJson<StatusMessage[]>('/api/v1/statusmessage');
}

export function acceptTerms(version: number): Promise<TermsStatus> {
  return postJson<TermsStatus>('/api/v1/terms/accept', { version });
}
