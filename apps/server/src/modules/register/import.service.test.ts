import { writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { ImportFacilityRecord } from '@fast/contracts';
import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { facilityRecord, pipelineRecord, TINY_PDF_BASE64, writeNdjson } from '../../../test/fixtures/register/records.ts';
import { createTestDatabase, type TestDatabase } from '../../../test/test-database.ts';
import { toFeature } from '../../demo/write-register.ts';
import { type ImportSummary, importFile } from './import.service.ts';
import { describeReason } from './import-reasons.ts';

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(() => t.destroy());
afterEach(async () => {
  await t.db.deleteFrom('facility').execute();
  await t.db.deleteFrom('gas_pipeline').execute();
});

const TODAY = '2026-11-21';
const run = (file: string, options: { dryRun?: boolean; strict?: boolean; batchSize?: number } = {}) =>
  importFile(t.db, file, { today: TODAY, ...options });
const facilityIds = async () => (await t.db.selectFrom('facility').select('id').orderBy('id').execute()).map((r) => r.id);

/** A record with one change applied through a function, for the invalid cases. */
function changed(id: number, change: (r: ImportFacilityRecord) => void): ImportFacilityRecord {
  const record = structuredClone(facilityRecord(id));
  change(record);
  return record;
}

function invalidLines(summary: ImportSummary) {
  return summary.invalidRecords.map((p) => ({ line: p.line, id: p.id, reason: p.reasons.map(describeReason).join('; ') }));
}

describe(`import on ${process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite'}`, () => {
  it('writes a full record with every section', async () => {
    const summary = await run(writeNdjson([facilityRecord(100001)]));
    expect(summary).toMatchObject({ read: 1, written: 1, unchanged: 0, invalid: 0, warnings: 0 });
    const facility = await t.db.selectFrom('facility').selectAll().executeTakeFirstOrThrow();
    expect(facility).toMatchObject({
      id: 100001,
      is_private: false,
      municipality_id: '0301',
      primary_unit_type_id: 1,
      first_notification_on: '2015-03-01',
      search_text: 'testgartneri 100001 storgata 1 0155 oslo',
    });
    const count = async (
      table: 'facility_unit' | 'stored_substance' | 'inspection' | 'notification_report' | 'accident' | 'document',
    ) =>
      Number(
        (
          await t.db
            .selectFrom(table)
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    expect(await count('facility_unit')).toBe(2);
    expect(await count('stored_substance')).toBe(2);
    expect(await count('inspection')).toBe(2);
    expect(await count('notification_report')).toBe(2);
    expect(await count('accident')).toBe(1);
    expect(await count('document')).toBe(3);
    const active = await t.db.selectFrom('notification_report').selectAll().where('is_active', '=', true).execute();
    expect(active.map((n) => n.submitted_on)).toEqual(['2020-05-01']);
    const docs = await t.db.selectFrom('document').select(['kind', 'size_bytes', 'content']).orderBy('kind').execute();
    expect(docs.map((d) => d.kind)).toEqual(['ACCIDENT_REPORT', 'INSPECTION_REPORT', 'NOTIFICATION_RECEIPT']);
    expect(
      Buffer.from(docs[0]?.content ?? [])
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');
    expect(docs[0]?.size_bytes).toBe(Buffer.from(TINY_PDF_BASE64, 'base64').length);
  });

  it('reports every kind of invalid record with its line and id, and writes the valid ones around it', async () => {
    const cases: [string | ImportFacilityRecord, RegExp][] = [
      ['{"id": 200002, "name": ', /not valid JSON/],
      [changed(200003, (r) => Reflect.deleteProperty(r, 'ownerType')), /must have required properties? ownerType|ownerType/],
      [changed(200004, (r) => ((r.units[0]?.substances[0] ?? { quantity: 0 }).quantity = -1)), /quantity must be >= 0/],
      [changed(200005, (r) => (r.address.municipalityId = '9999')), /unknown municipality 9999/],
      [changed(200006, (r) => (r.position = { longitude: 2.35, latitude: 48.86 })), /outside Norway/],
      [changed(200007, (r) => ((r.units[0] ?? { type: '' }).type = 'ROMSKIP')), /unknown facility unit type ROMSKIP/],
      [
        changed(200008, (r) => ((r.units[0]?.substances[0] ?? { substance: '' }).substance = 'KRYPTONITT')),
        /unknown substance KRYPTONITT/,
      ],
      [
        changed(200009, (r) => (r.owner.organisationNumber = '974760672')),
        /organisation number 974760672 has a wrong check digit/,
      ],
      [changed(200010, (r) => (r.ownerType = 'PRIVATE_PERSON')), /private person has no organisation number/],
      [changed(200011, (r) => (r.updatedOn = '2014-01-01')), /updatedOn 2014-01-01 is before registeredOn/],
      [changed(200012, (r) => (r.registeredOn = '2030-01-01')), /registeredOn 2030-01-01 is in the future/],
      [
        changed(200013, (r) => ((r.inspections[1] ?? { deviations: 0 }).deviations = 3)),
        /planned inspection has no date, findings or report/,
      ],
      [changed(200014, (r) => (r.explosives = true)), /does not belong to explosives facilities/],
      [
        changed(200015, (r) => r.accidents.push({ ...(r.accidents[0] as ImportFacilityRecord['accidents'][number]) })),
        /appears twice/,
      ],
      [
        changed(200016, (r) => ((r.accidents[0] as { report: { contentBase64: string } }).report.contentBase64 = 'aGVsbG8=')),
        /not a base64-encoded PDF/,
      ],
      [changed(200017, (r) => (r.units = [])), /units must not have fewer than 1 item/],
      [
        changed(200018, (r) => ((r.units[0]?.substances[0] ?? { unit: '' }).unit = 'gallon' as 'm3')),
        /unit must be equal to one of the allowed values/,
      ],
      [changed(200019, (r) => ((r.inspections[0] ?? { inspectedOn: '' }).inspectedOn = '2018-09-12')), /not in year 2019/],
      [changed(200020, (r) => (r.units = [{ type: 'FORBRUK', name: null, substances: [] }])), /no substances/],
      [
        changed(200021, (r) => ((r.units[0]?.substances[0] ?? { hazardDivision: '' }).hazardDivision = '1.1D')),
        /hazard division belongs only to explosives/,
      ],
      ['[1, 2, 3]', /must be a JSON object/],
    ];
    const lines: (string | ImportFacilityRecord)[] = [facilityRecord(200001)];
    for (const [record] of cases) lines.push(record);
    lines.push(facilityRecord(200099));
    const summary = await run(writeNdjson(lines));
    expect(summary.read).toBe(cases.length + 2);
    expect(summary.invalid).toBe(cases.length);
    expect(summary.written).toBe(2);
    expect(await facilityIds()).toEqual([200001, 200099]);
    const reported = invalidLines(summary);
    cases.forEach(([record, reason], i) => {
      const problem = reported[i];
      expect(problem?.line).toBe(i + 2);
      expect(problem?.reason).toMatch(reason);
      if (typeof record !== 'string') expect(problem?.id).toBe(record.id);
    });
  });

  it('refuses what only the database can see (a reference number taken by another facility) and keeps the rest of the batch', async () => {
    const first = facilityRecord(300001);
    const clash = changed(
      300002,
      (r) => ((r.accidents[0] ?? { referenceNumber: '' }).referenceNumber = first.accidents[0]?.referenceNumber ?? ''),
    );
    const summary = await run(writeNdjson([first, clash, facilityRecord(300003)]));
    expect(summary).toMatchObject({ written: 2, invalid: 1 });
    expect(invalidLines(summary)).toEqual([
      { line: 2, id: 300002, reason: expect.stringMatching(/the database refused the record/) },
    ]);
    expect(await facilityIds()).toEqual([300001, 300003]);
    // Nothing of the refused record is left behind.
    expect(await t.db.selectFrom('facility_unit').select('facility_id').where('facility_id', '=', 300002).execute()).toEqual([]);
  });

  it('fails, instead of calling the records refused, when the database goes away during a write', async () => {
    // The real database, whose transactions fail as on a connection the server cut.
    const gone = Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' });
    const cut = new Proxy(t.db, {
      get(target, key) {
        if (key === 'transaction') return () => ({ execute: () => Promise.reject(gone) });
        const value = Reflect.get(target, key, target);
        return typeof value === 'function' ? value.bind(target) : value;
      },
    });
    const file = writeNdjson([facilityRecord(310001), facilityRecord(310002)]);
    await expect(importFile(cut, file, { today: TODAY })).rejects.toThrow('terminating connection');
    expect(await facilityIds()).toEqual([]);
  });

  it('warns about a position outside the municipality, a postal code of another municipality and a missing position, and writes them', async () => {
    const summary = await run(
      writeNdjson([
        changed(400001, (r) => (r.position = { longitude: 5.33, latitude: 60.39 })), // Bergen
        changed(400002, (r) => (r.address.postalCode = '5003')),
        changed(400003, (r) => (r.position = null)),
      ]),
    );
    expect(summary).toMatchObject({ written: 3, invalid: 0, warnings: 3 });
    expect(summary.warningRecords.map((w) => w.reasons.map(describeReason).join('; '))).toEqual([
      expect.stringMatching(/outside municipality 0301/),
      'postal code 5003 belongs mostly to municipality 4601 (a postal code can span several)',
      'no position',
    ]);
    const row = await t.db
      .selectFrom('facility')
      .select(['longitude', 'latitude'])
      .where('id', '=', 400003)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ longitude: null, latitude: null });
  });

  it('--strict writes nothing when any record is invalid, and everything when none is', async () => {
    const bad = await run(writeNdjson([facilityRecord(500001), '{broken', facilityRecord(500003)]), { strict: true });
    expect(bad).toMatchObject({ aborted: true, written: 0, invalid: 1 });
    expect(await facilityIds()).toEqual([]);
    const good = await run(writeNdjson([facilityRecord(500001), facilityRecord(500003)]), { strict: true });
    expect(good).toMatchObject({ aborted: false, written: 2, invalid: 0 });
    expect(await facilityIds()).toEqual([500001, 500003]);
  });

  // Issue 41, item 1: a dry run rolls each batch back, yet it must judge the records as the import
  // would, after the batches before them (the ledger of reference numbers).
  it('a dry run refuses what the import would refuse across batches, and nothing more', async () => {
    const withReference = (id: number, reference: string | null) =>
      changed(id, (r) => {
        const [accident] = r.accidents;
        r.accidents = reference && accident ? [{ ...accident, referenceNumber: reference }] : [];
      });
    // In the register: 320001 holds A, 320002 holds B.
    await run(writeNdjson([withReference(320001, '2019/000001'), withReference(320002, '2019/000002')]));
    const file = writeNdjson([
      withReference(320011, '2019/000011'), // new number: written
      withReference(320012, '2019/000011'), // the line before took it: refused
      withReference(320013, '2019/000001'), // 320001 still holds it: refused
      withReference(320002, null), // 320002 lets B go...
      withReference(320014, '2019/000002'), // ...so B is free: written
      withReference(320011, '2019/000015'), // 320011 again, with another number: written...
      withReference(320015, '2019/000011'), // ...so its first number is free: written
    ]);
    const dry = await run(file, { dryRun: true, batchSize: 2 });
    expect(await facilityIds()).toEqual([320001, 320002]);
    const real = await run(file, { batchSize: 2 });
    const verdict = (s: ImportSummary) => ({
      written: s.written,
      invalid: s.invalid,
      refused: s.invalidRecords.map((p) => [p.line, p.id, p.reasons.map((r) => r.code)]),
    });
    expect(verdict(dry)).toEqual(verdict(real));
    expect(invalidLines(real)).toEqual([
      { line: 2, id: 320012, reason: expect.stringMatching(/the database refused the record: .*unique/) },
      { line: 3, id: 320013, reason: expect.stringMatching(/the database refused the record: .*unique/) },
    ]);
    expect(await facilityIds()).toEqual([320001, 320002, 320011, 320014, 320015]);
  });

  it('--strict writes nothing when the database refuses a record, whichever batch it is in', async () => {
    const twin = changed(330003, (r) => {
      const [accident] = r.accidents;
      if (accident) accident.referenceNumber = '2018/330001';
    });
    const file = writeNdjson([facilityRecord(330001), facilityRecord(330002), twin]);
    const summary = await run(file, { strict: true, batchSize: 1 });
    expect(summary).toMatchObject({ aborted: true, written: 0, invalid: 1 });
    expect(invalidLines(summary)).toEqual([{ line: 3, id: 330003, reason: expect.stringMatching(/unique/) }]);
    expect(await facilityIds()).toEqual([]);
  });

  it('--dry-run validates and counts but writes nothing', async () => {
    const summary = await run(writeNdjson([facilityRecord(600001), '{broken', pipelineRecord('TEST-01')]), { dryRun: true });
    expect(summary).toMatchObject({ dryRun: true, read: 3, written: 2, invalid: 1 });
    expect(await facilityIds()).toEqual([]);
    expect(await t.db.selectFrom('gas_pipeline').select('id').execute()).toEqual([]);
  });

  it('re-importing the same records changes nothing', async () => {
    const file = writeNdjson([facilityRecord(700001), facilityRecord(700002), pipelineRecord('TEST-02')]);
    expect(await run(file)).toMatchObject({ written: 3, unchanged: 0 });
    const before = await t.db.selectFrom('inspection').select(['id', 'facility_id']).orderBy('id').execute();
    const second = await run(file);
    expect(second).toMatchObject({ read: 3, written: 0, unchanged: 3, invalid: 0 });
    // Children were not rewritten: their generated ids are the same.
    expect(await t.db.selectFrom('inspection').select(['id', 'facility_id']).orderBy('id').execute()).toEqual(before);
  });

  it('a changed record replaces its facility and all its children', async () => {
    await run(writeNdjson([facilityRecord(800001), facilityRecord(800002)]));
    const update = changed(800001, (r) => {
      r.name = 'Nytt navn';
      r.units = [{ type: 'KULDE', name: 'Kjøleanlegg', substances: [{ substance: 'AMMONIAKK', quantity: 2, unit: 'tonn' }] }];
      r.inspections = [];
      r.accidents = [];
      r.notifications = [{ submittedOn: '2024-01-01', submittedBy: 'Ny Person', receipt: null }];
    });
    expect(await run(writeNdjson([update, facilityRecord(800002)]))).toMatchObject({ written: 1, unchanged: 1 });
    const facility = await t.db.selectFrom('facility').selectAll().where('id', '=', 800001).executeTakeFirstOrThrow();
    expect(facility).toMatchObject({ name: 'Nytt navn', primary_unit_type_id: 9 });
    const substances = await t.db
      .selectFrom('stored_substance')
      .innerJoin('substance', 'substance.id', 'stored_substance.substance_id')
      .select(['substance.code', 'quantity', 'unit'])
      .where('facility_id', '=', 800001)
      .execute();
    expect(substances).toEqual([{ code: 'AMMONIAKK', quantity: 2, unit: 'tonn' }]);
    for (const table of ['inspection', 'accident', 'document'] as const) {
      expect(await t.db.selectFrom(table).select('facility_id').where('facility_id', '=', 800001).execute()).toEqual([]);
    }
    const notifications = await t.db.selectFrom('notification_report').selectAll().where('facility_id', '=', 800001).execute();
    expect(notifications).toMatchObject([{ submitted_by: 'Ny Person', is_active: true }]);
    // The other facility is untouched.
    expect(await t.db.selectFrom('document').select('id').where('facility_id', '=', 800002).execute()).toHaveLength(3);
  });

  it('takes a facility with 200 substances', async () => {
    const big = changed(900001, (r) => {
      r.units = Array.from({ length: 4 }, (_, u) => ({
        type: 'LAGER',
        name: `Lager ${u + 1}`,
        substances: Array.from({ length: 50 }, (_, i) => ({
          substance: ['PROPAN', 'BUTAN', 'ACETYLEN', 'OKSYGEN', 'KARBONDIOKSID'][i % 5] as string,
          quantity: i + u / 10,
          unit: 'm3' as const,
        })),
      }));
    });
    expect(await run(writeNdjson([big]))).toMatchObject({ written: 1, invalid: 0 });
    const { rows } = await sql<{ n: number; total: number }>`
      select count(*)::int as n, sum(quantity)::float8 as total from stored_substance where facility_id = 900001`.execute(t.db);
    expect(rows[0]).toEqual({ n: 200, total: 4 * 1225 + 50 * (0 + 0.1 + 0.2 + 0.3) });
  });

  it('reads a GeoJSON FeatureCollection: points are facilities, lines are gas pipelines', async () => {
    const records = [facilityRecord(110001), changed(110002, (r) => (r.position = null)), pipelineRecord('TEST-03')];
    const ndjson = writeNdjson(records);
    const geojson = join(dirname(ndjson), 'register.geojson');
    const features = records.map((r) => JSON.stringify(toFeature(r), null, 2));
    writeFileSync(geojson, `{"type": "FeatureCollection",\n"name": "fast", "features": [\n${features.join(',\n')}\n]}\n`);
    const summary = await run(geojson);
    expect(summary).toMatchObject({ read: 3, written: 3, invalid: 0 });
    const facilities = await t.db.selectFrom('facility').select(['id', 'longitude', 'latitude']).orderBy('id').execute();
    expect(facilities).toEqual([
      { id: 110001, longitude: 10.752, latitude: 59.913 },
      { id: 110002, longitude: null, latitude: null },
    ]);
    const pipeline = await t.db.selectFrom('gas_pipeline').selectAll().executeTakeFirstOrThrow();
    expect(pipeline).toMatchObject({ id: 'TEST-03', pressure_class: 'MEDIUM', geometry: { type: 'LineString' } });
    // The feature's starting line is reported for an invalid feature.
    writeFileSync(
      geojson,
      `{"type":"FeatureCollection","features":[\n${features[0]},\n{"type":"Feature","geometry":{"type":"Polygon","coordinates":[]},"properties":{"id":5}}\n]}`,
    );
    const bad = await run(geojson);
    // The header is line 1, the first feature takes the next lines, the bad one starts after them.
    expect(invalidLines(bad)).toEqual([
      { line: (features[0]?.split('\n').length ?? 0) + 2, id: 5, reason: expect.stringMatching(/Polygon is not supported/) },
    ]);
  });

  it('refuses a pipeline outside Norway or with a broken geometry', async () => {
    const summary = await run(
      writeNdjson([
        pipelineRecord('TEST-04', {
          geometry: {
            type: 'LineString',
            coordinates: [
              [5.6, 58.9],
              [12.5, 55.7],
            ],
          },
        }),
        { ...pipelineRecord('TEST-05'), geometry: { type: 'LineString', coordinates: [[5.6]] } },
        pipelineRecord('TEST-06'),
      ]),
    );
    expect(summary).toMatchObject({ written: 1, invalid: 2 });
    expect(invalidLines(summary).map((p) => p.id)).toEqual(['TEST-04', 'TEST-05']);
  });
});
