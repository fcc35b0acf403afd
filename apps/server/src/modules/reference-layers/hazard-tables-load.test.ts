import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DBFFile } from 'dbffile';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../test/test-database.ts';
import { bundledErgTables, ergTables } from '../erg/erg.ts';
import { ergCsv } from '../erg/erg-csv.ts';
import { ERG_FIELDS, ERG_SOURCE_FILE, type ErgSourceRecord, readErgSource } from '../erg/erg-source.ts';
import type { ErgTables } from '../erg/erg-tables.ts';
import { LayerFileError, splitFields } from './layer-file.ts';
import { rollBackVersion } from './layer-versions.repository.ts';
import { type LayerLoad, loadReferenceLayer } from './reference-layer-load.service.ts';

const FIXTURE = join(import.meta.dirname, '../../../test/fixtures/reference/erg-2016-hazard-tables.csv');
const TEXT = readFileSync(FIXTURE, 'utf8');
const [HEADER = '', ...ROWS] = TEXT.trimEnd().split('\n');
const COLUMNS = splitFields(HEADER);
const dir = mkdtempSync(join(tmpdir(), 'fast-hazard-tables-'));

/** A fixture row with some of its fields replaced. */
const withFields = (row: string, changes: Record<string, string>) => {
  const fields = splitFields(row);
  for (const [name, value] of Object.entries(changes)) fields[COLUMNS.indexOf(name)] = value;
  return fields.join(';');
};
const rowOf = (idNum: number) => ROWS.find((row) => splitFields(row)[COLUMNS.indexOf('IDNum')] === String(idNum)) ?? '';
let files = 0;
const csvFile = (rows: string[], header = HEADER) => {
  const path = join(dir, `erg-${++files}.csv`);
  writeFileSync(path, `${[header, ...rows].join('\n')}\n`);
  return path;
};

let t: TestDatabase;
let source: ErgSourceRecord[];
beforeAll(async () => {
  [t, source] = await Promise.all([createTestDatabase(), readErgSource()]);
});
afterAll(() => t.destroy());
beforeEach(async () => {
  await t.db.deleteFrom('reference_layer_version').execute();
});

const load = (path: string, options: Partial<LayerLoad> = {}) =>
  loadReferenceLayer(t.db, {
    layer: 'hazard-tables',
    path,
    format: 'csv',
    dryRun: false,
    fileName: 'erg.csv',
    sizeBytes: 1,
    sha256: 'c'.repeat(64),
    loadedBy: 'Test Admin',
    ...options,
  });

/** Every UN number of the file under every guide (a card's guide may be another edition's), and each guide alone. */
function expectSameFigures(actual: ErgTables, expected: ErgTables, edition: string) {
  const unNumbers = new Set(source.map((r) => String(r.IDNum).padStart(4, '0')));
  const guides = [...new Set(source.map((r) => Number(r.GuideNum)))];
  let compared = 0;
  for (const unNumber of unNumbers) {
    for (const guide of guides) {
      const want = expected.figuresFor(unNumber, guide);
      expect(actual.figuresFor(unNumber, guide), `UN ${unNumber} guide ${guide}`).toEqual(want && { ...want, edition });
      compared++;
    }
  }
  // The file's 288 identification numbers (the guides' 0 among them) under each of its 63 guides.
  expect([unNumbers.size, guides.length, compared]).toEqual([288, 63, 18_144]);
}

describe('the hazard-tables CSV layout', () => {
  it("has exactly the ERG 2016 dBASE file's fields, in its order, with their types", async () => {
    const dbf = await DBFFile.open(ERG_SOURCE_FILE);
    expect(ERG_FIELDS.map(([name]) => name)).toEqual(dbf.fields.map((f) => f.name));
    for (const [name, kind] of ERG_FIELDS) {
      expect(dbf.fields.find((f) => f.name === name)?.type, name).toBe(kind === 'number' ? 'N' : 'C');
    }
    const flags = ERG_FIELDS.filter(([, kind]) => kind === 'flag').map(([name]) => name);
    for (const record of source) for (const flag of flags) expect(['Yes', '']).toContain(record[flag]);
  });

  it('the fixture is the bundled dBASE file converted by npm run erg-to-csv, not typed in', () => {
    expect(TEXT).toBe(ergCsv(source, '2016'));
    expect(ROWS).toHaveLength(source.length);
  });
});

