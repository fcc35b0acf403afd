import { IMPORT_MEDIA_TYPES, NO_SEARCH_FILTER } from '@fast/contracts';
import Fastify, { type FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectErrorBody } from '../../test/expectations.ts';
import { facilityRecord, importTestRecords } from '../../test/facility-factory.ts';
import { createTestApp, DEMO_ORGANISATIONS, type TestApp } from '../../test/test-app.ts';
import { tinyPdf } from '../../test/tiny-pdf.ts';
import type { AccessLogRule } from '../app-types.ts';
import { registerAccessLog } from './access-log.ts';
import { registerErrorHandling } from './errors.ts';

// The access log's one path (plugins/access-log.ts): which routes declare what, and what a caller
// gets when the entry cannot be written (docs/security.md).

const FACILITY = { id: 3901, name: 'Loggtest Hemmeligstad', street: 'Loggveien 9' };
const LEAKS = [FACILITY.name, FACILITY.street, '%PDF', 'Tilsynsrapport loggtest'];
const OSLO = DEMO_ORGANISATIONS.osloBrann.organisation_number;

const VIEW: AccessLogRule = { action: 'VIEW' };
const DOWNLOAD: AccessLogRule = { action: 'DOWNLOAD' };
const EXPORT: AccessLogRule = { action: 'EXPORT' };
const OVERVIEW: AccessLogRule = { none: 'overview' };
const FACILITY_FREE: AccessLogRule = { none: 'facility-free' };

/** Every /api/v1 route that states a rule, and the rule. A route that states none must not be at the data level. */
const DECLARED: Record<string, AccessLogRule> = {
  'GET /api/v1/facilities/:id': VIEW,
  'GET /api/v1/facilities/:id/substance-report': DOWNLOAD,
  'GET /api/v1/facilities/:id/briefing': DOWNLOAD,
  'GET /api/v1/documents/:documentId': DOWNLOAD,
  'POST /api/v1/facilities/search/export': EXPORT,
  'POST /api/v1/map/zone/export': EXPORT,
  'POST /api/v1/facilities/nearby/export': EXPORT,
  'POST /api/v1/admin/imports': { action: 'IMPORT' },
  // Public reference data: no facility's (docs/reference-layers.md).
  'GET /api/v1/admin/reference-layers': FACILITY_FREE,
  'POST /api/v1/admin/reference-layers/:layer/imports': FACILITY_FREE,
  'POST /api/v1/admin/reference-layers/:layer/rollback': FACILITY_FREE,
  // Machine clients and their organisations, no facility's (the audit trail has every change).
  'GET /api/v1/admin/api-clients': FACILITY_FREE,
  'POST /api/v1/admin/api-clients': FACILITY_FREE,
  'POST /api/v1/admin/api-clients/:id/rotate': FACILITY_FREE,
  'POST /api/v1/admin/api-clients/:id/revoke': FACILITY_FREE,
  // The OGC feed (issue 38): a page of facilities, or one, is a VIEW of each; the rest names none.
  'GET /ogc/collections/facilities/items': VIEW,
  'GET /ogc/collections/facilities/items/:featureId': VIEW,
  'GET /ogc': FACILITY_FREE,
  'GET /ogc/conformance': FACILITY_FREE,
  'GET /ogc/api': FACILITY_FREE,
  'GET /ogc/collections': FACILITY_FREE,
  'GET /ogc/collections/facilities': FACILITY_FREE,
  'GET /ogc/collections/facilities/queryables': FACILITY_FREE,
  'GET /ogc/collections/gas-pipelines': FACILITY_FREE,
  'GET /ogc/collections/gas-pipelines/queryables': FACILITY_FREE,
  'GET /ogc/collections/gas-pipelines/items': FACILITY_FREE,
  'GET /ogc/collections/gas-pipelines/items/:featureId': FACILITY_FREE,
  'GET /api/v1/facilities/:id/attachments': OVERVIEW,
  'POST /api/v1/facilities/search': OVERVIEW,
  'POST /api/v1/map/facilities': OVERVIEW,
  'POST /api/v1/map/facilities/filtered': OVERVIEW,
  'GET /api/v1/map/facilities/:facilityId': OVERVIEW,
  'POST /api/v1/map/zone': OVERVIEW,
  'POST /api/v1/facilities/nearby': OVERVIEW,
  'GET /api/v1/places': OVERVIEW,
  'POST /api/v1/protective-zones': OVERVIEW,
  'GET /api/v1/counties': FACILITY_FREE,
  'GET /api/v1/municipality-access': FACILITY_FREE,
  'POST /api/v1/municipality-access': FACILITY_FREE,
  'GET /api/v1/facilities/search/criteria': FACILITY_FREE,
  'GET /api/v1/map/gaspipes': FACILITY_FREE,
  'POST /api/v1/vulnerable-objects/within': FACILITY_FREE,
  'POST /api/v1/vulnerable-objects/inside': FACILITY_FREE,
  'GET /api/v1/map/vulnerable-objects': FACILITY_FREE,
  'GET /api/v1/weather/wind': FACILITY_FREE,
};

let t: TestApp;
let oslo: Record<string, string>;
let documentId: number;
beforeAll(async () => {
  t = await createTestApp();
  oslo = await t.headersFor('oslo.brann', OSLO);
  await importTestRecords(t.db, [
    facilityRecord(FACILITY.id, {
      name: FACILITY.name,
      address: { street: FACILITY.street },
      inspections: [
        {
          year: 2024,
          type: 'ON_SITE',
          authority: 'FIRE_SERVICE',
          status: 'DONE',
          contactPerson: 'Per Tilsyn',
          caseNumber: null,
          inspectedOn: '2024-05-02',
          deviations: 0,
          remarks: 0,
          reaction: 'NONE',
          report: {
            title: 'Tilsynsrapport loggtest',
            date: '2024-05-02',
            contentBase64: await tinyPdf('Tilsynsrapport loggtest'),
          },
        },
      ],
    }),
  ]);
  const row = await t.db.selectFrom('document').select('id').where('facility_id', '=', FACILITY.id).executeTakeFirstOrThrow();
  documentId = Number(row.id);
});
afterAll(async () => t?.close());

