import type {
  AdminImportReport,
  AdminOrganisation,
  ApiClient,
  ApiClientWithSecret,
  County,
  FacilityDetail,
  FrontendConfig,
  HazardCard,
  MapFacilityPopup,
  Municipality,
  MunicipalityAccessEntry,
  NearbyResponse,
  PlacesResponse,
  ProtectiveZonesResponse,
  ReferenceLayerImportReport,
  ReferenceLayerSummary,
  Reportee,
  SearchResponse,
  VulnerableObjectCollection,
  VulnerableWithinResponse,
  WindResponse,
} from '@fast/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter, useLocation } from 'react-router';
import { afterEach, vi } from 'vitest';
import { i18next } from '../i18n/i18n.ts';
import { organisationStore } from '../shell/organisation/organisation-store.ts';

/**
 * The web's one way to render a screen in a test: with the providers the app gives it (a query
 * client without retries, a router at `url`, i18n in Bokmål, the chosen organisation) and the API
 * faked by route (`fakeApi`), each route answered with its contract's type.
 */

/** The routes the screens' tests answer, by `METHOD /path` (`:name` matches one segment), and the contract type of each answer. */
export interface ApiAnswers {
  'GET /api/frontend/config': FrontendConfig;
  'GET /api/v1/counties': County[];
  'GET /api/v1/municipalities': Municipality[];
  'GET /api/v1/municipality-access': MunicipalityAccessEntry[];
  'POST /api/v1/municipality-access': MunicipalityAccessEntry[];
  'GET /api/v1/reportees': Reportee[];
  'GET /api/v1/places': PlacesResponse;
  'POST /api/v1/facilities/nearby': NearbyResponse;
  'POST /api/v1/facilities/search': SearchResponse;
  'GET /api/v1/facilities/:id': FacilityDetail;
  'GET /api/v1/map/facilities/:id': MapFacilityPopup;
  'GET /api/v1/substances/:unNumber': HazardCard;
  'GET /api/v1/weather/wind': WindResponse;
  'POST /api/v1/protective-zones': ProtectiveZonesResponse;
  'POST /api/v1/vulnerable-objects/within': VulnerableWithinResponse;
  'GET /api/v1/map/vulnerable-objects': VulnerableObjectCollection;
  'POST /api/v1/admin/imports': AdminImportReport;
  'GET /api/v1/admin/reference-layers': ReferenceLayerSummary[];
  'POST /api/v1/admin/reference-layers/:layer/imports': ReferenceLayerImportReport;
  'POST /api/v1/admin/reference-layers/:layer/rollback': ReferenceLayerSummary;
  'GET /api/v1/admin/organisations': AdminOrganisation[];
  'GET /api/v1/admin/api-clients': ApiClient[];
  'POST /api/v1/admin/api-clients': ApiClientWithSecret;
  'POST /api/v1/admin/api-clients/:id/rotate': ApiClientWithSecret;
  'POST /api/v1/admin/api-clients/:id/revoke': ApiClient;
}
export type ApiRoute = keyof ApiAnswers;

/** One request as a fake route sees it. */
export interface FakeRequest {
  url: URL;
  /** The `:name` segments of the route. */
  params: Record<string, string>;
  /** The parsed JSON body; a file as it was sent (an upload); undefined without one. */
  body: unknown;
  headers: Headers;
  signal: AbortSignal | null;
}

/**
 * A route's answer: the contract's value (sent as 200 JSON), or a Response of its own (a status,
 * a header); `pending` never answers (until the caller aborts).
 */
export type FakeAnswer<R extends ApiRoute> =
  | ApiAnswers[R]
  | Response
  | typeof pending
  | ((request: FakeRequest) => ApiAnswers[R] | Response | typeof pending | Promise<ApiAnswers[R] | Response>);
export type FakeRoutes = { [R in ApiRoute]?: FakeAnswer<R> };

/** An answer that never comes (the request stays in flight until aborted). */
export const pending = Symbol('pending');

export const jsonResponse = (body: unknown, init: { status?: number; headers?: Record<string, string> } = {}) =>
  new Response(JSON.stringify(body), {
    status: init.status ?? 200,
    headers: { 'Content-Type': 'application/json', ...init.headers },
  });

function never(signal: AbortSignal | null): Promise<Response> {
  return new Promise((_resolve, reject) =>
    signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))),
  );
}

function match(route: string, method: string, path: string): Record<string, string> | null {
  const [routeMethod, routePath = ''] = route.split(' ');
  if (routeMethod !== method) return null;
  const want = routePath.split('/');
  const got = path.split('/');
  if (want.length !== got.length) return null;
  const params: Record<string, string> = {};
  for (const [i, part] of want.entries()) {
    const actual = got[i] ?? '';
    if (part.startsWith(':')) params[part.slice(1)] = decodeURIComponent(actual);
    else if (part !== actual) return null;
  }
  return params;
}