describe(`the hazard-tables layer on ${process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite'}`, () => {
  it('loads the ERG 2016 file converted 1:1: every figure of every UN number equals the bundled file’s', async () => {
    const result = await load(FIXTURE);
    expect(result).toMatchObject({ read: 684, loaded: 684, invalid: 0, skipped: 0, invalidRows: [] });
    expect(result.version).toMatchObject({ version: 1, state: 'active', row_count: 684 });
    const records = await t.db.selectFrom('erg_record').select(['record', 'edition']).orderBy('position').execute();
    expect(records.map((r) => r.record)).toEqual(source);
    expect(new Set(records.map((r) => r.edition))).toEqual(new Set(['2016']));
    const tables = await ergTables(t.db);
    expect(tables.edition).toBe('2016');
    expectSameFigures(tables, await bundledErgTables(), '2016');
  });

  it('reads a later edition with its own figures, and the bundled tables again after a rollback', async () => {
    await load(FIXTURE);
    const chlorine = rowOf(1017);
    const changed = withFields(chlorine, { SM_ISO: '100', Edition: '2024' });
    const path = csvFile(ROWS.map((row) => (row === chlorine ? changed : withFields(row, { Edition: '2024' }))));
    expect(await load(path)).toMatchObject({ loaded: 684, invalid: 0, version: { version: 2 } });
    const tables = await ergTables(t.db);
    expect(tables.edition).toBe('2024');
    const figures = tables.figuresFor('1017', 124);
    expect(figures?.edition).toBe('2024');
    expect(figures?.table1?.smallSpill).toEqual({ isolationM: 100, dayM: 300, nightM: 1100 });
    expect(tables.figuresFor('1005', 125)).toEqual({ ...(await bundledErgTables()).figuresFor('1005', 125), edition: '2024' });

    await rollBackVersion(t.db, 'hazard-tables');
    const back = await ergTables(t.db);
    expect(back.edition).toBe('2016');
    expect(back.figuresFor('1017', 124)?.table1?.smallSpill.isolationM).toBe(60);
    await t.db.deleteFrom('reference_layer_version').execute();
    expect(await ergTables(t.db)).toBe(await bundledErgTables());
  });

  it('refuses bad rows by line with their reasons, and loads the rest', async () => {
    const [guide = '', second = '', third = '', fourth = '', fifth = '', sixth = ''] = ROWS;
    const path = csvFile([
      guide,
      withFields(second, { SM_ISO: '' }),
      withFields(third, { LG_DY: '1,5', IDNum: '12.5' }),
      withFields(fourth, { TABLE3: 'Ja' }),
      `${fifth};extra`,
      withFields(sixth, { Edition: '24' }),
      guide,
    ]);
    const result = await load(path, { dryRun: true });
    expect(result).toMatchObject({ read: 7, loaded: 1, invalid: 6, version: null });
    const at = (line: number) => result.invalidRows.find((p) => p.line === line)?.reasons;
    expect(at(3)).toEqual([{ code: 'missingValue', params: { column: 'SM_ISO' } }]);
    expect(at(4)).toEqual([
      { code: 'notANumber', params: { column: 'LG_DY', value: '1,5' } },
      { code: 'notANumber', params: { column: 'IDNum', value: '12.5' } },
    ]);
    expect(at(5)).toEqual([{ code: 'notAFlag', params: { column: 'TABLE3', value: 'Ja' } }]);
    expect(at(6)).toEqual([{ code: 'wrongFieldCount', params: { expected: COLUMNS.length, actual: COLUMNS.length + 1 } }]);
    expect(at(7)).toEqual([{ code: 'notANumber', params: { column: 'Edition', value: '24' } }]);
    expect(at(8)).toEqual([{ code: 'duplicateId', params: { value: `0 ${splitFields(guide)[0]} ${splitFields(guide)[2]}` } }]);
    expect(await t.db.selectFrom('reference_layer_version').select('id').execute()).toEqual([]);
  });

  it('refuses a whole file: another layout, two editions, no guides, or not a CSV; the layer stays as it was', async () => {
    await load(FIXTURE);
    const refused = async (path: string, message: RegExp, format: LayerLoad['format'] = 'csv') => {
      await expect(load(path, { format })).rejects.toThrow(LayerFileError);
      await expect(load(path, { format })).rejects.toThrow(message);
    };
    await refused(csvFile(ROWS.slice(0, 3), HEADER.replace(';TABLE3;', ';TABLE_3;')), /mangler kolonnene TABLE3/);
    await refused(csvFile([ROWS[0] ?? '', withFields(ROWS[1] ?? '', { Edition: '2024' })]), /én utgave/);
    await refused(csvFile([rowOf(1017)]), /ingen rader for veiledningene/);
    await refused(FIXTURE, /CSV-fil/, 'geojson');
    const versions = await t.db.selectFrom('reference_layer_version').select(['version', 'state']).execute();
    expect(versions).toEqual([{ version: 1, state: 'active' }]);
    expect(
      await t.db
        .selectFrom('erg_record')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirst(),
    ).toEqual({
      n: 684,
    });
  });
});