const logCount = async () =>
  Number(
    (
      await t.db
        .selectFrom('access_log')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('the routes’ declarations', () => {
  it('are stated by every /api/v1 route that reveals facility data, as this table says', () => {
    const stated = Object.fromEntries(
      [...t.app.accessLogRules()].filter(([route, rule]) => rule !== null && !route.startsWith('HEAD ')),
    );
    expect(stated).toEqual(DECLARED);
  });

  it('stop the server from starting when a data-level route states none', async () => {
    const app = Fastify();
    registerAccessLog(app);
    // As the app registers its routes: in a plugin under the prefix.
    app.register(
      async (api) => {
        api.get('/forgotten', async () => ({ secret: true }));
      },
      { prefix: '/api/v1' },
    );
    await expect(app.ready()).rejects.toThrow('GET /api/v1/forgotten must state config.accessLog');
  });

  describe('a handler that breaks its declaration', () => {
    let app: FastifyInstance;
    beforeAll(async () => {
      app = Fastify();
      registerAccessLog(app);
      registerErrorHandling(app, (_request, reply) => reply.code(404).send());
      app.get('/api/v1/silent', { config: { accessLog: { action: 'VIEW' } } }, async () => ({ name: FACILITY.name }));
      app.get('/api/v1/undeclared', { config: { accessLog: { none: 'overview' } } }, async (_request, reply) => {
        reply.reveals({ facilityIds: [FACILITY.id] });
        return { name: FACILITY.name };
      });
      await app.ready();
    });
    afterAll(async () => app?.close());

    it.each(['/api/v1/silent', '/api/v1/undeclared'])(
      '%s answers 500 with the error body and nothing of the data',
      async (url) => {
        const response = await app.inject({ method: 'GET', url });
        expect(response.statusCode).toBe(500);
        expectErrorBody(response, { type: 'UNEXPECTED_ERROR' });
        expect(response.body).not.toContain(FACILITY.name);
      },
    );
  });
});

describe('an entry that cannot be written', () => {
  const search = { ...NO_SEARCH_FILTER, query: 'Loggtest', hitsToSkip: 0, hitsToReturn: 10 };
  const withheld = [
    { name: 'the record (JSON)', method: 'GET' as const, url: `/api/v1/facilities/${FACILITY.id}` },
    { name: 'a stored document (PDF)', method: 'GET' as const, url: () => `/api/v1/documents/${documentId}` },
    { name: 'a PDF made on request', method: 'GET' as const, url: `/api/v1/facilities/${FACILITY.id}/substance-report` },
    { name: 'an export (xlsx stream)', method: 'POST' as const, url: '/api/v1/facilities/search/export', payload: search },
  ];

  /** Runs `check` while inserts into access_log fail (the table is renamed away), then puts it back. */
  async function withoutTheLog(check: () => Promise<void>) {
    await sql`alter table access_log rename to access_log_away`.execute(t.db);
    try {
      await check();
    } finally {
      await sql`alter table access_log_away rename to access_log`.execute(t.db);
    }
  }

  it.each(withheld)('withholds $name: 503 with the error body, no attachment, nothing of the register', async (c) => {
    const before = await logCount();
    await withoutTheLog(async () => {
      const url = typeof c.url === 'function' ? c.url() : c.url;
      const response = await t.app.inject({ method: c.method, url, headers: oslo, ...(c.payload ? { payload: c.payload } : {}) });
      expect(response.statusCode, response.body).toBe(503);
      expect(String(response.headers['content-type'])).toMatch(/^application\/json/);
      expect(response.json()).toEqual({
        reference: expect.any(String),
        type: 'SERVICE_UNAVAILABLE',
        message: expect.any(String),
      });
      expect(response.headers['content-disposition']).toBeUndefined();
      for (const leak of LEAKS) expect(response.body).not.toContain(leak);
      expect(response.body.startsWith('PK')).toBe(false);
    });
    expect(await logCount()).toBe(before);
    // With the log back, the same request is answered and logged.
    const url = typeof c.url === 'function' ? c.url() : c.url;
    const response = await t.app.inject({ method: c.method, url, headers: oslo, ...(c.payload ? { payload: c.payload } : {}) });
    expect(response.statusCode).toBe(200);
    expect(await logCount()).toBe(before + 1);
  });

  it('leaves the routes it does not log, and HEAD, answered', async () => {
    await withoutTheLog(async () => {
      const list = await t.app.inject({ method: 'POST', url: '/api/v1/facilities/search', headers: oslo, payload: search });
      expect(list.statusCode).toBe(200);
      const head = await t.app.inject({ method: 'HEAD', url: `/api/v1/facilities/${FACILITY.id}`, headers: oslo });
      expect(head.statusCode).toBe(200);
      expect(head.body).toBe('');
    });
  });

  it('fails an import’s batch with its entry: nothing of it is written', async () => {
    const admin = await t.headersFor('fast.admin');
    await withoutTheLog(async () => {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/v1/admin/imports',
        headers: { ...admin, 'content-type': IMPORT_MEDIA_TYPES.ndjson },
        payload: JSON.stringify(facilityRecord(3902)),
      });
      expect(response.statusCode).toBeGreaterThanOrEqual(500);
    });
    expect(await t.db.selectFrom('facility').select('id').where('id', '=', 3902).executeTakeFirst()).toBeUndefined();
  });
});
