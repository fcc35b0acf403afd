import { NEARBY_MAX_FACILITIES, type NearbyResponse, NO_SEARCH_FILTER } from '@fast/contracts';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { facilityRecord, importTestRecords } from '../../../test/facility-factory.ts';
import { createTestApp, DEMO_ORGANISATIONS, type TestApp } from '../../../test/test-app.ts';
import { EXPORT_CHUNK_ROWS, exportChunks } from './facility-export.ts';

const OSLO_ORG = DEMO_ORGANISATIONS.osloBrann.organisation_number;
// More than two chunks and a part of one: every chunk boundary of the export's reads is crossed.
const FACILITIES = 2 * EXPORT_CHUNK_ROWS + 37;
const FIRST_ID = 20_000;
const CENTRE = { latitude: 59.9139, longitude: 10.7522 };

let t: TestApp;
let oslo: Record<string, string>;

beforeAll(async () => {
  t = await createTestApp();
  oslo = await t.headersFor('oslo.brann', OSLO_ORG);
  await importTestRecords(
    t.db,
    // North of the centre at 2 m steps: nearest first is id order.
    Array.from({ length: FACILITIES }, (_, i) =>
      facilityRecord(FIRST_ID + i, {
        name: `Kjedelager ${i}`,
        position: { latitude: CENTRE.latitude + (i * 2) / 111_200, longitude: CENTRE.longitude },
      }),
    ),
  );
}, 120_000);

afterAll(async () => {
  await t?.close();
});

/** The sheet's facility ids, row by row (the column headed "Anleggs-ID"). */
async function exportedIds(url: string, payload: object): Promise<number[]> {
  const response = await t.app.inject({ method: 'POST', url, headers: oslo, payload });
  expect(response.statusCode, response.body.slice(0, 200)).toBe(200);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
  const sheet = workbook.worksheets[0];
  const header = (sheet?.getRow(1).values as unknown[]) ?? [];
  const column = header.indexOf('Anleggs-ID');
  const ids: number[] = [];
  sheet?.eachRow((row, index) => {
    if (index > 1) ids.push(Number((row.values as unknown[])[column]));
  });
  return ids;
}

const expected = Array.from({ length: FACILITIES }, (_, i) => FIRST_ID + i);

describe('exports read in chunks', () => {
  it('the search export has every facility once, in order, across its chunks', async () => {
    const ids = await exportedIds('/api/v1/facilities/search/export', {
      ...NO_SEARCH_FILTER,
      query: 'kjedelager',
      hitsToSkip: 0,
      hitsToReturn: 10_000,
      orderBy: { property: 'id', direction: 'ASC' },
    });
    expect(ids).toEqual(expected);
  });

  it('the nearby export has every facility once, nearest first, across its chunks', async () => {
    const ids = await exportedIds('/api/v1/facilities/nearby/export', { ...CENTRE, radiusMeters: 5_000 });
    expect(ids.filter((id) => id >= FIRST_ID)).toEqual(expected);
  });

  it('the zone export has every facility once, nearest first, across its chunks', async () => {
    const circle = { center: [CENTRE.longitude, CENTRE.latitude], radiusMetres: 5_000 };
    const ids = await exportedIds('/api/v1/map/zone/export', { circle });
    expect(ids.filter((id) => id >= FIRST_ID)).toEqual(expected);
  });
});

describe('more facilities around a point than an export chunk holds', () => {
  it('lists every one of them, in the order the export gives', async () => {
    const point = { ...CENTRE, radiusMeters: 5_000 };
    const response = await t.app.inject({ method: 'POST', url: '/api/v1/facilities/nearby', headers: oslo, payload: point });
    expect(response.statusCode, response.body.slice(0, 200)).toBe(200);
    const body = response.json() as NearbyResponse;
    expect(body.facilities.length).toBeLessThanOrEqual(NEARBY_MAX_FACILITIES);
    expect(body.facilities).toHaveLength(body.totalCount);
    expect(body.facilities.filter((f) => f.id >= FIRST_ID).map((f) => f.id)).toEqual(expected);
    // The export leaves explosives facilities out; the list shows them.
    const exported = await exportedIds('/api/v1/facilities/nearby/export', point);
    expect(body.facilities.filter((f) => !f.explosives).map((f) => f.id)).toEqual(exported);
  });
});

describe('a chunk that fails while the one before is written', () => {
  it('fails the export where it is read, and is no unhandled rejection (which would end the process)', async () => {
    const items = Array.from({ length: 3 * EXPORT_CHUNK_ROWS }, (_, i) => i);
    const chunks = await exportChunks(items, async (chunk) => {
      if (chunk[0] === EXPORT_CHUNK_ROWS) throw new Error('connection lost');
      return [[chunk[0] ?? null]];
    });
    const reader = chunks[Symbol.asyncIterator]();
    expect((await reader.next()).value).toEqual([[0]]);
    // The workbook writes the first chunk while the second is read, and fails.
    await new Promise((resolve) => setTimeout(resolve, 50));
    await expect(reader.next()).rejects.toThrow('connection lost');
  });
});
