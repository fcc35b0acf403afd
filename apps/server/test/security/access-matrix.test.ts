import { randomUUID } from 'node:crypto';
import { NO_SEARCH_FILTER } from '@fast/contracts';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { facilityRecord, importTestRecords } from '../facility-factory.ts';
import { createTestApp, DEMO_ORGANISATIONS, type TestApp } from '../test-app.ts';
import { tinyPdf } from '../tiny-pdf.ts';

/**
 * The access-control matrix (issue 9): every API route × every kind of caller × a facility
 * inside and outside the caller's scope. Routes are enumerated from the OpenAPI document, so a
 * route added without a row here fails the test. Every answer is searched for the outside
 * facility's id, name and address.
 */

const INSIDE = { id: 876_501, name: 'Matrise Innsideanlegg', street: 'Kirkeveien 12' };
const OUTSIDE = { id: 987_654, name: 'Matrise Hemmelig Utsideanlegg', street: 'Lønnhaugen 77' };
const OSLO_POINT = { longitude: 10.7461, latitude: 59.9127 };
const OSLO_POINT_PAIR: [number, number] = [10.7461, 59.9127];
const BERGEN_POINT = { longitude: 5.3242, latitude: 60.3929 };
const PIPELINE_ID = 'MATRISE-1';
const LEAK_MARKERS = [String(OUTSIDE.id), OUTSIDE.name, OUTSIDE.street, 'Hemmelig', 'Tilsynsrapport utside'];

type Caller = 'anonymous' | 'expired' | 'foreignOrganisation' | 'withoutAccess' | 'withAccess';
type Target = 'inside' | 'outside';
/**
 * facility: about one facility (404 outside the scope); list: answers facilities of the scope;
 * organisation: data-level but facility-free; user: needs sign-in only; public; admin.
 */
type Kind = 'facility' | 'list' | 'organisation' | 'user' | 'public' | 'admin';

interface Ctx {
  documentOf: Record<Target, number>;
  searchPayload: Record<string, unknown>;
}

interface RouteCase {
  kind: Kind;
  request(ctx: Ctx, target: Target): { url: string; payload?: unknown };
  /** The answer is a spreadsheet: read it back to search it. */
  xlsx?: boolean;
  /** The answer is a PDF: only the status is checked. */
  binary?: boolean;
  /** What shows that the inside facility was answered (default: its id). */
  insideMarker?: string;
}

const facilityOf = (target: Target) => (target === 'inside' ? INSIDE : OUTSIDE);
const pointOf = (target: Target) => (target === 'inside' ? OSLO_POINT : BERGEN_POINT);
const circle = (target: Target) => ({
  circle: { center: [pointOf(target).longitude, pointOf(target).latitude], radiusMetres: 2_000 },
});

