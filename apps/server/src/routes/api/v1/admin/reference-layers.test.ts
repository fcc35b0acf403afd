import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  ADMIN_ROLE,
  type AdminAuditPage,
  PLACE_HINT_HEADER,
  PlaceHint,
  type PlacesResponse,
  REFERENCE_LAYER_MEDIA_TYPES,
  type ReferenceLayerImportReport,
  type ReferenceLayerSummary,
} from '@fast/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectErrorBody } from '../../../../../test/expectations.ts';
import { createTestApp, DEMO_ORGANISATIONS, type TestApp } from '../../../../../test/test-app.ts';
import { DEMO_USERS } from '../../../../demo/demo-users.ts';

const FIXTURE = readFileSync(
  join(import.meta.dirname, '../../../../../test/fixtures/reference/matrikkelen-adresse-kristiansand.csv'),
);
const [HEADER = '', FIRST = ''] = FIXTURE.toString('utf8').split('\n');

let t: TestApp;
let admin: Record<string, string>;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.headersFor('fast.admin');
});
afterAll(async () => t?.close());

function upload(body: string | Buffer, dryRun: boolean, headers = admin, type: string = REFERENCE_LAYER_MEDIA_TYPES.csv) {
  return t.app.inject({
    method: 'POST',
    url: `/api/v1/admin/reference-layers/addresses/imports?dryRun=${dryRun}`,
    headers: { ...headers, 'content-type': type, 'content-disposition': 'attachment; filename="matrikkelen.csv"' },
    payload: body,
  });
}

const layers = async () => {
  const response = await t.app.inject({ method: 'GET', url: '/api/v1/admin/reference-layers', headers: admin });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as ReferenceLayerSummary[];
};

/** Asked as 110 Vest, whose municipalities (Vestland) do not include Kristiansand: addresses are public. */
const places = async (q: string) => {
  const response = await t.app.inject({
    method: 'GET',
    url: `/api/v1/places?q=${encodeURIComponent(q)}`,
    headers: await t.headersFor('vest.110', DEMO_ORGANISATIONS.vest110.organisation_number),
  });
  expect(response.statusCode, response.body).toBe(200);
  return {
    labels: (response.json() as PlacesResponse).map((c) => c.label),
    candidates: response.json() as PlacesResponse,
    hint: response.headers[PLACE_HINT_HEADER.toLowerCase()],
  };
};

