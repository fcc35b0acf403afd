import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../test/test-database.ts';
import { loadedAdrEntries } from '../adr/adr.ts';
import { type HazardReference, readHazardReference } from '../reference/hazard-reference.ts';
import { ADR_COLUMNS, LABEL_SEPARATOR } from './adr-table-a-file.ts';
import { LayerFileError, splitFields } from './layer-file.ts';
import { activeVersion, rollBackVersion } from './layer-versions.repository.ts';
import { type LayerLoad, loadReferenceLayer } from './reference-layer-load.service.ts';

const FIXTURES = join(import.meta.dirname, '../../../test/fixtures/reference');
const FIXTURE = join(FIXTURES, 'adr-table-a-2017.csv');
const TEXT = readFileSync(FIXTURE, 'utf8');
const [HEADER = '', ...ROWS] = TEXT.trimEnd().split('\n');
const COLUMNS = splitFields(HEADER);
const dir = mkdtempSync(join(tmpdir(), 'fast-adr-table-a-'));

/** A fixture row with some of its fields replaced. */
const withFields = (row: string, changes: Record<string, string>) => {
  const fields = splitFields(row);
  for (const [name, value] of Object.entries(changes)) fields[COLUMNS.indexOf(name)] = value;
  return fields.join(';');
};
const rowOf = (unNumber: string) => ROWS.find((row) => row.startsWith(`${unNumber};`)) ?? '';
let files = 0;
const csvFile = (rows: string[], header = HEADER) => {
  const path = join(dir, `adr-${++files}.csv`);
  writeFileSync(path, `${[header, ...rows].join('\n')}\n`);
  return path;
};

let t: TestDatabase;
let reference: HazardReference;
beforeAll(async () => {
  [t, reference] = await Promise.all([createTestDatabase(), readHazardReference()]);
});
afterAll(() => t.destroy());
beforeEach(async () => {
  await t.db.deleteFrom('reference_layer_version').execute();
});

const load = (path: string, options: Partial<LayerLoad> = {}) =>
  loadReferenceLayer(t.db, {
    layer: 'adr-table-a',
    path,
    format: 'csv',
    dryRun: false,
    fileName: 'adr.csv',
    sizeBytes: 1,
    sha256: 'a'.repeat(64),
    loadedBy: 'Test Admin',
    ...options,
  });

const versions = () =>
  t.db.selectFrom('reference_layer_version').select(['layer', 'version', 'state']).orderBy('layer').orderBy('version').execute();

describe('the adr-table-a CSV layout', () => {
  it('the fixture is every bundled card’s ADR 2017 facts in the layout, not typed in', () => {
    const written = reference.cards.map((card) =>
      [
        card.unNumber,
        card.name.en,
        card.adr.class,
        card.adr.classificationCode,
        card.adr.packingGroup ?? '',
        card.adr.labels.join(LABEL_SEPARATOR),
        card.adr.hazardNumber ?? '',
        '2017',
      ].join(';'),
    );
    expect(COLUMNS).toEqual([...ADR_COLUMNS]);
    expect(ROWS).toEqual(written);
    expect(ROWS).toHaveLength(152);
  });
});