const ROUTES: Record<string, RouteCase> = {
  'GET /config': { kind: 'public', request: () => ({ url: '/config' }) },
  'GET /api/frontend/config': { kind: 'public', request: () => ({ url: '/api/frontend/config' }) },
  'GET /api/v1/map/basemap/{z}/{x}/{y}': { kind: 'public', request: () => ({ url: '/api/v1/map/basemap/0/0/0' }) },
  'GET /api/v1/reportees': { kind: 'user', request: () => ({ url: '/api/v1/reportees' }) },
  'GET /api/v1/terms/current': { kind: 'user', request: () => ({ url: '/api/v1/terms/current' }) },
  'GET /api/v1/terms/accepted': { kind: 'user', request: () => ({ url: '/api/v1/terms/accepted' }) },
  'POST /api/v1/terms/accept': { kind: 'user', request: () => ({ url: '/api/v1/terms/accept', payload: {} }) },
  'GET /api/v1/statusmessage': { kind: 'user', request: () => ({ url: '/api/v1/statusmessage' }) },
  'GET /api/v1/municipalities': { kind: 'user', request: () => ({ url: '/api/v1/municipalities' }) },
  'GET /api/v1/counties': { kind: 'organisation', request: () => ({ url: '/api/v1/counties' }) },
  'GET /api/v1/municipality-access': { kind: 'organisation', request: () => ({ url: '/api/v1/municipality-access' }) },
  'POST /api/v1/municipality-access': {
    kind: 'organisation',
    request: () => ({ url: '/api/v1/municipality-access', payload: { municipalityCodes: ['5001'] } }),
  },
  'GET /api/v1/facilities/search/criteria': {
    kind: 'organisation',
    request: () => ({ url: '/api/v1/facilities/search/criteria' }),
  },
  'GET /api/v1/map/gaspipes': { kind: 'organisation', request: () => ({ url: '/api/v1/map/gaspipes' }) },
  // No facility data, but the incident's position goes on to MET: signed in with an organisation.
  'GET /api/v1/weather/wind': {
    kind: 'organisation',
    request: (_ctx, target) => ({
      url: `/api/v1/weather/wind?latitude=${pointOf(target).latitude}&longitude=${pointOf(target).longitude}`,
    }),
  },
  'POST /api/v1/facilities/search': {
    kind: 'list',
    request: (ctx) => ({ url: '/api/v1/facilities/search', payload: ctx.searchPayload }),
  },
  'POST /api/v1/facilities/search/export': {
    kind: 'list',
    xlsx: true,
    request: (ctx) => ({ url: '/api/v1/facilities/search/export', payload: { ...ctx.searchPayload, hitsToReturn: 1000 } }),
  },
  'POST /api/v1/map/facilities': {
    kind: 'list',
    request: () => ({ url: '/api/v1/map/facilities', payload: { pageSize: 10_000 } }),
  },
  'POST /api/v1/map/facilities/filtered': {
    kind: 'list',
    request: (ctx) => ({ url: '/api/v1/map/facilities/filtered', payload: ctx.searchPayload }),
  },
  'POST /api/v1/protective-zones': {
    kind: 'list',
    // Propane's BLEVE circle at a 140 000 litre tank: 2 200 m all around the target's point.
    request: (_ctx, target) => ({
      url: '/api/v1/protective-zones',
      payload: { unNumber: '1978', ...pointOf(target), spill: 'large', fire: true, tankLitres: 140_000, windFromDegrees: 225 },
    }),
  },
  'POST /api/v1/map/zone': { kind: 'list', request: (_ctx, target) => ({ url: '/api/v1/map/zone', payload: circle(target) }) },
  'POST /api/v1/map/zone/export': {
    kind: 'list',
    xlsx: true,
    request: (_ctx, target) => ({ url: '/api/v1/map/zone/export', payload: circle(target) }),
  },
  'POST /api/v1/facilities/nearby': {
    kind: 'list',
    request: (_ctx, target) => ({ url: '/api/v1/facilities/nearby', payload: { ...pointOf(target), radiusMeters: 2_000 } }),
  },
  'POST /api/v1/facilities/nearby/export': {
    kind: 'list',
    xlsx: true,
    request: (_ctx, target) => ({
      url: '/api/v1/facilities/nearby/export',
      payload: { ...pointOf(target), radiusMeters: 2_000 },
    }),
  },
  'GET /api/v1/places': {
    kind: 'list',
    insideMarker: INSIDE.street,
    request: (_ctx, target) => ({ url: `/api/v1/places?q=${encodeURIComponent(facilityOf(target).street)}` }),
  },
  'GET /api/v1/map/facilities/{facilityId}': {
    kind: 'facility',
    request: (_ctx, target) => ({ url: `/api/v1/map/facilities/${facilityOf(target).id}` }),
  },
  'GET /api/v1/facilities/{id}': {
    kind: 'facility',
    request: (_ctx, target) => ({ url: `/api/v1/facilities/${facilityOf(target).id}` }),
  },
  'GET /api/v1/facilities/{id}/attachments': {
    kind: 'facility',
    insideMarker: 'Tilsynsrapport innside',
    request: (_ctx, target) => ({ url: `/api/v1/facilities/${facilityOf(target).id}/attachments` }),
  },
  'GET /api/v1/facilities/{id}/substance-report': {
    kind: 'facility',
    binary: true,
    request: (_ctx, target) => ({ url: `/api/v1/facilities/${facilityOf(target).id}/substance-report` }),
  },
  'GET /api/v1/facilities/{id}/briefing': {
    kind: 'facility',
    binary: true,
    request: (_ctx, target) => ({ url: `/api/v1/facilities/${facilityOf(target).id}/briefing` }),
  },
  // A hazard card is reference data, not facility data: every signed-in caller who accepted the terms.
  'GET /api/v1/substances/{unNumber}': { kind: 'user', request: () => ({ url: '/api/v1/substances/1978' }) },
  // Schools, kindergartens, care homes and hospitals: public reference data, like the hazard cards.
  'POST /api/v1/vulnerable-objects/within': {
    kind: 'user',
    request: (_ctx, target) => ({
      url: '/api/v1/vulnerable-objects/within',
      payload: { ...pointOf(target), radiusMeters: 2_000 },
    }),
  },
  'POST /api/v1/vulnerable-objects/inside': {
    kind: 'user',
    request: (_ctx, target) => {
      const { latitude, longitude } = pointOf(target);
      const ring = [
        [longitude - 0.01, latitude - 0.01],
        [longitude + 0.01, latitude - 0.01],
        [longitude + 0.01, latitude + 0.01],
        [longitude - 0.01, latitude - 0.01],
      ];
      return { url: '/api/v1/vulnerable-objects/inside', payload: { polygon: { type: 'Polygon', coordinates: [ring] } } };
    },
  },
  'GET /api/v1/map/vulnerable-objects': { kind: 'user', request: () => ({ url: '/api/v1/map/vulnerable-objects' }) },
  'GET /api/v1/documents/{documentId}': {
    kind: 'facility',
    binary: true,
    request: (ctx, target) => ({ url: `/api/v1/documents/${ctx.documentOf[target]}` }),
  },
  'GET /api/v1/admin/municipality-access': { kind: 'admin', request: () => ({ url: '/api/v1/admin/municipality-access' }) },
  'GET /api/v1/admin/organisations': { kind: 'admin', request: () => ({ url: '/api/v1/admin/organisations' }) },
  'POST /api/v1/admin/municipality-access/approve': {
    kind: 'admin',
    request: () => ({ url: '/api/v1/admin/municipality-access/approve', payload: { ids: [] } }),
  },
  'POST /api/v1/admin/municipality-access/deny': {
    kind: 'admin',
    request: () => ({ url: '/api/v1/admin/municipality-access/deny', payload: { ids: [], reason: '' } }),
  },
  'POST /api/v1/admin/municipality-access/revoke': {
    kind: 'admin',
    request: () => ({ url: '/api/v1/admin/municipality-access/revoke', payload: { ids: [] } }),
  },
  'GET /api/v1/admin/status-messages': { kind: 'admin', request: () => ({ url: '/api/v1/admin/status-messages' }) },
  'POST /api/v1/admin/status-messages': { kind: 'admin', request: () => ({ url: '/api/v1/admin/status-messages', payload: {} }) },
  'PUT /api/v1/admin/status-messages/{id}': {
    kind: 'admin',
    request: () => ({ url: '/api/v1/admin/status-messages/1', payload: {} }),
  },
  'POST /api/v1/admin/status-messages/{id}/end': {
    kind: 'admin',
    request: () => ({ url: '/api/v1/admin/status-messages/1/end', payload: {} }),
  },
  'GET /api/v1/admin/terms': { kind: 'admin', request: () => ({ url: '/api/v1/admin/terms' }) },
  'POST /api/v1/admin/terms': { kind: 'admin', request: () => ({ url: '/api/v1/admin/terms', payload: {} }) },
  'GET /api/v1/admin/access-log': { kind: 'admin', request: () => ({ url: '/api/v1/admin/access-log' }) },
  'GET /api/v1/admin/access-log/export': { kind: 'admin', request: () => ({ url: '/api/v1/admin/access-log/export' }) },
  'GET /api/v1/admin/audit-log': { kind: 'admin', request: () => ({ url: '/api/v1/admin/audit-log' }) },
  'POST /api/v1/admin/imports': { kind: 'admin', request: () => ({ url: '/api/v1/admin/imports', payload: {} }) },
  'GET /api/v1/admin/reference-layers': { kind: 'admin', request: () => ({ url: '/api/v1/admin/reference-layers' }) },
  'POST /api/v1/admin/reference-layers/{layer}/imports': {
    kind: 'admin',
    request: () => ({ url: '/api/v1/admin/reference-layers/addresses/imports?dryRun=true', payload: {} }),
  },
  'POST /api/v1/admin/reference-layers/{layer}/rollback': {
    kind: 'admin',
    request: () => ({ url: '/api/v1/admin/reference-layers/addresses/rollback', payload: {} }),
  },
  'GET /api/v1/admin/api-clients': { kind: 'admin', request: () => ({ url: '/api/v1/admin/api-clients' }) },
  'POST /api/v1/admin/api-clients': { kind: 'admin', request: () => ({ url: '/api/v1/admin/api-clients', payload: {} }) },
  'POST /api/v1/admin/api-clients/{id}/rotate': {
    kind: 'admin',
    request: () => ({ url: '/api/v1/admin/api-clients/00000000-0000-4000-8000-000000000000/rotate', payload: {} }),
  },
  'POST /api/v1/admin/api-clients/{id}/revoke': {
    kind: 'admin',
    request: () => ({ url: '/api/v1/admin/api-clients/00000000-0000-4000-8000-000000000000/revoke', payload: {} }),
  },
  // The OGC feed (issue 38): at the `feed` level, as the API's data level for a person.
  'GET /ogc/': { kind: 'organisation', request: () => ({ url: '/ogc' }) },
  'GET /ogc/conformance': { kind: 'organisation', request: () => ({ url: '/ogc/conformance' }) },
  'GET /ogc/api': { kind: 'organisation', request: () => ({ url: '/ogc/api' }) },
  'GET /ogc/collections': { kind: 'organisation', request: () => ({ url: '/ogc/collections' }) },
  'GET /ogc/collections/facilities': { kind: 'organisation', request: () => ({ url: '/ogc/collections/facilities' }) },
  'GET /ogc/collections/facilities/queryables': {
    kind: 'organisation',
    request: () => ({ url: '/ogc/collections/facilities/queryables' }),
  },
  'GET /ogc/collections/facilities/items': {
    kind: 'list',
    request: () => ({ url: '/ogc/collections/facilities/items?limit=10000' }),
  },
  'GET /ogc/collections/facilities/items/{featureId}': {
    kind: 'facility',
    request: (_ctx, target) => ({ url: `/ogc/collections/facilities/items/${facilityOf(target).id}` }),
  },
  'GET /ogc/collections/gas-pipelines': { kind: 'organisation', request: () => ({ url: '/ogc/collections/gas-pipelines' }) },
  'GET /ogc/collections/gas-pipelines/queryables': {
    kind: 'organisation',
    request: () => ({ url: '/ogc/collections/gas-pipelines/queryables' }),
  },
  'GET /ogc/collections/gas-pipelines/items': {
    kind: 'organisation',
    request: () => ({ url: '/ogc/collections/gas-pipelines/items' }),
  },
  'GET /ogc/collections/gas-pipelines/items/{featureId}': {
    kind: 'organisation',
    request: () => ({ url: `/ogc/collections/gas-pipelines/items/${PIPELINE_ID}` }),
  },
};