describe('the reference layers in the console', () => {
  it.each(
    DEMO_USERS.filter((u) => !u.roles?.includes(ADMIN_ROLE)).map((u) => [u.username, u.organisations[0]?.organisation_number]),
  )('answers 403 to %s on every endpoint', async (username, organisation) => {
    const headers = await t.headersFor(username, organisation);
    for (const [method, url] of [
      ['GET', '/api/v1/admin/reference-layers'],
      ['POST', '/api/v1/admin/reference-layers/addresses/imports?dryRun=false'],
      ['POST', '/api/v1/admin/reference-layers/addresses/rollback'],
    ] as const) {
      const response = await t.app.inject({
        method,
        url,
        headers: { ...headers, 'content-type': 'text/csv' },
        payload: method === 'POST' ? FIXTURE : undefined,
      });
      expect(response.statusCode, `${method} ${url}`).toBe(403);
      expectErrorBody(response, { type: 'ACCESS_DENIED' });
    }
    expect(await t.db.selectFrom('address').select('id').execute()).toEqual([]);
  });

  it('answers 401 without a token', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/v1/admin/reference-layers' });
    expect(response.statusCode).toBe(401);
    const places = await t.app.inject({ method: 'GET', url: '/api/v1/places?q=Tyrihansveien%2038' });
    expect(places.statusCode).toBe(401);
  });

  it('says plainly that street addresses are not loaded before the first load', async () => {
    expect(await layers()).toEqual([
      { layer: 'addresses', active: null, previous: null },
      { layer: 'vulnerable-objects', active: null, previous: null },
      { layer: 'hazard-tables', active: null, previous: null },
      { layer: 'adr-table-a', active: null, previous: null },
    ]);
    const { labels, hint } = await places('Tyrihansveien 38');
    expect(labels).toEqual([]);
    expect(hint).toBe(PlaceHint.ADDRESSES_NOT_LOADED);
    // A municipality is found as before, without the hint.
    expect((await places('Bergen')).hint).toBeUndefined();
  });

  it('checks a file first (nothing written), then loads it as version 1, on the trail; /places then finds its addresses', async () => {
    const check = await upload(FIXTURE, true);
    expect(check.statusCode, check.body).toBe(200);
    expect(check.json()).toMatchObject({ layer: 'addresses', dryRun: true, read: 47, loaded: 47, invalid: 0, version: null });
    expect(await layers()).toEqual([
      { layer: 'addresses', active: null, previous: null },
      { layer: 'vulnerable-objects', active: null, previous: null },
      { layer: 'hazard-tables', active: null, previous: null },
      { layer: 'adr-table-a', active: null, previous: null },
    ]);

    const load = await upload(FIXTURE, false);
    expect(load.statusCode, load.body).toBe(200);
    const report = load.json() as ReferenceLayerImportReport;
    expect(report).toMatchObject({
      dryRun: false,
      loaded: 47,
      version: { version: 1, rowCount: 47, fileName: 'matrikkelen.csv', loadedBy: expect.any(String) },
    });
    expect(report.version?.sha256).toMatch(/^[0-9a-f]{64}$/);
    expect(report.version?.sizeBytes).toBe(FIXTURE.length);
    const [summary] = await layers();
    expect(summary?.active).toEqual(report.version);

    const audit = await t.app.inject({
      method: 'GET',
      url: '/api/v1/admin/audit-log?action=REFERENCE_LAYER_LOADED',
      headers: admin,
    });
    expect((audit.json() as AdminAuditPage).entries.map((e) => e.detail.phase)).toEqual(['loaded', 'checked']);

    // Every typed form of an address finds it, for a user of any municipality (public data).
    for (const q of ['Tyrihansveien 38', 'tyrihansveien 38 kristiansand', 'Tyrihansveien 38, 4638']) {
      const found = await places(q);
      expect(found.labels[0], q).toBe('Tyrihansveien 38, 4638 Kristiansand S');
      expect(found.hint, q).toBeUndefined();
      expect(found.candidates[0]).toMatchObject({ kind: 'address', municipality: { id: '4204' } });
    }
    expect((await places('Vardasveien 110 b')).labels[0]).toBe('Vardåsveien 110B, 4637 Kristiansand S');
    // Typo-tolerant like the search; a street alone is the street.
    expect((await places('Tyrihasnveien 38')).labels[0]).toBe('Tyrihansveien 38, 4638 Kristiansand S');
    expect((await places('Tyrihansveien')).candidates).toContainEqual(
      expect.objectContaining({
        label: 'Tyrihansveien, 4638 Kristiansand S',
        kind: 'address',
        municipality: { id: '4204', name: 'Kristiansand' },
      }),
    );
  });

  it('reports refused rows by line, and refuses a file that is not the layer with the error body', async () => {
    const bad = `${HEADER}\n${FIRST.replace(';4204;', ';9999;')}\n`;
    const response = await upload(bad, true);
    expect(response.json()).toMatchObject({
      read: 1,
      loaded: 0,
      invalid: 1,
      invalidRows: [{ line: 2, reasons: [{ code: 'unknownMunicipality' }] }],
    });
    const notAddresses = await upload('id;navn\n1;x\n', false);
    expectErrorBody(notAddresses, { status: 400, type: 'VALIDATION_ERROR', message: /mangler kolonnene/ });
    const geojson = await upload('{"type":"FeatureCollection","features":[]}', false, admin, REFERENCE_LAYER_MEDIA_TYPES.geojson);
    expect(geojson.statusCode).toBe(400);
    const json = await upload('{}', false, admin, 'application/json');
    expectErrorBody(json, { status: 400, type: 'VALIDATION_ERROR', message: /text\/csv, application\/zip/ });
    expect((await layers())[0]?.active?.version).toBe(1);
  });

  it('rolls back to the previous version and forward again; 409 with none', async () => {
    const rollback = () =>
      t.app.inject({ method: 'POST', url: '/api/v1/admin/reference-layers/addresses/rollback', headers: admin });
    const second = await upload(`${HEADER}\n${FIRST}\n`, false);
    expect(second.json()).toMatchObject({ loaded: 1, version: { version: 2 } });
    expect((await places('Vardåsveien 110')).labels).not.toContain('Vardåsveien 110, 4637 Kristiansand S');
    const back = await rollback();
    expect(back.statusCode, back.body).toBe(200);
    expect(back.json()).toMatchObject({ active: { version: 1 }, previous: { version: 2 } });
    expect((await places('Vardåsveien 110')).labels).toContain('Vardåsveien 110, 4637 Kristiansand S');
    expect((await rollback()).json()).toMatchObject({ active: { version: 2 }, previous: { version: 1 } });
    await t.db.deleteFrom('reference_layer_version').where('state', '=', 'previous').execute();
    const none = await rollback();
    expectErrorBody(none, { status: 409, type: 'CONFLICT' });
  });
});

