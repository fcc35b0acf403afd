import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../test/test-database.ts';
import { findAccessToFacility, recordAccess } from './access-log.repository.ts';

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(() => t.destroy());

describe('access log', () => {
  it('records views, downloads and exports and finds them by facility', async () => {
    const userId = randomUUID();
    await recordAccess(t.db, { userId, organisationNumber: '974760673', action: 'VIEW', facilityIds: [100001] });
    await recordAccess(t.db, {
      userId,
      organisationNumber: '974760673',
      action: 'DOWNLOAD',
      facilityIds: [100001],
      documentId: 42,
    });
    await recordAccess(t.db, {
      userId,
      organisationNumber: '974760673',
      action: 'EXPORT',
      facilityIds: [100001, 100002, 100003],
      detail: '{"query":"propan"}',
    });
    const forFirst = await findAccessToFacility(t.db, 100001);
    expect(forFirst.map((r) => r.action)).toEqual(['EXPORT', 'DOWNLOAD', 'VIEW']);
    expect(forFirst[1]).toMatchObject({ userId, documentId: 42, facilityIds: [100001] });
    const forThird = await findAccessToFacility(t.db, 100003);
    expect(forThird).toHaveLength(1);
    expect(forThird[0]?.occurredAt).toBeInstanceOf(Date);
  });

  it('refuses an unknown action', async () => {
    await expect(
      t.db
        .insertInto('access_log')
        .values({ user_id: randomUUID(), organisation_number: '974760673', action: 'DELETE', facility_ids: [1] })
        .execute(),
    ).rejects.toThrow();
  });
});
