import type { ImportRecord } from '@fast/contracts';
import { DEMO_ORGANISATIONS, seedDemoUsers } from '../src/demo/demo-users.ts';
import type { Scope } from '../src/modules/identity/identity.ts';
import { importTestRecords } from './facility-factory.ts';
import { createTestDatabase, type TestDatabase } from './test-database.ts';

/**
 * A fresh test database with the demo users and these records (imported through the real path),
 * and the scope of oslo.brann for Oslo brann- og redningsetat: Oslo (0301) given, Bærum (3201) only
 * asked for. For repository tests that need a scope without the whole server.
 */
export async function scopedTestDatabase(records: ImportRecord[]): Promise<{ database: TestDatabase; scope: Scope }> {
  const database = await createTestDatabase();
  await seedDemoUsers(database.db);
  await importTestRecords(database.db, records);
  const user = await database.db
    .selectFrom('app_user')
    .select('id')
    .where('username', '=', 'oslo.brann')
    .executeTakeFirstOrThrow();
  return { database, scope: { userId: user.id, organisationNumber: DEMO_ORGANISATIONS.osloBrann.organisation_number } };
}
