import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  type AccessLogEntry,
  type AccessLogPage,
  ADMIN_ROLE,
  type AdminImportReport,
  IMPORT_MAX_BYTES,
  IMPORT_MEDIA_TYPES,
  type ImportFacilityRecord,
  NO_SEARCH_FILTER,
  type SearchResponse,
} from '@fast/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { facilityRecord } from '../../../../../test/facility-factory.ts';
import { facilityRecord as fullRecord } from '../../../../../test/fixtures/register/records.ts';
import { createTestApp, DEMO_ORGANISATIONS, type TestApp } from '../../../../../test/test-app.ts';
import { DEMO_USERS } from '../../../../demo/demo-users.ts';
import { generateRegister } from '../../../../demo/generate-register.ts';
import { writeRegister } from '../../../../demo/write-register.ts';

let t: TestApp;
let admin: Record<string, string>;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.headersFor('fast.admin');
});
afterAll(async () => t?.close());

const ndjson = (records: unknown[]) => records.map((r) => (typeof r === 'string' ? r : JSON.stringify(r))).join('\n');

function upload(body: string | Buffer, query = '', headers = admin, type: string = IMPORT_MEDIA_TYPES.ndjson) {
  return t.app.inject({
    method: 'POST',
    url: `/api/v1/admin/imports${query}`,
    headers: { ...headers, 'content-type': type },
    payload: body,
  });
}

async function report(body: string, query = ''): Promise<AdminImportReport> {
  const response = await upload(body, query);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as AdminImportReport;
}

/** The access log's import entries, oldest first, as the administrators' API lists them. */
async function imports(): Promise<AccessLogEntry[]> {
  const response = await t.app.inject({ method: 'GET', url: '/api/v1/admin/access-log?action=IMPORT', headers: admin });
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as AccessLogPage).entries.reverse();
}

/** Every facility row (and its units) as the database holds it: equal before and after means nothing was written. */
const registerState = async () => ({
  facilities: await t.db.selectFrom('facility').select(['id', 'name', 'record_hash']).orderBy('id').execute(),
  units: await t.db
    .selectFrom('facility_unit')
    .select(['facility_id', 'position', 'unit_type_id'])
    .orderBy('facility_id')
    .orderBy('position')
    .execute(),
});

