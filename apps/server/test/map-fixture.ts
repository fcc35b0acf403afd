import type { MapFacilitiesPage } from '@fast/contracts';
import { sql } from 'kysely';
import { expect } from 'vitest';
import type { Db } from '../src/db/database.ts';
import { facilityRecord, importTestRecords } from './facility-factory.ts';
import type { TestApp } from './test-app.ts';

// What the map endpoints' tests (src/routes/api/v1/map-*.test.ts) share.

export const BAERUM = { municipalityId: '3201', postalCode: '1337', postalPlace: 'Sandvika' };
// Bergen's volume set: ids 1 000 001 … 1 025 000, spread over the city centre.
export const VOLUME_FIRST_ID = 1_000_001;
export const VOLUME_COUNT = 25_000;

/** Inserts the volume set straight in SQL: 25 000 imports would take minutes and test nothing more. */
export async function insertVolume(db: Db, first: number, count: number): Promise<void> {
  await sql`
    insert into facility (id, name, owner_type, owner_name, street_address, postal_code, postal_place, municipality_id,
      longitude, latitude, position_accuracy, major_accident, is_explosives, status, registered_on, updated_on,
      primary_unit_type_id, record_hash)
    select i, 'Volumanlegg ' || i, 'BUSINESS', 'Volum AS', 'Strandkaien ' || (i % 90 + 1), '5003', 'Bergen', '4601',
      5.30 + (i % 500) * 0.0001, 60.38 + ((i / 500) % 100) * 0.0001, 'EXACT',
      case when i % 97 = 0 then 'PARAGRAPH_NINE' when i % 89 = 0 then 'PARAGRAPH_SIX' else 'NOT_AFFECTED' end,
      i % 50 = 0, 'ACTIVE', date '2020-01-01', date '2024-01-01', 1 + i % 11, 'volume'
    from generate_series(${first}::int, ${first + count - 1}::int) as i`.execute(db);
}

/**
 * Oslo's four facilities: 101 propane with a position, 102 without one, 103 in Bærum (only asked
 * for by oslo.brann), 104 explosives.
 */
export async function importOsloFacilities(db: Db): Promise<void> {
  await importTestRecords(db, [
    facilityRecord(101, {
      name: 'Oslo propan',
      majorAccident: 'PARAGRAPH_NINE',
      position: { longitude: 10.752219, latitude: 59.913868 },
    }),
    facilityRecord(102, { name: 'Oslo uten posisjon', position: null }),
    facilityRecord(103, {
      name: 'Bærum lager',
      address: { ...BAERUM, street: 'Sandviksveien 1' },
      position: { longitude: 10.52, latitude: 59.89 },
    }),
    facilityRecord(104, {
      name: 'Oslo sprengstoff',
      explosives: true,
      units: [
        {
          type: 'EKSPLOSIVLAGER',
          name: null,
          substances: [{ substance: 'SPRENGSTOFF_A', quantity: 500, unit: 'kg', hazardDivision: '1.1D' }],
        },
      ],
      position: { longitude: 10.76, latitude: 59.92 },
    }),
  ]);
}

/** One page of POST /api/v1/map/facilities. */
export async function mapPage(t: TestApp, headers: Record<string, string>, body: unknown) {
  return t.app.inject({ method: 'POST', url: '/api/v1/map/facilities', headers, payload: body as object });
}

/** Pages through a snapshot from its first page on; `between` runs after each page. */
export async function pageThroughMap(
  t: TestApp,
  headers: Record<string, string>,
  pageSize: number,
  between: (pageIndex: number) => Promise<void> = async () => {},
): Promise<{ pages: MapFacilitiesPage[]; ids: number[] }> {
  const pages: MapFacilitiesPage[] = [];
  let body: { pageSize: number; pitId?: string; continueFrom?: number } = { pageSize };
  for (;;) {
    const response = await mapPage(t, headers, body);
    expect(response.statusCode, response.body).toBe(200);
    const result = response.json<MapFacilitiesPage>();
    pages.push(result);
    if (!result.hasMoreResults) break;
    expect(result.continueFrom).not.toBeNull();
    await between(pages.length - 1);
    body = { pageSize, pitId: result.pitId, continueFrom: result.continueFrom ?? 0 };
  }
  return { pages, ids: pages.flatMap((p) => p.facilities.map((f) => f[0])) };
}

/** Each id exactly once, and exactly these. */
export function expectEachOnce(ids: number[], expected: number[]): void {
  expect(new Set(ids).size).toBe(ids.length);
  expect([...ids].sort((a, b) => a - b)).toEqual([...expected].sort((a, b) => a - b));
}

export const range = (first: number, count: number): number[] => Array.from({ length: count }, (_, i) => first + i);
