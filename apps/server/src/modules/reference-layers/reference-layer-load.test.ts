import { randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { strToU8, zipSync } from 'fflate';
import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../test/test-database.ts';
import { toUtm } from '../position/utm.ts';
import { placeReadings } from '../reference/place-text.ts';
import { addressQueries } from './address-query.ts';
import { findAddresses } from './addresses.repository.ts';
import { LayerFileError, splitFields } from './layer-file.ts';
import { discardUnfinishedVersions, listVersions, rollBackVersion, startVersion } from './layer-versions.repository.ts';
import { type LayerLoad, loadReferenceLayer } from './reference-layer-load.service.ts';

const FIXTURE = join(import.meta.dirname, '../../../test/fixtures/reference/matrikkelen-adresse-kristiansand.csv');
const TEXT = readFileSync(FIXTURE, 'utf8');
const [HEADER = '', ...ROWS] = TEXT.split('\n');
const COLUMNS = splitFields(HEADER);
const dir = mkdtempSync(join(tmpdir(), 'fast-layer-'));

/** Kartverket's columns of a fixture row, by name. */
const field = (row: string, name: string) => splitFields(row)[COLUMNS.indexOf(name)] ?? '';
/** A fixture row with some of its fields replaced. */
const withFields = (row: string, changes: Record<string, string>) => {
  const fields = splitFields(row);
  for (const [name, value] of Object.entries(changes)) fields[COLUMNS.indexOf(name)] = value;
  return fields.join(';');
};
let files = 0;
const csvFile = (lines: string[]) => {
  const path = join(dir, `layer-${++files}.csv`);
  writeFileSync(path, `${[HEADER, ...lines].join('\r\n')}\r\n`);
  return path;
};

/** A caller without municipalities: the address layer is public, the scope only orders what is found. */
const NO_ACCESS = { userId: randomUUID(), organisationNumber: '974760673' };

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(() => t.destroy());
beforeEach(async () => {
  await t.db.deleteFrom('reference_layer_version').execute();
});

const load = (path: string, options: Partial<LayerLoad> = {}) =>
  loadReferenceLayer(t.db, {
    layer: 'addresses',
    path,
    format: 'csv',
    dryRun: false,
    fileName: 'matrikkelen.csv',
    sizeBytes: 1,
    sha256: 'a'.repeat(64),
    loadedBy: 'Test Admin',
    ...options,
  });

const activeRows = () =>
  t.db
    .selectFrom('address')
    .selectAll()
    .where('version_id', '=', (eb) =>
      eb.selectFrom('reference_layer_version as v').select('v.id').where('v.state', '=', 'active'),
    )
    .orderBy('id')
    .execute();

describe(`the address layer on ${process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite'}`, () => {
  it("loads Kartverket's CSV as published: every street address, each at Kartverket's own position", async () => {
    const result = await load(FIXTURE);
    expect(result).toMatchObject({ read: 47, loaded: 47, invalid: 0, skipped: 0, invalidRows: [] });
    expect(result.version).toMatchObject({
      version: 1,
      state: 'active',
      row_count: 47,
      source: 'Kartverket, Matrikkelen – Adresse (CC BY 4.0)',
    });
    const rows = await activeRows();
    expect(rows).toHaveLength(47);
    const byId = new Map(rows.map((row) => [row.id, row]));
    for (const line of ROWS.filter((l) => l !== '')) {
      const row = byId.get(Number(field(line, 'lokalid')));
      // Field by field against the file: the street, number, letter, municipality and postal code
      // as Kartverket wrote them, and the position back in EUREF89 UTM33 to the millimetre.
      expect(row).toMatchObject({
        municipality_id: field(line, 'kommunenummer'),
        street: field(line, 'adressenavn'),
        number: Number(field(line, 'nummer')),
        letter: field(line, 'bokstav') || null,
        postal_code: field(line, 'postnummer'),
      });
      const utm = toUtm(row?.longitude ?? 0, row?.latitude ?? 0, 33);
      expect(Math.abs(utm.north - Number(field(line, 'Nord')))).toBeLessThan(0.02);
      expect(Math.abs(utm.east - Number(field(line, 'Øst')))).toBeLessThan(0.02);
    }
    // The postal place as the postal code list names it, not Kartverket's capitals.
    expect(byId.get(219136687)?.label).toBe('Tyrihansveien 38, 4638 Kristiansand S');
    const found = await findAddresses(t.db, NO_ACCESS, [{ streetWords: ['vardasveien'], house: '110b' }], 10);
    expect(found.map((a) => a.label)).toEqual(['Vardåsveien 110B, 4637 Kristiansand S']);
  });

  it('finds a house by its street and number as typed, a street by its name, a misspelt street', async () => {
    await load(FIXTURE);
    const labels = async (text: string) =>
      (await findAddresses(t.db, NO_ACCESS, placeReadings(text).flatMap(addressQueries), 10)).map((a) => a.label);
    // The house itself first, then the houses whose number starts so, by number and letter.
    expect(await labels('Vardåsveien 110')).toEqual([
      'Vardåsveien 110, 4637 Kristiansand S',
      'Vardåsveien 110A, 4637 Kristiansand S',
      'Vardåsveien 110B, 4637 Kristiansand S',
    ]);
    expect((await labels('vardasveien 110 b'))[0]).toBe('Vardåsveien 110B, 4637 Kristiansand S');
    expect(await labels('Tyrihansveien 1')).toEqual(
      ['10', '12', '14', '16', '18'].map((n) => `Tyrihansveien ${n}, 4638 Kristiansand S`),
    );
    // The postal code and place narrow the street: Vardåsveien has houses in 4637 and 4638.
    expect(await labels('Vardåsveien 12, 4638')).toEqual([
      'Vardåsveien 121, 4638 Kristiansand S',
      'Vardåsveien 123, 4638 Kristiansand S',
      'Vardåsveien 125, 4638 Kristiansand S',
      'Vardåsveien 127, 4638 Kristiansand S',
    ]);
    expect((await labels('tyrihansveien 38 kristiansand'))[0]).toBe('Tyrihansveien 38, 4638 Kristiansand S');
    // A street alone is the street, once per postal code, at its middle house.
    const streets = await findAddresses(t.db, NO_ACCESS, [{ streetWords: ['vardasveien'], house: null }], 10);
    expect(streets.map((s) => s.label)).toEqual(['Vardåsveien, 4637 Kristiansand S', 'Vardåsveien, 4638 Kristiansand S']);
    const houses = (await activeRows())
      .filter((row) => row.street === 'Vardåsveien' && row.postal_code === '4637')
      .sort((a, b) => (a.number ?? 0) - (b.number ?? 0) || (a.letter ?? '').localeCompare(b.letter ?? ''));
    const middle = houses[Math.floor((houses.length + 1) / 2) - 1];
    expect(middle?.label).toBe('Vardåsveien 113, 4637 Kristiansand S');
    expect(streets[0]).toMatchObject({ latitude: middle?.latitude, longitude: middle?.longitude, municipality_id: '4204' });
    // A number the street does not have: the street, not nothing.
    expect(await labels('Tyrihansveien 99')).toEqual(['Tyrihansveien, 4638 Kristiansand S']);
    // Misspelt, as a hurried hand types.
    expect((await labels('Tyrihasnveien 38'))[0]).toBe('Tyrihansveien 38, 4638 Kristiansand S');
    expect((await labels('Vardsveien 110b'))[0]).toBe('Vardåsveien 110B, 4637 Kristiansand S');
    expect(await labels('Xyzzyveien 38')).toEqual([]);
  });

  it('reads the CSV inside the zip Kartverket publishes', async () => {
    const zip = join(dir, 'Basisdata_0000_Norge_25833_MatrikkelenAdresse_CSV.zip');
    writeFileSync(
      zip,
      zipSync({
        'Basisdata_0000_Norge_25833_MatrikkelenAdresse_CSV/': {},
        'Basisdata_0000_Norge_25833_MatrikkelenAdresse_CSV/matrikkelen.csv': strToU8(TEXT),
      }),
    );
    const result = await load(zip, { format: 'zip' });
    expect(result).toMatchObject({ read: 47, loaded: 47, invalid: 0 });
    await expect(load(csvFile([]), { format: 'zip' })).rejects.toThrow(LayerFileError);
  });

  it('writes nothing in a dry run', async () => {
    const result = await load(FIXTURE, { dryRun: true });
    expect(result).toMatchObject({ read: 47, loaded: 47, version: null });
    expect(await listVersions(t.db)).toEqual([]);
    expect(await t.db.selectFrom('address').select('id').execute()).toEqual([]);
  });

  it('reports each refused row by line and loads the rest; a cadastral address is skipped', async () => {
    const [a = '', b = '', c = '', d = '', e = '', f = ''] = ROWS;
    const result = await load(
      csvFile([
        a,
        withFields(b, { kommunenummer: '9999' }),
        withFields(c, { 'EPSG-kode': '4326' }),
        withFields(d, { Nord: 'sju' }),
        `${e};ekstra`,
        a,
        withFields(f, { adressetype: 'matrikkeladresse', adressenavn: '' }),
        withFields(f, { adressenavn: '' }),
      ]),
    );
    expect(result).toMatchObject({ read: 8, loaded: 1, invalid: 6, skipped: 1 });
    expect(result.invalidRows).toEqual([
      { line: 3, reasons: [{ code: 'unknownMunicipality', params: { value: '9999' } }] },
      { line: 4, reasons: [{ code: 'unsupportedCrs', params: { value: '4326' } }] },
      { line: 5, reasons: [{ code: 'notANumber', params: { column: 'Nord', value: 'sju' } }] },
      { line: 6, reasons: [{ code: 'wrongFieldCount', params: { expected: COLUMNS.length, actual: COLUMNS.length + 1 } }] },
      { line: 7, reasons: [{ code: 'duplicateId', params: { value: Number(field(a, 'lokalid')) } }] },
      { line: 9, reasons: [{ code: 'missingValue', params: { column: 'adressenavn' } }] },
    ]);
  });

  it('refuses a file that is not the layer, or has nothing to load, and leaves the layer as it was', async () => {
    await load(FIXTURE);
    const noColumns = join(dir, 'not-addresses.csv');
    writeFileSync(noColumns, 'id;navn\n1;Noe\n');
    await expect(load(noColumns)).rejects.toThrow(/mangler kolonnene lokalid, kommunenummer/);
    await expect(load(csvFile([withFields(ROWS[0] ?? '', { kommunenummer: '9999' })]))).rejects.toThrow(/ingen adresser/);
    const empty = join(dir, 'empty.csv');
    writeFileSync(empty, '');
    await expect(load(empty)).rejects.toThrow(/tom/);
    expect((await listVersions(t.db)).map((v) => [v.version, v.state])).toEqual([[1, 'active']]);
    expect(await activeRows()).toHaveLength(47);
    expect(await t.db.selectFrom('address').select('id').execute()).toHaveLength(47);
  });

  it('replaces the layer at once: a reader during a load sees one whole version, never a mix', async () => {
    await load(FIXTURE);
    // 12 000 addresses: three batches, with readers in between.
    const many = Array.from({ length: 12_000 }, (_, i) =>
      withFields(ROWS[0] ?? '', { lokalid: String(900_000_000 + i), adressenavn: 'Prøveveien', nummer: String(i + 1) }),
    );
    const counts = new Set<number>();
    let loading = true;
    const reader = (async () => {
      while (loading) {
        const { rows } = await sql<{ n: number }>`
          select count(*)::int as n from address
          where version_id = (select id from reference_layer_version where layer = 'addresses' and state = 'active')`.execute(
          t.db,
        );
        counts.add(rows[0]?.n ?? -1);
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
    })();
    const result = await load(csvFile(many)).finally(() => {
      loading = false;
    });
    await reader;
    expect(result.version?.version).toBe(2);
    // The reader ran while the new version was written, and saw the old one whole meanwhile.
    expect(counts).toContain(47);
    for (const count of counts) expect([47, 12_000]).toContain(count);
    expect((await listVersions(t.db)).map((v) => [v.version, v.state])).toEqual([
      [2, 'active'],
      [1, 'previous'],
    ]);
  });

  it('rolls back one step, and forward again; a third load gives up the oldest', async () => {
    await load(FIXTURE);
    await load(csvFile(ROWS.slice(0, 5)));
    expect(await activeRows()).toHaveLength(5);
    expect((await rollBackVersion(t.db, 'addresses'))?.version).toBe(1);
    expect(await activeRows()).toHaveLength(47);
    expect((await rollBackVersion(t.db, 'addresses'))?.version).toBe(2);
    await load(csvFile(ROWS.slice(0, 3)));
    expect((await listVersions(t.db)).map((v) => [v.version, v.state])).toEqual([
      [3, 'active'],
      [2, 'previous'],
    ]);
    const kept = await t.db.selectFrom('address').select('version_id').distinct().execute();
    expect(kept).toHaveLength(2);
  });

  it('has no version to roll back to before a second load', async () => {
    expect(await rollBackVersion(t.db, 'addresses')).toBeNull();
    await load(FIXTURE);
    expect(await rollBackVersion(t.db, 'addresses')).toBeNull();
  });

  it('removes at the next start a version a killed load left loading', async () => {
    await load(FIXTURE);
    await startVersion(t.db, {
      layer: 'addresses',
      source: 's',
      fileName: null,
      sha256: 'b'.repeat(64),
      sizeBytes: 0,
      loadedBy: 'x',
    });
    expect(await discardUnfinishedVersions(t.db)).toBe(1);
    expect((await listVersions(t.db)).map((v) => [v.version, v.state])).toEqual([[1, 'active']]);
  });
});