export interface FakeApi {
  /** Every request, in order: `METHOD /path?query`, its parsed body (or the file sent) and its headers. */
  readonly requests: { route: string; url: URL; body: unknown; headers: Headers }[];
  /** The bodies sent to a route, in order. */
  bodies<R extends ApiRoute>(route: R): unknown[];
  /** Answers a route from now on (over what `fakeApi` was given). */
  answer<R extends ApiRoute>(route: R, answer: FakeAnswer<R>): void;
}

/**
 * XMLHttpRequest as the uploads use it (`features/admin/admin-api.ts`: headers, a file as the body,
 * upload progress, a JSON answer), sent through the fake `fetch` so that the same routes answer.
 */
function fakeXhrOf(fetchFake: typeof fetch) {
  return class FakeXhr {
    status = 0;
    response: unknown = null;
    responseType: XMLHttpRequestResponseType = '';
    readonly upload: { onprogress: ((event: ProgressEvent) => void) | null } = { onprogress: null };
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    onloadend: (() => void) | null = null;
    #method = 'GET';
    #url = '';
    readonly #headers = new Headers();
    open(method: string, url: string) {
      this.#method = method;
      this.#url = url;
    }
    setRequestHeader(name: string, value: string) {
      this.#headers.set(name, value);
    }
    send(body: Blob | null = null) {
      fetchFake(this.#url, { method: this.#method, headers: this.#headers, body }).then(
        async (response) => {
          const size = body?.size ?? 0;
          this.upload.onprogress?.(new ProgressEvent('progress', { loaded: size, total: size, lengthComputable: true }));
          this.status = response.status;
          this.response = await response.json().catch(() => null);
          this.onload?.();
          this.onloadend?.();
        },
        () => {
          this.onerror?.();
          this.onloadend?.();
        },
      );
    }
  };
}

/**
 * Replaces `fetch` (and XMLHttpRequest, which uploads use) for this test with the given routes
 * (put back after it). A request no route matches stays pending, as a server that has not
 * answered yet.
 */
export function fakeApi(routes: FakeRoutes = {}): FakeApi {
  const table = new Map<string, FakeAnswer<ApiRoute>>(Object.entries(routes) as [ApiRoute, FakeAnswer<ApiRoute>][]);
  const requests: FakeApi['requests'] = [];
  const routeOf = new Map<number, string>();
  const fetchFake = vi.fn<typeof fetch>(async (input, init) => {
    const url = new URL(String(input), 'http://localhost');
    const method = (init?.method ?? 'GET').toUpperCase();
    const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : (init?.body ?? undefined);
    const headers = new Headers(init?.headers);
    const signal = init?.signal ?? null;
    for (const [route, answer] of table) {
      const params = match(route, method, url.pathname);
      if (!params) continue;
      routeOf.set(requests.length, route);
      requests.push({ route: `${method} ${url.pathname}${url.search}`, url, body, headers });
      const value = typeof answer === 'function' ? await answer({ url, params, body, headers, signal }) : answer;
      if (value === pending) return never(signal);
      return value instanceof Response ? value : jsonResponse(value);
    }
    requests.push({ route: `${method} ${url.pathname}${url.search}`, url, body, headers });
    return never(signal);
  });
  vi.stubGlobal('fetch', fetchFake);
  vi.stubGlobal('XMLHttpRequest', fakeXhrOf(fetchFake));
  return {
    requests,
    bodies: (route) => requests.filter((_, i) => routeOf.get(i) === route).map((request) => request.body),
    answer: (route, answer) => void table.set(route, answer as FakeAnswer<ApiRoute>),
  };
}

export const TEST_ORGANISATION: Reportee = {
  name: 'Brann og redning IKS',
  organizationNumber: '910000048',
} as Reportee;

function Location() {
  const location = useLocation();
  return <output data-testid="location">{location.pathname + location.search}</output>;
}

export interface RenderOptions {
  /** Where the router starts: a path with its query, or a path with history state. */
  url?: string | { pathname: string; state: unknown };
  /** The chosen organisation (null: none chosen yet). */
  organisation?: Reportee | null;
}

/**
 * Renders `ui` as the app would: query client (no retries, its own per test), router at `url`,
 * i18n in Bokmål, the organisation chosen. `location()` is the router's path and query now.
 */
export function renderWithApp(ui: ReactElement, { url = '/', organisation = TEST_ORGANISATION }: RenderOptions = {}) {
  organisationStore.set(organisation);
  if (i18next.language !== 'nb') void i18next.changeLanguage('nb');
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const result = render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[url]}>
        {ui}
        <Location />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return { ...result, client, location: () => screen.getByTestId('location').textContent ?? '' };
}

afterEach(() => {
  vi.unstubAllGlobals();
  organisationStore.set(null);
});