async function spreadsheetText(body: Buffer): Promise<string> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(body as unknown as ArrayBuffer);
  const cells: string[] = [];
  workbook.eachSheet((sheet) => {
    sheet.eachRow((row) => {
      row.eachCell((cell) => {
        cells.push(String(cell.text ?? ''));
      });
    });
  });
  return cells.join('\n');
}

let t: TestApp;
const headers = {} as Record<Caller | 'admin', Record<string, string>>;
const ctx: Ctx = {
  documentOf: { inside: 0, outside: 0 },
  searchPayload: { ...NO_SEARCH_FILTER, query: 'Matrise', hitsToSkip: 0, hitsToReturn: 50 },
};

beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_PER_USER_PER_MINUTE: '100000', RATE_LIMIT_PER_IP_PER_MINUTE: '100000' });
  const report = (title: string) => tinyPdf(title).then((contentBase64) => ({ title, date: '2024-05-02', contentBase64 }));
  const inspection = async (title: string) => ({
    year: 2024,
    type: 'ON_SITE' as const,
    authority: 'FIRE_SERVICE' as const,
    status: 'DONE' as const,
    contactPerson: 'Per Tilsyn',
    caseNumber: null,
    inspectedOn: '2024-05-02',
    deviations: 1,
    remarks: 0,
    reaction: 'NONE' as const,
    report: await report(title),
  });
  await importTestRecords(t.db, [
    {
      recordType: 'gasPipeline',
      id: PIPELINE_ID,
      name: 'Matriseledningen',
      owner: 'Gassnett AS',
      pressureClass: 'LOW',
      mopBar: 4,
      material: 'PE',
      diameterMm: 110,
      yearBuilt: 2005,
      substance: 'NATURAL_GAS',
      geometry: { type: 'LineString', coordinates: [OSLO_POINT_PAIR, [10.75, 59.92]] },
    },
    facilityRecord(INSIDE.id, {
      name: INSIDE.name,
      address: { street: INSIDE.street, postalCode: '0166', postalPlace: 'Oslo', municipalityId: '0301' },
      position: OSLO_POINT,
      inspections: [await inspection('Tilsynsrapport innside')],
    }),
    facilityRecord(OUTSIDE.id, {
      name: OUTSIDE.name,
      address: { street: OUTSIDE.street, postalCode: '5003', postalPlace: 'Bergen', municipalityId: '4601' },
      position: BERGEN_POINT,
      inspections: [await inspection('Tilsynsrapport utside')],
    }),
  ]);
  for (const target of ['inside', 'outside'] as const) {
    const row = await t.db
      .selectFrom('document')
      .select('id')
      .where('facility_id', '=', facilityOf(target).id)
      .executeTakeFirstOrThrow();
    ctx.documentOf[target] = Number(row.id);
  }

  // A colleague in the same organisation as oslo.brann, with no municipality given.
  const colleague = await t.db
    .insertInto('app_user')
    .values({ subject: randomUUID(), username: 'oslo.kollega', given_name: 'Per', family_name: 'Kollega', roles: [] })
    .returning('id')
    .executeTakeFirstOrThrow();
  await t.db
    .insertInto('user_organisation')
    .values({ user_id: colleague.id, organisation_number: DEMO_ORGANISATIONS.osloBrann.organisation_number })
    .execute();

  const oslo = DEMO_ORGANISATIONS.osloBrann.organisation_number;
  headers.anonymous = {};
  headers.expired = {
    authorization: `Bearer ${await t.tokenFor('oslo.brann', {}, { expiresIn: Math.floor(Date.now() / 1000) - 120 })}`,
    'fast-org-number': oslo,
  };
  headers.foreignOrganisation = await t.headersFor('oslo.brann', DEMO_ORGANISATIONS.vest110.organisation_number);
  headers.withoutAccess = await t.headersFor('oslo.kollega', oslo);
  headers.withAccess = await t.headersFor('oslo.brann', oslo);
  headers.admin = await t.headersFor('fast.admin', DEMO_ORGANISATIONS.dsb.organisation_number);
});
afterAll(async () => t?.close());