describe('the vulnerable-objects layer through the console', () => {
  it('loads GeoJSON as application/geo+json after a dry run, and every signed-in user then finds its objects', async () => {
    const geojson = readFileSync(
      join(import.meta.dirname, '../../../../../test/fixtures/reference/vulnerable-objects-kristiansand.geojson'),
    );
    const send = (dryRun: boolean) =>
      t.app.inject({
        method: 'POST',
        url: `/api/v1/admin/reference-layers/vulnerable-objects/imports?dryRun=${dryRun}`,
        headers: {
          ...admin,
          'content-type': REFERENCE_LAYER_MEDIA_TYPES.geojson,
          'content-disposition': 'attachment; filename="sarbare.geojson"',
        },
        payload: geojson,
      });
    const check = await send(true);
    expect(check.statusCode, check.body).toBe(200);
    expect(check.json()).toMatchObject({
      layer: 'vulnerable-objects',
      dryRun: true,
      read: 11,
      loaded: 5,
      invalid: 6,
      version: null,
    });
    const loaded = await send(false);
    expect(loaded.json()).toMatchObject({ loaded: 5, version: { version: 1, rowCount: 5, fileName: 'sarbare.geojson' } });
    const summary = (await layers()).find((l) => l.layer === 'vulnerable-objects');
    expect(summary?.active).toMatchObject({
      version: 1,
      source: 'Utdanningsdirektoratet (NSR, NBR) og helseinstitusjonene (NLOD)',
    });
    const within = await t.app.inject({
      method: 'POST',
      url: '/api/v1/vulnerable-objects/within',
      headers: await t.headersFor('vest.110', DEMO_ORGANISATIONS.vest110.organisation_number),
      payload: { latitude: 58.148, longitude: 7.995, radiusMeters: 1_000 },
    });
    expect(within.json()).toMatchObject({ totalCount: 4, layer: { version: 1 } });
    const zip = await t.app.inject({
      method: 'POST',
      url: '/api/v1/admin/reference-layers/vulnerable-objects/imports?dryRun=true',
      headers: { ...admin, 'content-type': REFERENCE_LAYER_MEDIA_TYPES.zip },
      payload: Buffer.from('PK'),
    });
    expectErrorBody(zip, { status: 400, type: 'VALIDATION_ERROR', message: /GeoJSON- eller CSV-fil/ });
  });
});
