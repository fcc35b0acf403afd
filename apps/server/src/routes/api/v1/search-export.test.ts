import type { SearchPayload } from '@fast/contracts';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { lastLogId } from '../../../../test/expectations.ts';
import { OSLO_ORG, OSLO_POSITION, searchClient, setUpSearchApp, VEST_ORG } from '../../../../test/search-fixture.ts';
import type { TestApp } from '../../../../test/test-app.ts';
import { exportColumns } from '../../../modules/exports/facility-export.ts';

// The export of a search as a workbook (the search itself: search.test.ts).

let t: TestApp;
let oslo: Record<string, string>;
let vest: Record<string, string>;

setUpSearchApp((app) => {
  ({ t, oslo, vest } = app);
});

const { payload, post, search } = searchClient(
  () => t,
  () => oslo,
);

describe('POST /api/v1/facilities/search/export', () => {
  async function exportWorkbook(overrides: Partial<SearchPayload>, headers = oslo, query = '') {
    const { totalHits } = await search(overrides, headers);
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/v1/facilities/search/export${query}`,
      headers,
      payload: { ...payload(overrides), hitsToSkip: 0, hitsToReturn: totalHits },
    });
    expect(response.statusCode, response.body).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0];
    if (!sheet) throw new Error('the export has no worksheet');
    const rows: ExcelJS.CellValue[][] = [];
    sheet.eachRow((row) => rows.push((row.values as ExcelJS.CellValue[]).slice(1)));
    return { response, totalHits, sheet, header: rows[0] ?? [], rows: rows.slice(1) };
  }

  it('words the workbook in Nynorsk when asked (?lang=nn), and answers 400 for a language it does not have', async () => {
    const { header, rows, sheet } = await exportWorkbook({}, oslo, '?lang=nn');
    expect(sheet.name).toBe('Anlegg');
    expect(header).toEqual(exportColumns('nn').map((c) => c.header));
    expect(header.slice(0, 3)).toEqual(['Privatperson/verksemd', 'Anleggs-ID', 'Namn']);
    expect(header[9]).toBe('Anleggseigar');
    expect(header[15]).toBe('Stoff (samla mengd)');
    const propane = rows[0] ?? [];
    expect(propane[0]).toBe('Verksemd');
    expect(propane[10]).toBe('Ikkje omfatta');
    expect(propane[14]).toBe('Eksakt posisjon');
    const petrol = rows[2] ?? [];
    expect(petrol[10]).toBe('Tryggleiksrapportpliktig etter § 9');
    expect(petrol[11]).toBe('Drivstoffanlegg, Tankanlegg');
    expect(petrol[15]).toBe('Bensin 42,5 m3; Diesel / fyringsolje 60 m3');
    // Bokmål is the default and ?lang=nb says it again.
    expect((await exportWorkbook({}, oslo, '?lang=nb')).header).toEqual(exportColumns('nb').map((c) => c.header));
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/v1/facilities/search/export?lang=en',
      headers: oslo,
      payload: { ...payload({}), hitsToSkip: 0, hitsToReturn: 10 },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ type: 'VALIDATION_ERROR' });
  });

  it('streams anlegg.xlsx with Norwegian headers, one row per facility, explosives left out', async () => {
    const { response, totalHits, header, rows, sheet } = await exportWorkbook({});
    expect(response.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(response.headers['content-disposition']).toBe('attachment; filename="anlegg.xlsx"');
    expect(header).toEqual(exportColumns('nb').map((c) => c.header));
    expect(header.slice(0, 4)).toEqual(['Privatperson/virksomhet', 'Anleggs-ID', 'Navn', 'Adresse']);
    expect(rows).toHaveLength(totalHits - 1);
    expect(rows.map((r) => r[1])).toEqual([1001, 1002, 1003, 1004, 1006, 1007, 1008]);

    const propane = rows[0] ?? [];
    expect(propane.slice(0, 8)).toEqual([
      'Virksomhet',
      1001,
      'Propanlager Oslo AS',
      'Storgata 1',
      '0155',
      'Oslo',
      '0301',
      'Oslo',
    ]);
    // A real date (an Excel serial shown as dd.MM.yyyy), not text.
    expect(propane[8]).toEqual(new Date(Date.UTC(2015, 2, 2)));
    expect(sheet.getRow(2).getCell(9).numFmt).toBe('dd.mm.yyyy');
    expect(propane.slice(9, 16)).toEqual([
      'Testeier AS',
      'Ikke omfattet',
      'Forbruksanlegg',
      OSLO_POSITION.latitude,
      OSLO_POSITION.longitude,
      'Eksakt posisjon',
      'Propan 2,5 tonn',
    ]);
    const petrol = rows[2] ?? [];
    expect(petrol[8] ?? null).toBeNull();
    expect(petrol[10]).toBe('Sikkerhetsrapportpliktig etter § 9');
    expect(petrol[11]).toBe('Drivstoffanlegg, Tankanlegg');
    expect(petrol[15]).toBe('Bensin 42,5 m3; Diesel / fyringsolje 60 m3');
    const privatePerson = rows[3] ?? [];
    expect(privatePerson[0]).toBe('Privatperson');
    expect(privatePerson[12] ?? null).toBeNull();
  });

  it('exports the search as filtered and sorted, never outside the scope, and logs it', async () => {
    const before = await lastLogId(t.db);
    const sorted = await exportWorkbook({
      query: 'propan',
      orderBy: { property: 'name', direction: 'ASC' },
    });
    expect(sorted.rows.map((r) => r[1])).toEqual([1008, 1001]);

    const explosivesOnly = await exportWorkbook({ substanceGroups: [{ substanceGroupId: 7, substanceIds: [] }] });
    expect(explosivesOnly.totalHits).toBe(1);
    expect(explosivesOnly.rows).toEqual([]);
    expect(explosivesOnly.header).toEqual(exportColumns('nb').map((c) => c.header));

    const vestland = await exportWorkbook({ counties: [{ id: '03', municipalityCodes: [] }] }, vest);
    expect(vestland.rows).toEqual([]);
    const own = await exportWorkbook({}, vest);
    expect(own.rows.map((r) => r[1])).toEqual([3001, 3002, 3003]);

    const log = await t.db
      .selectFrom('access_log')
      .selectAll()
      .where('action', '=', 'EXPORT')
      .where('id', '>', before)
      .orderBy('id')
      .execute();
    expect(log.map((l) => [l.organisation_number, l.facility_ids])).toEqual([
      [OSLO_ORG, [1008, 1001]],
      [OSLO_ORG, []],
      [VEST_ORG, []],
      [VEST_ORG, [3001, 3002, 3003]],
    ]);
    expect(JSON.parse(log[0]?.detail ?? '{}')).toMatchObject({ query: 'propan' });
  });

  it('takes a body that leaves fields out ({} is the whole scope; the defaults: search-defaults.test.ts)', async () => {
    const whole = await exportWorkbook({});
    const response = await post({}, oslo, '/api/v1/facilities/search/export');
    expect(response.statusCode, response.body).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    expect((workbook.worksheets[0]?.rowCount ?? 0) - 1).toBe(whole.rows.length);
    expect(whole.rows.length).toBeGreaterThan(5);
  });

  it('refuses bad payloads like the search', async () => {
    const response = await post({ ...payload(), hitsToSkip: -1 }, oslo, '/api/v1/facilities/search/export');
    expect(response.statusCode).toBe(400);
    const unknown = await post(payload({ facilityObjects: [99] }), oslo, '/api/v1/facilities/search/export');
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({ type: 'VALIDATION_ERROR' });
  });
});
