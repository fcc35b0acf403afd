import type { AccessLogPage, AdminAuditPage } from '@fast/contracts';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DEMO_ORGANISATIONS, type TestApp } from '../../../../../test/test-app.ts';
import { recordAccess } from '../../../../modules/access-log/access-log.repository.ts';
import { facilityIdsCell, osloWallClock } from '../../../../modules/access-log/access-log-export.ts';

const OSLO = DEMO_ORGANISATIONS.osloBrann.organisation_number;
const VEST = DEMO_ORGANISATIONS.vest110.organisation_number;

let t: TestApp;
let admin: Record<string, string>;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.headersFor('fast.admin');
  const userId = async (username: string) =>
    (await t.db.selectFrom('app_user').select('id').where('username', '=', username).executeTakeFirstOrThrow()).id;
  const oslo = await userId('oslo.brann');
  const vest = await userId('vest.110');
  await recordAccess(t.db, { userId: oslo, organisationNumber: OSLO, action: 'VIEW', facilityIds: [101] });
  await recordAccess(t.db, { userId: oslo, organisationNumber: OSLO, action: 'DOWNLOAD', facilityIds: [101], documentId: 7 });
  await recordAccess(t.db, {
    userId: vest,
    organisationNumber: VEST,
    action: 'EXPORT',
    facilityIds: Array.from({ length: 30 }, (_, i) => 200 + i),
    detail: 'søk: propan',
  });
  // One entry a day earlier, for the period filter.
  await t.db
    .updateTable('access_log')
    .set({ occurred_at: new Date(Date.now() - 86_400_000) })
    .where('action', '=', 'VIEW')
    .execute();
});
afterAll(async () => t?.close());

async function list(query = ''): Promise<AccessLogPage> {
  const response = await t.app.inject({ method: 'GET', url: `/api/v1/admin/access-log${query}`, headers: admin });
  expect(response.statusCode).toBe(200);
  return response.json();
}

describe('GET /api/v1/admin/access-log', () => {
  it('lists who read, downloaded or exported which facilities, newest first', async () => {
    const page = await list();
    expect(page.total).toBe(3);
    expect(page.entries.map((e) => e.action)).toEqual(['EXPORT', 'DOWNLOAD', 'VIEW']);
    expect(page.entries[0]).toMatchObject({
      user: { username: 'vest.110', fullName: 'Ola Nordmann' },
      organisationNumber: VEST,
      organisationName: '110 Vest',
      facilityCount: 30,
      detail: 'søk: propan',
    });
    // The list carries the first 20 ids; the count has them all.
    expect(page.entries[0]?.facilityIds).toHaveLength(20);
    expect(page.entries[1]).toMatchObject({ action: 'DOWNLOAD', documentId: 7, facilityIds: [101] });
  });

  it('filters by action, organisation, user, facility and period', async () => {
    expect((await list('?action=DOWNLOAD')).total).toBe(1);
    expect((await list(`?organisationNumber=${OSLO}`)).total).toBe(2);
    expect((await list('?user=nordmann')).total).toBe(3);
    expect((await list('?user=kari')).entries.map((e) => e.action)).toEqual(['DOWNLOAD', 'VIEW']);
    expect((await list('?facilityId=101')).total).toBe(2);
    expect((await list('?facilityId=229')).entries.map((e) => e.action)).toEqual(['EXPORT']);
    const since = encodeURIComponent(new Date(Date.now() - 3_600_000).toISOString());
    expect((await list(`?from=${since}`)).total).toBe(2);
    expect((await list(`?to=${since}`)).entries.map((e) => e.action)).toEqual(['VIEW']);
    expect((await list('?user=100%25')).total).toBe(0);
  });

  it.each([
    ['a period that ends before it starts', '?from=2030-01-02T00:00:00Z&to=2030-01-01T00:00:00Z'],
    ['an unknown action', '?action=READ'],
    ['a malformed facility id', '?facilityId=abc'],
    ['a malformed date', '?from=igår'],
  ])('rejects %s', async (_name, query) => {
    const response = await t.app.inject({ method: 'GET', url: `/api/v1/admin/access-log${query}`, headers: admin });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ type: 'VALIDATION_ERROR' });
  });
});

describe('GET /api/v1/admin/access-log/export', () => {
  it('exports the filtered log as .xlsx and logs the export as an admin action', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/v1/admin/access-log/export?organisationNumber=${OSLO}`,
      headers: admin,
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(response.headers['content-disposition']).toBe('attachment; filename="fast-tilgangslogg.xlsx"');

    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.getWorksheet('Tilgangslogg');
    const rows = (sheet?.getSheetValues() ?? []).filter(Boolean) as unknown[][];
    expect(rows[0]?.slice(1, 4)).toEqual(['Tidspunkt', 'Handling', 'Brukernavn']);
    expect(rows).toHaveLength(3);
    expect(rows.slice(1).map((r) => r[2])).toEqual(['Nedlasting', 'Visning']);
    expect(rows[1]?.slice(3, 9)).toEqual(['oslo.brann', 'Kari Nordmann', OSLO, 'Oslo brann- og redningsetat', 1, '101']);
    expect(rows[1]?.[1]).toBeInstanceOf(Date);

    const audit = (
      await t.app.inject({ method: 'GET', url: '/api/v1/admin/audit-log?action=ACCESS_LOG_EXPORTED', headers: admin })
    ).json() as AdminAuditPage;
    expect(audit.entries).toEqual([
      expect.objectContaining({ adminName: 'Astrid Solberg', detail: { organisationNumber: OSLO } }),
    ]);
  });
});

describe('export helpers', () => {
  it('writes the wall-clock time in Oslo, in summer and in winter', () => {
    expect(osloWallClock(new Date('2026-07-01T10:00:00Z')).toISOString()).toBe('2026-07-01T12:00:00.000Z');
    expect(osloWallClock(new Date('2026-01-15T23:30:00Z')).toISOString()).toBe('2026-01-16T00:30:00.000Z');
  });

  it('cuts a facility id list at the Excel cell limit and says how many were left out', () => {
    expect(facilityIdsCell([1, 2, 3])).toBe('1, 2, 3');
    const ids = Array.from({ length: 10_000 }, (_, i) => 100_000 + i);
    const cell = facilityIdsCell(ids);
    expect(cell.length).toBeLessThanOrEqual(32_767);
    const shown = cell.split(' … ')[0]?.split(', ').length ?? 0;
    expect(cell).toMatch(new RegExp(`… \\(\\+${10_000 - shown} til\\)$`));
  });
});