describe('POST /api/v1/admin/imports', () => {
  it.each(
    DEMO_USERS.filter((u) => !u.roles?.includes(ADMIN_ROLE)).map((u) => [u.username, u.organisations[0]?.organisation_number]),
  )('answers 403 to %s and imports nothing', async (username, organisation) => {
    const response = await upload(ndjson([facilityRecord(7001)]), '', await t.headersFor(username, organisation));
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ type: 'ACCESS_DENIED' });
    expect(await t.db.selectFrom('facility').where('id', '=', 7001).select('id').executeTakeFirst()).toBeUndefined();
  });

  it('reports invalid records by line, writes the valid ones, and is on the audit trail', async () => {
    const body = ndjson([
      facilityRecord(7101),
      '{"id": 7102, "name": ',
      '',
      facilityRecord(7103, { address: { municipalityId: '9999' } }),
      facilityRecord(7104),
    ]);
    const result = await report(body);
    expect(result).toMatchObject({ read: 4, written: 2, invalid: 2, dryRun: false, strict: false, aborted: false });
    expect(result.invalidRecords.map((p) => p.line)).toEqual([2, 4]);
    expect(result.invalidRecords[1]).toMatchObject({
      id: 7103,
      reasons: [{ code: 'unknownMunicipality', params: { value: '9999' } }],
    });
    const written = await t.db.selectFrom('facility').select('id').where('id', 'in', [7101, 7103, 7104]).orderBy('id').execute();
    expect(written.map((r) => r.id)).toEqual([7101, 7104]);

    const audit = await t.db.selectFrom('admin_audit_log').selectAll().where('action', '=', 'REGISTER_IMPORTED').execute();
    expect(audit.at(-1)).toMatchObject({ admin_name: 'Astrid Solberg', target: 'register' });
    expect(audit.at(-1)?.detail).toMatchObject({ format: 'ndjson', read: 4, written: 2, invalid: 2, dryRun: false });

    // And on the access log: who wrote which facilities.
    expect(await imports()).toEqual([
      expect.objectContaining({
        action: 'IMPORT',
        user: expect.objectContaining({ fullName: 'Astrid Solberg' }),
        facilityIds: [7101, 7104],
        facilityCount: 2,
      }),
    ]);
  });

  it('dry run: reports what would be written and writes nothing', async () => {
    const before = await registerState();
    const body = ndjson([facilityRecord(7201), facilityRecord(7101, { name: 'Nytt navn' }), facilityRecord(7104)]);
    const result = await report(body, '?dryRun=true');
    expect(result).toMatchObject({ read: 3, written: 2, unchanged: 1, invalid: 0, dryRun: true });
    expect(await registerState()).toEqual(before);
    // Nothing written, nothing on the access log (the audit trail has the run).
    expect(await imports()).toHaveLength(1);
  });

  it('strict: one invalid record and nothing is written', async () => {
    const before = await registerState();
    const result = await report(ndjson([facilityRecord(7301), '{not json']), '?strict=true');
    expect(result).toMatchObject({ invalid: 1, written: 0, aborted: true, strict: true });
    expect(result.invalidRecords[0]?.line).toBe(2);
    expect(await registerState()).toEqual(before);
  });

  // Issue 41, item 1: a constraint only the database checks (an accident's reference number is
  // unique in the register) must abort a strict import, and a dry run must find it.
  it('strict: a record only the database refuses, and nothing is written; a dry run finds it too', async () => {
    const accident = (referenceNumber: string): ImportFacilityRecord['accidents'][number] => ({
      ...(fullRecord(7311).accidents[0] as ImportFacilityRecord['accidents'][number]),
      referenceNumber,
      report: null,
    });
    const body = ndjson([
      facilityRecord(7311, { accidents: [accident('2020/041001')] }),
      facilityRecord(7312),
      facilityRecord(7313, { accidents: [accident('2020/041001')] }),
    ]);
    const before = await registerState();
    const refused = {
      line: 3,
      id: 7313,
      reasons: [{ code: 'databaseRefused', params: { detail: expect.stringContaining('unique') } }],
    };
    for (const query of ['?dryRun=true&strict=true', '?dryRun=true']) {
      const dry = await report(body, query);
      expect(dry, query).toMatchObject({ read: 3, written: 2, invalid: 1, dryRun: true });
      expect(dry.invalidRecords, query).toEqual([refused]);
    }
    const strict = await report(body, '?strict=true');
    expect(strict).toMatchObject({ read: 3, written: 0, invalid: 1, aborted: true, strict: true, dryRun: false });
    expect(strict.invalidRecords).toEqual([refused]);
    expect(await registerState()).toEqual(before);
    expect(
      await t.db.selectFrom('accident').select('reference_number').where('reference_number', '=', '2020/041001').execute(),
    ).toEqual([]);
  });

  // Issue 41, item 2: whatever the reader produces must fit the report, and the answer says what was written.
  it('answers 200 with the written count when a record has an id that is no integer (1.5, 1e400)', async () => {
    const body = ndjson([
      facilityRecord(7321),
      '{"id":1.5}',
      '{"id":1e400}',
      '{"id":-0.0,"name":1}',
      '{"id":123456789012345678901}',
    ]);
    const response = await upload(body);
    expect(response.statusCode, response.body).toBe(200);
    const result = response.json() as AdminImportReport;
    expect(result).toMatchObject({ read: 5, written: 1, invalid: 4 });
    expect(result.invalidRecords.map((p) => p.id)).toEqual(['1.5', '1e400', 0, '123456789012345678901']);
    expect(await t.db.selectFrom('facility').select('id').where('id', '=', 7321).execute()).toEqual([{ id: 7321 }]);
    // GeoJSON keeps the id's text as well.
    const feature = (id: string) => `{"type":"Feature","geometry":null,"properties":{"id":${id}}}`;
    const geojson = await upload(
      `{"type":"FeatureCollection","features":[${feature('2.5')},${feature('1e999')}]}`,
      '?dryRun=true',
      admin,
      IMPORT_MEDIA_TYPES.geojson,
    );
    expect(geojson.statusCode, geojson.body).toBe(200);
    expect((geojson.json() as AdminImportReport).invalidRecords.map((p) => p.id)).toEqual(['2.5', '1e999']);
  });

  it('takes a GeoJSON FeatureCollection, and refuses a file that is not one', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'fast-import-api-'));
    try {
      const file = join(dir, 'register.geojson');
      await writeRegister(generateRegister({ facilities: 3, seed: 'api', documents: false }), file);
      // As its own media type, and as the JSON it is.
      for (const type of [IMPORT_MEDIA_TYPES.geojson, 'application/json; charset=utf-8']) {
        const response = await upload(readFileSync(file, 'utf8'), '?dryRun=true', admin, type);
        expect(response.statusCode, response.body).toBe(200);
        expect(response.json()).toMatchObject({ invalid: 0, dryRun: true });
        expect((response.json() as AdminImportReport).read).toBeGreaterThanOrEqual(3);
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
    const bad = await upload('{"type": "Feature"}', '', admin, IMPORT_MEDIA_TYPES.geojson);
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ type: 'VALIDATION_ERROR', message: expect.stringContaining('FeatureCollection') });
  });

  it('refuses a GeoJSON file cut off at its end before it writes any of it', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'fast-import-api-'));
    try {
      const file = join(dir, 'register.geojson');
      // More features than one batch holds: the first batches would be stored before the cut was read.
      await writeRegister(generateRegister({ facilities: 450, seed: 'cut', documents: false }), file);
      const text = readFileSync(file, 'utf8');
      const before = await registerState();
      const cut = await upload(text.slice(0, text.length - 40), '', admin, IMPORT_MEDIA_TYPES.geojson);
      expect(cut.statusCode).toBe(400);
      expect(cut.json()).toMatchObject({ type: 'VALIDATION_ERROR', message: expect.stringContaining('GeoJSON') });
      expect(await registerState()).toEqual(before);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('refuses a file that is not UTF-8 (saved as Windows-1252, say) before it writes any of it', async () => {
    const before = await registerState();
    const records = [7601, 7602].map((id) => facilityRecord(id));
    const text = ndjson([...records, { ...facilityRecord(7603), name: 'Gartneri Bærum' }]);
    // "æ" as the single byte 0xE6.
    const response = await upload(Buffer.from(text, 'latin1'), '');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ type: 'VALIDATION_ERROR', message: expect.stringContaining('UTF-8') });
    expect(await registerState()).toEqual(before);
  });

  it('takes NDJSON by its newer media type too', async () => {
    const result = await upload(ndjson([facilityRecord(7501)]), '?dryRun=true', admin, 'application/ndjson');
    expect(result.statusCode, result.body).toBe(200);
    expect(result.json()).toMatchObject({ read: 1, written: 1, invalid: 0, dryRun: true });
  });

  it('refuses other media types and files over the limit', async () => {
    for (const type of ['text/plain', 'application/octet-stream']) {
      const other = await upload(ndjson([facilityRecord(7401)]), '', admin, type);
      expect(other.statusCode, type).toBe(400);
      expect(other.json()).toMatchObject({ type: 'VALIDATION_ERROR' });
    }
    // A single record sent as JSON is no FeatureCollection.
    const json = await upload(JSON.stringify(facilityRecord(7401)), '', admin, 'application/json');
    expect(json.statusCode).toBe(400);
    expect(json.json()).toMatchObject({ type: 'VALIDATION_ERROR', message: expect.stringContaining('FeatureCollection') });
    const big = await t.app.inject({
      method: 'POST',
      url: '/api/v1/admin/imports',
      headers: { ...admin, 'content-type': IMPORT_MEDIA_TYPES.ndjson, 'content-length': String(IMPORT_MAX_BYTES + 1) },
      payload: 'x'.repeat(10),
    });
    expect(big.statusCode).toBe(413);
  });
});

