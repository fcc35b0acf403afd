import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../test/test-database.ts';
import { loadDemoRegisterIfEmpty } from './demo-register.ts';

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(() => t.destroy());

const messages: string[] = [];
const log = {
  info: (_: unknown, message?: string) => void messages.push(message ?? ''),
  warn: (_: unknown, message?: string) => void messages.push(`WARN ${message ?? ''}`),
};

describe('loadDemoRegisterIfEmpty', () => {
  it('fills an empty register through the importer, every generated record valid, and then leaves it alone', async () => {
    const summary = await loadDemoRegisterIfEmpty(t.db, log, { facilities: 400, seed: 'demo-test' });
    expect(summary).toMatchObject({ invalid: 0, unchanged: 0 });
    expect(summary?.written).toBe(summary?.read);
    // The only warnings are the facilities left without a position on purpose.
    for (const w of summary?.warningRecords ?? []) expect(w.reasons).toEqual([{ code: 'noPosition', params: {} }]);
    const facilities = await t.db
      .selectFrom('facility')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(facilities.n)).toBe(400);
    const pipelines = await t.db.selectFrom('gas_pipeline').select('pressure_class').distinct().execute();
    expect(pipelines.map((p) => p.pressure_class).sort()).toEqual(['HIGH', 'LOW', 'MEDIUM']);
    const documents = await t.db.selectFrom('document').select(['kind', 'content']).execute();
    expect(documents.length).toBeGreaterThan(20);
    for (const d of documents)
      expect(
        Buffer.from(d.content ?? [])
          .subarray(0, 5)
          .toString(),
      ).toBe('%PDF-');
    expect(await loadDemoRegisterIfEmpty(t.db, log)).toBeNull();
    expect(messages.filter((m) => m.startsWith('WARN'))).toEqual([]);
  });
});