describe(`the adr-table-a layer on ${process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite'}`, () => {
  it("loads the bundled ADR 2017 facts: every field of every row equals the file's", async () => {
    const result = await load(FIXTURE);
    expect(result).toMatchObject({ read: 152, loaded: 152, invalid: 0, skipped: 0, invalidRows: [] });
    expect(result.version).toMatchObject({ layer: 'adr-table-a', version: 1, state: 'active', row_count: 152 });
    expect(result.version?.source).toBe('UNECE, ADR Tabell A (kapittel 3.2)');
    const stored = await t.db.selectFrom('adr_record').selectAll().orderBy('position').execute();
    expect(stored).toHaveLength(ROWS.length);
    ROWS.forEach((line, i) => {
      const field = (column: string) => splitFields(line)[COLUMNS.indexOf(column)] ?? '';
      expect(stored[i], line).toEqual({
        version_id: result.version?.id,
        position: i + 2,
        un_number: field('UN'),
        name_en: field('Name'),
        adr_class: field('Class'),
        classification_code: field('ClassificationCode'),
        packing_group: field('PackingGroup') || null,
        labels: field('Labels') === '' ? [] : field('Labels').split('+'),
        hazard_number: field('HazardNumber') || null,
        edition: '2017',
      });
    });
    // And so every card's: the bundled facts, read back from the layer.
    const entries = await loadedAdrEntries(t.db);
    for (const card of reference.cards) {
      const entry = entries.get(card.unNumber);
      expect(
        entry && {
          nameEn: entry.name_en,
          class: entry.adr_class,
          classificationCode: entry.classification_code,
          packingGroup: entry.packing_group,
          labels: entry.labels,
          hazardNumber: entry.hazard_number,
          edition: entry.edition,
        },
        card.unNumber,
      ).toEqual({ nameEn: card.name.en, ...card.adr, edition: '2017' });
    }
  });

  it('takes the first entry of a UN number, keeps the ERG tables apart, and rolls back to the previous edition', async () => {
    await load(join(FIXTURES, 'erg-2016-hazard-tables.csv'), { layer: 'hazard-tables' });
    await load(FIXTURE);
    const chlorine = rowOf('1017');
    const edited = ROWS.flatMap((row) => {
      const later = withFields(row, { Edition: '2025' });
      // A second, later entry for chlorine: the first in the file stands.
      return row === chlorine
        ? [withFields(later, { HazardNumber: '268', Labels: '2.3+8' }), withFields(later, { HazardNumber: '20', Labels: '2.2' })]
        : [later];
    });
    expect(await load(csvFile(edited))).toMatchObject({ loaded: 153, invalid: 0, version: { version: 2 } });
    const entries = await loadedAdrEntries(t.db);
    expect(entries.get('1017')).toMatchObject({ hazard_number: '268', labels: ['2.3', '8'], edition: '2025' });
    expect(entries.get('1005')?.edition).toBe('2025');
    expect(await versions()).toEqual([
      { layer: 'adr-table-a', version: 1, state: 'previous' },
      { layer: 'adr-table-a', version: 2, state: 'active' },
      { layer: 'hazard-tables', version: 1, state: 'active' },
    ]);

    await rollBackVersion(t.db, 'adr-table-a');
    expect((await loadedAdrEntries(t.db)).get('1017')).toMatchObject({ hazard_number: '265', edition: '2017' });
    expect((await activeVersion(t.db, 'hazard-tables'))?.version).toBe(1);
  });

  it('writes nothing on a dry run', async () => {
    const result = await load(FIXTURE, { dryRun: true });
    expect(result).toMatchObject({ read: 152, loaded: 152, invalid: 0, version: null });
    expect(await versions()).toEqual([]);
    expect(await t.db.selectFrom('adr_record').select('position').execute()).toEqual([]);
    expect(await loadedAdrEntries(t.db)).toEqual(new Map());
  });

  it('refuses bad rows by line with their reasons, and loads the rest', async () => {
    const [first = '', second = '', third = '', fourth = '', fifth = '', sixth = '', seventh = ''] = ROWS;
    const path = csvFile([
      first,
      withFields(second, { Name: '', ClassificationCode: '' }),
      withFields(third, { UN: '12', Class: '4.4' }),
      withFields(fourth, { PackingGroup: 'IV', Labels: '2.1+11' }),
      `${fifth};extra`,
      withFields(sixth, { Edition: '25', HazardNumber: '1.5D' }),
      withFields(seventh, { Edition: '' }),
    ]);
    const result = await load(path);
    expect(result).toMatchObject({ read: 7, loaded: 1, invalid: 6, version: { version: 1, row_count: 1 } });
    const at = (line: number) => result.invalidRows.find((p) => p.line === line)?.reasons;
    expect(at(3)).toEqual([
      { code: 'missingValue', params: { column: 'Name' } },
      { code: 'missingValue', params: { column: 'ClassificationCode' } },
    ]);
    expect(at(4)).toEqual([
      { code: 'notAUnNumber', params: { value: '12' } },
      { code: 'unknownAdrClass', params: { value: '4.4' } },
    ]);
    expect(at(5)).toEqual([
      { code: 'unknownPackingGroup', params: { value: 'IV' } },
      { code: 'unknownLabel', params: { value: '11' } },
    ]);
    expect(at(6)).toEqual([{ code: 'wrongFieldCount', params: { expected: 8, actual: 9 } }]);
    expect(at(7)).toEqual([
      { code: 'notAHazardNumber', params: { value: '1.5D' } },
      { code: 'notANumber', params: { column: 'Edition', value: '25' } },
    ]);
    expect(at(8)).toEqual([{ code: 'missingValue', params: { column: 'Edition' } }]);
    expect(await t.db.selectFrom('adr_record').select('un_number').execute()).toEqual([{ un_number: '0012' }]);
  });

  it('refuses a whole file: another layout, two editions, no valid row, or not a CSV; the layer stays as it was', async () => {
    await load(FIXTURE);
    const refused = async (path: string, message: RegExp, format: LayerLoad['format'] = 'csv') => {
      await expect(load(path, { format })).rejects.toThrow(LayerFileError);
      await expect(load(path, { format })).rejects.toThrow(message);
    };
    await refused(csvFile(ROWS.slice(0, 3), HEADER.replace(';Labels;', ';Label;')), /mangler kolonnene Labels/);
    await refused(csvFile([ROWS[0] ?? '', withFields(ROWS[1] ?? '', { Edition: '2025' })]), /ADR 2025, linjene før fra ADR 2017/);
    await refused(csvFile([withFields(ROWS[0] ?? '', { UN: 'UN0012' })]), /ingen ADR-rader/);
    await refused(FIXTURE, /CSV-fil/, 'geojson');
    expect(await versions()).toEqual([{ layer: 'adr-table-a', version: 1, state: 'active' }]);
    const count = await t.db
      .selectFrom('adr_record')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(152);
  });
});