describe('a search during an import', () => {
  const COUNT = 1000;
  const SEARCHERS = 4;
  const ids = Array.from({ length: COUNT }, (_, i) => 8000 + i);
  const version = (id: number, v: 'A' | 'B'): ImportFacilityRecord =>
    facilityRecord(id, {
      name: `Konsistens ${id} ${v}`,
      units:
        v === 'A'
          ? [{ type: 'FORBRUK', name: null, substances: [{ substance: 'PROPAN', quantity: 2.5, unit: 'tonn' }] }]
          : [
              { type: 'TANK', name: null, substances: [{ substance: 'PROPAN', quantity: 3, unit: 'tonn' }] },
              { type: 'KULDE', name: null, substances: [{ substance: 'AMMONIAKK', quantity: 1, unit: 'tonn' }] },
            ],
    });

  it('sees each facility whole, as it was or as it is now, never a mix of its parts', { timeout: 240_000 }, async () => {
    expect((await report(ndjson(ids.map((id) => version(id, 'A'))))).written).toBe(COUNT);
    const oslo = await t.headersFor('oslo.brann', DEMO_ORGANISATIONS.osloBrann.organisation_number);

    let done = false;
    const importing = report(ndjson(ids.map((id) => version(id, 'B')))).finally(() => {
      done = true;
    });
    let searches = 0;
    const seen = { A: 0, B: 0 };
    // Several searchers at once, each again as soon as it has its answer, until the import is done.
    const searcher = async (offset: number) => {
      for (let page = offset; !done; page += SEARCHERS) {
        const response = await t.app.inject({
          method: 'POST',
          url: '/api/v1/facilities/search',
          headers: oslo,
          payload: { ...NO_SEARCH_FILTER, query: 'Konsistens', hitsToSkip: (page * 50) % COUNT, hitsToReturn: 50 },
        });
        expect(response.statusCode, response.body).toBe(200);
        const result = response.json() as SearchResponse;
        expect(result.totalHits).toBe(COUNT);
        for (const hit of result.hits) {
          const v = hit.name?.endsWith(' B') ? 'B' : 'A';
          seen[v]++;
          expect(hit.facilityUnitTypes.length, `${hit.name}: ${JSON.stringify(hit.facilityUnitTypes)}`).toBe(v === 'A' ? 1 : 2);
        }
        searches++;
      }
    };
    await Promise.all(Array.from({ length: SEARCHERS }, (_, i) => searcher(i)));
    expect((await importing).written).toBe(COUNT);
    expect(searches, 'searches ran while the import did').toBeGreaterThan(0);
    expect(seen.A + seen.B).toBeGreaterThan(0);
  });
});