function expected(kind: Kind, caller: Caller, target: Target): number {
  if (kind === 'public') return 200;
  if (caller === 'anonymous' || caller === 'expired') return 401;
  if (kind === 'user') return 200;
  if (kind === 'admin') return 403;
  if (caller === 'foreignOrganisation') return 403;
  if (kind === 'facility') return caller === 'withAccess' && target === 'inside' ? 200 : 404;
  return 200;
}

async function call(route: string, routeCase: RouteCase, caller: Caller | 'admin', target: Target) {
  const [method] = route.split(' ') as ['GET' | 'POST' | 'PUT'];
  const { url, payload } = routeCase.request(ctx, target);
  const response = await t.app.inject({
    method,
    url,
    headers: headers[caller],
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
  const isXlsx = routeCase.xlsx && response.statusCode === 200;
  const text = isXlsx
    ? await spreadsheetText(response.rawPayload)
    : routeCase.binary && response.statusCode === 200
      ? ''
      : response.body;
  return { status: response.statusCode, text };
}

describe('the access-control matrix', () => {
  it('covers every route of the API', () => {
    const doc = t.app.swagger() as { paths: Record<string, Record<string, unknown>> };
    const routes = Object.entries(doc.paths).flatMap(([path, methods]) =>
      Object.keys(methods).map((m) => `${m.toUpperCase()} ${path}`),
    );
    const missing = routes.filter((route) => !(route in ROUTES));
    expect(missing, 'routes without a row in the access matrix').toEqual([]);
    const gone = Object.keys(ROUTES).filter((route) => !routes.includes(route));
    expect(gone, 'matrix rows for routes that no longer exist').toEqual([]);
  });

  it('has every route it calls facility data declare it for the access log (plugins/access-log.ts)', () => {
    const rules = t.app.accessLogRules();
    const undeclared = Object.entries(ROUTES)
      .filter(([, routeCase]) => routeCase.kind === 'facility' || routeCase.kind === 'list')
      .map(([route]) => route)
      .filter((route) => {
        const rule = rules.get(route.replace(/\{(\w+)\}/g, ':$1'));
        return !rule || ('none' in rule && rule.none !== 'overview');
      });
    expect(undeclared, 'facility-data routes logged as neither an action nor an overview').toEqual([]);
  });

  const callers: Caller[] = ['anonymous', 'expired', 'foreignOrganisation', 'withoutAccess', 'withAccess'];
  for (const [route, routeCase] of Object.entries(ROUTES)) {
    it(`${route}: answers each caller as it should and never leaks a facility outside the scope`, async () => {
      for (const caller of callers) {
        for (const target of ['inside', 'outside'] as const) {
          const { status, text } = await call(route, routeCase, caller, target);
          expect(status, `${route} as ${caller} for the ${target} facility`).toBe(expected(routeCase.kind, caller, target));
          for (const marker of LEAK_MARKERS) {
            expect(text.includes(marker), `${route} as ${caller} (${target}) leaks "${marker}"`).toBe(false);
          }
          if (
            status === 200 &&
            caller === 'withAccess' &&
            target === 'inside' &&
            (routeCase.kind === 'list' || routeCase.kind === 'facility')
          ) {
            if (!routeCase.binary) {
              expect(text, `${route} shows the facility inside the scope`).toContain(routeCase.insideMarker ?? String(INSIDE.id));
            }
          }
          if (status === 200 && caller === 'withoutAccess' && routeCase.kind === 'list') {
            expect(text.includes(String(INSIDE.id)), `${route} shows a facility to a user without access`).toBe(false);
          }
        }
      }
      if (routeCase.kind === 'admin') {
        const { status } = await call(route, routeCase, 'admin', 'inside');
        expect([401, 403], `${route} as the administrator`).not.toContain(status);
      }
    });
  }
});
