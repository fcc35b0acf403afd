import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { scopedTestDatabase } from '../../../test/scoped-database.ts';
import type { TestDatabase } from '../../../test/test-database.ts';
import type { Scope } from '../identity/identity.ts';
import { findAddresses, insertAddresses, insertStreets } from './addresses.repository.ts';
import type { AddressRow } from './kartverket-addresses.ts';
import { activateVersion, startVersion } from './layer-versions.repository.ts';

let database: TestDatabase;
let scope: Scope;

/** Storgata 12 in three towns; oslo.brann's scope holds Oslo (0301) alone. */
const ROWS: AddressRow[] = [
  ['3201', '1337', 'Sandvika', 59.89, 10.52],
  ['4204', '4611', 'Kristiansand S', 58.15, 8.0],
  // The longest label of the three: first only because Oslo is the caller's.
  ['0301', '0182', 'Oslo sentrum nord', 59.91, 10.75],
].map(([municipalityId, postalCode, postalPlace, latitude, longitude], index) => ({
  id: index + 1,
  municipalityId: String(municipalityId),
  street: 'Storgata',
  number: 12,
  letter: null,
  postalCode: String(postalCode),
  postalPlace: String(postalPlace),
  latitude: Number(latitude),
  longitude: Number(longitude),
}));

const BAKKEN: AddressRow = {
  id: 4,
  municipalityId: '0301',
  street: 'Bakken',
  number: 3,
  letter: null,
  postalCode: '0182',
  postalPlace: 'Oslo',
  latitude: 59.91,
  longitude: 10.75,
};

/** Streets whose names share a word, and a first name that starts another: the misspelt lookup's hard cases. */
const NAMED: AddressRow[] = [
  ['Andreas Dahls vei', 5],
  ['Dahls vei', 5],
  ['Marit Kristoffersens veg', 1],
  ['Martinsens gate', 2],
].map(([street, number], index) => ({ ...BAKKEN, id: 10 + index, street: String(street), number: Number(number) }));

beforeAll(async () => {
  ({ database, scope } = await scopedTestDatabase([]));
  const version = await startVersion(database.db, {
    layer: 'addresses',
    source: 'test',
    fileName: null,
    sha256: 'a'.repeat(64),
    sizeBytes: 0,
    loadedBy: 'test',
  });
  await insertAddresses(database.db, version.id, [...ROWS, BAKKEN, ...NAMED]);
  await insertStreets(database.db, version.id);
  await activateVersion(database.db, version.id, ROWS.length + 1 + NAMED.length);
}, 120_000);
afterAll(async () => database?.destroy());

it("lists a street address in the caller's own municipalities first, then the closest to what was typed", async () => {
  const houses = await findAddresses(database.db, scope, [{ streetWords: ['storgata'], house: '12' }], 10);
  expect(houses.map((a) => a.label)).toEqual([
    'Storgata 12, 0182 Oslo sentrum nord',
    'Storgata 12, 1337 Sandvika',
    'Storgata 12, 4611 Kristiansand S',
  ]);
  const streets = await findAddresses(database.db, scope, [{ streetWords: ['storgata'], house: null }], 2);
  expect(streets.map((s) => s.label)).toEqual(['Storgata, 0182 Oslo sentrum nord', 'Storgata, 1337 Sandvika']);
});

it('finds a short street name misspelt in its last two letters, which break most of its trigrams', async () => {
  const found = await findAddresses(database.db, scope, [{ streetWords: ['bakkne'], house: '3' }], 10);
  expect(found.map((a) => a.label)).toEqual(['Bakken 3, 0182 Oslo']);
  expect(await findAddresses(database.db, scope, [{ streetWords: ['bakkne'], house: null }], 10)).toHaveLength(1);
});

it('finds a misspelt name among names as similar, the shortest first: the name typed, not a longer one that holds it', async () => {
  const found = await findAddresses(database.db, scope, [{ streetWords: ['dahsl', 'vei'], house: '5' }], 10);
  expect(found.map((a) => a.label)).toEqual(['Dahls vei 5, 0182 Oslo', 'Andreas Dahls vei 5, 0182 Oslo']);
});

it('looks for a misspelt word that starts a word of another street ("Marti" of "Martinsens") among similar words too', async () => {
  const found = await findAddresses(database.db, scope, [{ streetWords: ['marti', 'kristoffersens', 'veg'], house: '1' }], 10);
  expect(found.map((a) => a.label)).toEqual(['Marit Kristoffersens veg 1, 0182 Oslo']);
});

it("leaves the streets' word indexes without pending entries and with statistics after a load", async () => {
  for (const index of ['address_street_words_idx', 'address_street_word_trgm_idx']) {
    const { rows } = await sql<{ pages: number }>`select gin_clean_pending_list(${index}::regclass) as pages`.execute(
      database.db,
    );
    expect(rows[0]?.pages, index).toBe(0);
  }
  const { rows } = await sql<{ analysed: number }>`
    select count(*)::int as analysed from pg_stats where tablename in ('address_street', 'address_street_word')`.execute(
    database.db,
  );
  expect(rows[0]?.analysed).toBeGreaterThan(0);
});
