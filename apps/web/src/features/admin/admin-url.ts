import { type AccessLogAction, AccessLogQuery, AdminAccessQuery } from '@fast/contracts';
import { useCallback } from 'react';
import { type TSchema, Type } from 'typebox';
import { Check } from 'typebox/value';
import { useUrlState } from '../../components/use-url-state.ts';

/**
 * The console's state in the URL, under Norwegian names as the console's links are shared:
 *
 *   fane        the tab (the first, foresporsler, is left out)
 *   side        rows skipped in the tab's list (0 is left out)
 *   fylke, kommune, virksomhet, alder     the access lists' county, municipality, organisation, age in days
 *   fra, til, handling, bruker, anlegg     the access log's days (yyyy-mm-dd), action, user text, facility id
 *
 * Every value is checked with the schema of the admin API's query parameter it becomes, so what
 * the URL gives is what the server accepts; the rest is left out.
 */
export const ADMIN_TABS = [
  'foresporsler',
  'tilganger',
  'driftsmeldinger',
  'vilkar',
  'tilgangslogg',
  'endringslogg',
  'importer',
  'referansedata',
  'api-klienter',
] as const;
export type AdminTab = (typeof ADMIN_TABS)[number];

export interface AdminUrlState {
  tab: AdminTab;
  offset: number;
  countyId?: string;
  municipalityCode?: string;
  organisationNumber?: string;
  minAgeDays?: string;
  fromDay?: string;
  toDay?: string;
  action?: AccessLogAction;
  user?: string;
  facilityId?: string;
}

export type AdminFilter = Omit<AdminUrlState, 'tab' | 'offset'>;

/** The URL name of every value but the tab and the offset. */
const NAMES: Record<keyof AdminFilter, string> = {
  countyId: 'fylke',
  municipalityCode: 'kommune',
  organisationNumber: 'virksomhet',
  minAgeDays: 'alder',
  fromDay: 'fra',
  toDay: 'til',
  action: 'handling',
  user: 'bruker',
  facilityId: 'anlegg',
};

const access = AdminAccessQuery.properties;
const log = AccessLogQuery.properties;
/** A calendar day as the date field gives it; the log's query gets the instant it starts. */
const DAY = Type.String({ pattern: '^[0-9]{4}-[0-9]{2}-[0-9]{2}$' });
const SCHEMAS: Record<keyof AdminFilter, TSchema> = {
  countyId: access.countyId,
  municipalityCode: access.municipalityCode,
  organisationNumber: access.organisationNumber,
  minAgeDays: access.minAgeDays,
  fromDay: DAY,
  toDay: DAY,
  action: log.action,
  user: log.user,
  facilityId: log.facilityId,
};

export const ADMIN_DEFAULT_TAB: AdminTab = 'foresporsler';

export function parseAdminParams(params: URLSearchParams): AdminUrlState {
  const tab = ADMIN_TABS.find((x) => x === params.get('fane')) ?? ADMIN_DEFAULT_TAB;
  const side = params.get('side') ?? '';
  const state: AdminUrlState = { tab, offset: Check(access.offset, side) ? Number(side) : 0 };
  for (const key of Object.keys(NAMES) as (keyof AdminFilter)[]) {
    const value = params.get(NAMES[key]);
    if (value !== null && Check(SCHEMAS[key], value)) Object.assign(state, { [key]: value });
  }
  return state;
}

export function toAdminParams(state: AdminUrlState): URLSearchParams {
  const params = new URLSearchParams();
  if (state.tab !== ADMIN_DEFAULT_TAB) params.set('fane', state.tab);
  for (const key of Object.keys(NAMES) as (keyof AdminFilter)[]) {
    const value = state[key];
    if (value) params.set(NAMES[key], value);
  }
  if (state.offset > 0) params.set('side', String(state.offset));
  return params;
}

const adminCodec = { parse: parseAdminParams, write: toAdminParams };

export type AdminUrlChange = Partial<Omit<AdminUrlState, 'offset'>> & { offset?: number };

/**
 * The console's URL state, and a change to it. A change replaces the history entry (filters are
 * typed and picked often) and starts the list again at its first row unless it sets the offset.
 */
export function useAdminUrl(): [AdminUrlState, (change: AdminUrlChange) => void] {
  const [state, update] = useUrlState(adminCodec);
  const change = useCallback(
    (values: AdminUrlChange) => update((current) => ({ ...current, offset: 0, ...values }), { replace: true }),
    [update],
  );
  return [state, change];
}
