import { type Kysely, type SqlBool, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { facilityRecord, importTestRecords } from '../../../test/facility-factory.ts';
import { scopedTestDatabase } from '../../../test/scoped-database.ts';
import type { TestDatabase } from '../../../test/test-database.ts';
import * as placeWordsProcedural from '../../db/migrations/2026_11_29_1410_place_words_procedural.ts';
import { selectTogether } from '../../db/sql.ts';
import type { Database } from '../../db/types.ts';
import { facilitySummaries } from '../facility/facility-summaries.repository.ts';
import type { Scope } from '../identity/identity.ts';
import { placeWords } from '../reference/place-text.ts';
import { addressMatches, nameMatches } from './places.repository.ts';

const STREETS = ['Kaiveien', 'Kaivegen', 'Ås allé', 'Øvre Aagotnes vei', 'Storgata', 'Store gate', 'Gate'];
const NUMBERS = ['1', '12', '12 B', '12B', '120', '1e5b', '7'];
const PLACES = [
  ['5363', 'Ågotnes'],
  ['0155', 'Oslo'],
  ['1337', 'Sandvika'],
];
const NAMES = ['Kaia 1e5b AS', 'Ågotnes Havn', 'Gate Gartneri', null, 'Store Gate 12 B'];

let database: TestDatabase;
let scope: Scope;

/** Facility `id`'s record in round `round`: addresses and names shift from round to round. */
function record(id: number, round: number) {
  const i = id + round * 3;
  const [postalCode, postalPlace] = PLACES[i % PLACES.length] as [string, string];
  return facilityRecord(id, {
    name: NAMES[i % NAMES.length] ?? null,
    // Bærum's (3201) are outside oslo.brann's scope.
    address: {
      street: `${STREETS[i % STREETS.length]} ${NUMBERS[Math.floor(i / 2) % NUMBERS.length]}`,
      postalCode,
      postalPlace,
      municipalityId: id % 5 === 0 ? '3201' : '0301',
    },
  });
}
const IDS = Array.from({ length: 80 }, (_, i) => 9_500 + i);

beforeAll(async () => {
  ({ database, scope } = await scopedTestDatabase(IDS.map((id) => record(id, 0))));
}, 120_000);
afterAll(async () => database?.destroy());

/** The lookup before the word index (kept here only): each word as `like '% word%'` on the normalised text, row by row. */
async function likeMatches(words: readonly string[], limit: number, field: 'address' | 'name') {
  const text =
    field === 'address'
      ? sql`fast_address_search(f.street_address, f.postal_code, f.postal_place)`
      : sql`fast_address_search(f.name, null, null)`;
  let query = facilitySummaries(database.db, scope)
    .where('f.longitude', 'is not', null)
    .where(field === 'address' ? 'f.street_address' : 'f.name', 'is not', null);
  for (const word of words) query = query.where(sql<SqlBool>`${text} like ${`% ${word}%`}`);
  const ordered =
    field === 'address'
      ? query.orderBy(sql`length(${text})`).orderBy(text)
      : query.orderBy(sql`length(f.name)`).orderBy('f.name');
  return ordered.orderBy('f.id').limit(limit).execute();
}

/** What people type: word starts, whole words, several words, across street, number and place, and what matches nothing. */
async function queries(): Promise<string[]> {
  const rows = await database.db
    .selectFrom('facility')
    .select(['street_address', 'postal_code', 'postal_place', 'name'])
    .execute();
  const typed = new Set([
    'kai 12',
    '12b',
    '1e5',
    '1e5b',
    'aag',
    'agot',
    '0155 oslo',
    'gate 12 b',
    'store',
    'ost',
    'zzz',
    '12 b 1337',
  ]);
  for (const row of rows) {
    for (const text of [`${row.street_address}, ${row.postal_code} ${row.postal_place}`, row.name ?? '']) {
      const words = placeWords(text);
      if (words.length === 0) continue;
      typed.add(words.join(' '));
      typed.add(words.map((w) => w.slice(0, 3)).join(' '));
      typed.add(`${words.at(-1)} ${words[0]}`);
    }
  }
  return [...typed];
}

async function expectSameAsLike() {
  let found = 0;
  for (const text of await queries()) {
    const words = placeWords(text);
    const { addresses, names } = await selectTogether(database.db, {
      addresses: addressMatches(database.db, scope, words, 10),
      names: nameMatches(database.db, scope, words, 5),
    });
    expect(addresses, text).toEqual(await likeMatches(words, 10, 'address'));
    expect(names, text).toEqual(await likeMatches(words, 5, 'name'));
    found += addresses.length + names.length;
  }
  expect(found).toBeGreaterThan(100);
}

describe('the place lookup through the word index', () => {
  it("finds the same addresses and names, in the same order, as each word's like '% word%' on the normalised text", async () => {
    await expectSameAsLike();
  });

  it('stays right when facilities are imported again with other addresses and names, and when they are deleted', async () => {
    await importTestRecords(
      database.db,
      IDS.filter((id) => id % 2 === 0).map((id) => record(id, 1)),
    );
    await expectSameAsLike();
    await database.db
      .deleteFrom('facility')
      .where(
        'id',
        'in',
        IDS.filter((id) => id % 3 === 0),
      )
      .execute();
    await expectSameAsLike();
    // An address gone with its facility, or changed, is no longer found.
    const gone = placeWords('Ås allé 1, 5363 Ågotnes');
    const { addresses } = await selectTogether(database.db, { addresses: addressMatches(database.db, scope, gone, 10) });
    expect(addresses.map((r) => r.id)).toEqual((await likeMatches(gone, 10, 'address')).map((r) => r.id));
  });
});

describe('fast_place_words', () => {
  it('answers for every address, name and edge text what its first, set-based definition did (migration 2026_11_29_1410)', async () => {
    const edges = [null, '', ' ', '  ', ' a', 'a  b', 'kai kai kaia', ' æøå 12b', `${'x'.repeat(300)} y`, ' 1e5b  5003 bergen '];
    const words = (db: Kysely<Database>) =>
      sql<{ words: string }>`
        with texts as (
          select address_search as text from facility
          union all select name_search from facility
          union all select unnest(${edges}::text[])
        )
        select fast_place_words(text)::text as words from texts`
        .execute(db)
        .then((result) => result.rows.map((row) => row.words));
    const language = (db: Kysely<Database>) =>
      sql<{ lanname: string }>`
        select l.lanname from pg_proc p join pg_language l on l.oid = p.prolang where p.proname = 'fast_place_words'`
        .execute(db)
        .then((result) => result.rows.map((row) => row.lanname));
    expect(await language(database.db)).toEqual(['plpgsql']);
    const now = await words(database.db);
    expect(now.length).toBeGreaterThan(edges.length + 100);
    // The first definition, put back by the migration's down inside a transaction that is rolled back.
    const first = await database.db
      .transaction()
      .execute(async (trx) => {
        await placeWordsProcedural.down(trx);
        expect(await language(trx)).toEqual(['sql']);
        throw new Answer(await words(trx));
      })
      .catch((error: unknown) => {
        if (error instanceof Answer) return error.words;
        throw error;
      });
    expect(now).toEqual(first);
  });
});

/** What a rolled-back transaction found, thrown to roll it back. */
class Answer {
  readonly words: string[];
  constructor(words: string[]) {
    this.words = words;
  }
}
