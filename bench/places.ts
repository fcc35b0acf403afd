/**
 * `npm run bench:places`: a street address among 2.6 million (issue 37, DESIGN.md section 8:
 * ≤ 20 ms p95), on PGlite and PostgreSQL.
 *
 * Data: the demo register at the real register's size (18 000 facilities, imported through the
 * real import path; the place lookup searches their addresses and names too) and a national
 * address layer of 2.6 million generated addresses (address-generator.ts), loaded the way the
 * demo layer is loaded (batches of `insertAddresses` with the house index dropped, then built once,
 * and the streets built from them), and the same rows again as a second version: the active version and the previous one, which a
 * rollback would bring back, both in the table and its index, as after any second load. Kept between runs in a
 * database of its own (`BENCH_DIR`/pglite-data-N-places, `fast_bench_search_N_places`); generated
 * again when the generator, its size or seed changes, or with `--reload`.
 *
 * For six kinds of query, each a fixed one ("Storgata 12") and 50 built from addresses spread
 * over the layer: the repository's statements as the place lookup runs them (`findAddresses` of
 * the readings of the text) and GET /api/v1/places through Fastify (token, organisation, terms,
 * the register's addresses and names, the reference data, presenter), interleaved. Target: p95
 * ≤ 20 ms for both.
 *
 * Usage: npm run bench:places -- [--database-url postgres://…] [--reload]
 * Environment: BENCH_ENGINES=pglite,postgres  BENCH_ADDRESSES=2600000  BENCH_FACILITIES=18000
 * BENCH_ROUNDS=2 (times each query)  BENCH_DATABASE_URL (else TEST_DATABASE_URL)  BENCH_DIR.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { PLACES_MAX_CANDIDATES, type PlaceCandidate } from '@fast/contracts';
import { sql } from 'kysely';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import type { Db } from '../apps/server/src/db/database.ts';
import { placeReadings } from '../apps/server/src/modules/reference/place-text.ts';
import { addressQueries } from '../apps/server/src/modules/reference-layers/address-query.ts';
import {
  findAddresses,
  insertAddresses,
  insertStreets,
} from '../apps/server/src/modules/reference-layers/addresses.repository.ts';
import {
  activateVersion,
  activeVersion,
  discardPrevious,
  startVersion,
} from '../apps/server/src/modules/reference-layers/layer-versions.repository.ts';
import { buildDeferredIndexes, deferIndexes } from '../apps/server/src/modules/register/deferred-indexes.repository.ts';
import { generateAddresses } from './address-generator.ts';
import { timedInject } from './inject.ts';
import { BENCH_SERVER_ENV, interleaved, ms, pad, quantile, timed } from './measure.ts';
import { BENCH_ORGANISATION, BENCH_USER, benchHeaders, type Engine, openBenchDatabase } from './search-setup.ts';

const { values: flags } = parseArgs({
  options: { 'database-url': { type: 'string' }, reload: { type: 'boolean', default: false } },
});
const ADDRESSES = Number(process.env.BENCH_ADDRESSES ?? 2_600_000);
const FACILITIES = Number(process.env.BENCH_FACILITIES ?? 18_000);
const ENGINES = (process.env.BENCH_ENGINES ?? 'pglite,postgres').split(',') as Engine[];
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 2);
const POSTGRES_URL = flags['database-url'] ?? process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
const SAMPLES = 50;
const WARMUP = 5;
const TARGET_MS = 20;
const SEED = 'bench-places';
const BATCH = 10_000;
const SOURCE = 'FAST benchmark: generated addresses';
// The layer in the kept database is this generator's output at this size, or it is loaded again.
const FINGERPRINT = createHash('sha256')
  .update(readFileSync(new URL('./address-generator.ts', import.meta.url)))
  .update(`${SEED}:${ADDRESSES}`)
  .digest('hex');

const log = (line: string) => console.log(line);
const seconds = (msValue: number) => `${(msValue / 1000).toFixed(1)} s`;
const megabytes = (bytes: number) => `${Math.round(bytes / 1024 / 1024)} MB`;

/** A new `loading` version of the generated layer. */
const newVersion = (db: Db) =>
  startVersion(db, {
    layer: 'addresses',
    source: SOURCE,
    fileName: null,
    sha256: FINGERPRINT,
    sizeBytes: 0,
    loadedBy: 'bench:places',
  });

/**
 * The first load, as the demo layer is loaded: the generator's batches through `insertAddresses`
 * with the house index dropped, then built once; then its streets. Answers the rows and how long rows and index took.
 */
async function firstLoad(db: Db): Promise<{ rows: number; insertMs: number; indexMs: number }> {
  const version = await newVersion(db);
  let rows = 0;
  const insertMs = await timed(async () => {
    await deferIndexes(db, ['address']);
    for await (const batch of generateAddresses({ total: ADDRESSES, seed: SEED, batchSize: BATCH })) {
      await insertAddresses(db, version.id, batch);
      rows += batch.length;
    }
    await insertStreets(db, version.id);
    await activateVersion(db, version.id, rows);
  });
  // The house index, then vacuum and analyze (deferred-indexes.repository.ts).
  const indexMs = await timed(() => buildDeferredIndexes(db));
  return { rows, insertMs, indexMs };
}

/**
 * The second: next month's file is nearly this one, so the same rows under a new version, copied in
 * SQL (the generated columns computed again, the foreign keys checked; half the time of the
 * batches), then made active. The index is dropped and built over both versions.
 */
async function secondLoad(db: Db, rows: number): Promise<{ insertMs: number; indexMs: number }> {
  const version = await newVersion(db);
  const insertMs = await timed(async () => {
    await deferIndexes(db, ['address']);
    await sql`
      insert into address (version_id, id, municipality_id, street, number, letter, postal_code, postal_place, latitude, longitude)
      select ${version.id}, id, municipality_id, street, number, letter, postal_code, postal_place, latitude, longitude
      from address where version_id = (select id from reference_layer_version where layer = 'addresses' and state = 'active')`.execute(
      db,
    );
    await insertStreets(db, version.id);
    await discardPrevious(db, 'addresses');
    await activateVersion(db, version.id, rows);
  });
  const indexMs = await timed(() => buildDeferredIndexes(db));
  return { insertMs, indexMs };
}

/** The active and the previous version of the generated layer, loaded unless the kept ones are this generator's. */
async function ensureLayer(engine: Engine, db: Db): Promise<void> {
  const versions = await db
    .selectFrom('reference_layer_version')
    .select(['state', 'sha256'])
    .where('layer', '=', 'addresses')
    .execute();
  const kept =
    !flags.reload &&
    versions.length === 2 &&
    versions.every((v) => v.sha256 === FINGERPRINT && (v.state === 'active' || v.state === 'previous'));
  if (kept) return;
  log(`${engine}: loading ${ADDRESSES} generated addresses twice (the active and the previous version; kept afterwards)`);
  await sql`truncate address`.execute(db);
  await db.deleteFrom('reference_layer_version').where('layer', '=', 'addresses').execute();
  const first = await firstLoad(db);
  log(
    `${engine}: first load: ${first.rows} rows in ${seconds(first.insertMs)} (${Math.round(first.rows / (first.insertMs / 1000))} rows/s), house index built and analyzed in ${seconds(first.indexMs)}`,
  );
  const second = await secondLoad(db, first.rows);
  log(
    `${engine}: second version: copied in ${seconds(second.insertMs)}, house index over both versions built and analyzed in ${seconds(second.indexMs)}`,
  );
}

async function sizes(engine: Engine, db: Db): Promise<void> {
  const { rows } = await sql<{
    database: number;
    table: number;
    heap: number;
    houses: number;
    rows: number;
    streets: number;
    streetTable: number;
  }>`
    select pg_database_size(current_database()) as database, pg_total_relation_size('address') as table,
      pg_relation_size('address') as heap, pg_relation_size('address_house_idx') as houses,
      (select count(*) from address) as rows, (select count(*) from address_street) as streets,
      pg_total_relation_size('address_street') as "streetTable"`.execute(db);
  const size = rows[0];
  if (!size) return;
  log(
    `${engine}: ${size.rows} address rows and ${size.streets} streets (two versions); database ${megabytes(size.database)}, address table with indexes ${megabytes(size.table)} (rows ${megabytes(size.heap)}, house index ${megabytes(size.houses)}), streets with their indexes ${megabytes(size.streetTable)}`,
  );
}

interface Sample {
  street: string;
  number: number | null;
  letter: string | null;
  postal_code: string | null;
  postal_place: string | null;
}

/** SAMPLES addresses of the active version spread evenly over it (by id: the generator's order is by municipality). */
async function samples(db: Db, versionId: number, lettered: boolean): Promise<Sample[]> {
  const step = Math.floor(ADDRESSES / SAMPLES);
  const found: Sample[] = [];
  for (let k = 0; k < SAMPLES; k++) {
    let query = db
      .selectFrom('address')
      .select(['street', 'number', 'letter', 'postal_code', 'postal_place'])
      .where('version_id', '=', versionId)
      .where('id', '>=', k * step)
      .orderBy('id')
      .limit(1);
    if (lettered) query = query.where('letter', 'is not', null);
    const row = await query.executeTakeFirst();
    if (row) found.push(row);
  }
  return found;
}

/** "Storgata" → "Storgaat": the first word's last two letters swapped, as a hurried hand types. */
function typo(street: string): string {
  const [first = '', ...rest] = street.split(' ');
  if (first.length < 4) return street;
  const swapped = `${first.slice(0, -2)}${first.at(-1)}${first.at(-2)}`;
  return [swapped, ...rest].join(' ');
}

interface QueryKind {
  kind: string;
  queries: string[];
  /** The address each query means ("Storgata 12"), which a hit's label starts with; null: any of the street. */
  wanted: (string | null)[];
}

function queryKinds(plain: Sample[], lettered: Sample[]): QueryKind[] {
  const house = (s: Sample) => `${s.street} ${s.number ?? ''}${s.letter ?? ''}`;
  const kind = (
    name: string,
    fixed: [string, string | null],
    from: Sample[],
    query: (s: Sample) => string,
    wanted: (s: Sample) => string | null,
  ): QueryKind => ({
    kind: name,
    queries: [fixed[0], ...from.map(query)],
    wanted: [fixed[1], ...from.map(wanted)],
  });
  return [
    kind('street number', ['Storgata 12', 'Storgata 12'], plain, (s) => `${s.street} ${s.number}`, house),
    kind(
      'street number place',
      ['storgata 12 oslo', 'Storgata 12'],
      plain,
      (s) => `${s.street} ${s.number} ${s.postal_place}`.toLowerCase(),
      house,
    ),
    kind(
      'street number, code',
      ['Havneveien 12, 5003', 'Havneveien 12'],
      plain,
      (s) => `${s.street} ${s.number}, ${s.postal_code}`,
      house,
    ),
    kind('typo', ['Storgaat 12', 'Storgata 12'], plain, (s) => `${typo(s.street)} ${s.number}`, house),
    kind(
      'street only',
      ['Storgata', null],
      plain,
      (s) => s.street,
      () => null,
    ),
    kind(
      'street number letter',
      ['Vardasveien 110 b', 'Vardåsveien 110B'],
      lettered,
      (s) => `${s.street} ${s.number} ${s.letter?.toLowerCase()}`,
      house,
    ),
  ];
}

/** Whether the labels hold the address meant (or, for a street alone, any address). */
const holds = (labels: readonly string[], wanted: string | null) =>
  wanted === null ? labels.length > 0 : labels.some((label) => label.startsWith(`${wanted},`));

async function run(engine: Engine, db: Db): Promise<boolean> {
  const config = loadConfig(BENCH_SERVER_ENV);
  const app = await buildApp(config, { db });
  await app.ready();
  const headers = await benchHeaders(db, config);
  const user = await db.selectFrom('app_user').select('id').where('username', '=', BENCH_USER).executeTakeFirstOrThrow();
  const scope = { userId: user.id, organisationNumber: BENCH_ORGANISATION };
  const versionId = (await activeVersion(db, 'addresses'))?.id;
  if (versionId === undefined) throw new Error('no active address layer');
  const kinds = queryKinds(await samples(db, versionId, false), await samples(db, versionId, true));

  log(
    `\n${engine}: the address lookup, ${SAMPLES + 1} queries of each kind × ${ROUNDS} (SQL: findAddresses of the readings, as the lookup runs it; API: GET /api/v1/places)`,
  );
  log(
    `${pad('kind', 22)}${pad('example', 26)}${pad('SQL p50', 10)}${pad('SQL p95', 10)}${pad('API p50', 10)}${pad('API p95', 10)}found`,
  );
  let met = true;
  for (const { kind, queries, wanted } of kinds) {
    const sqlTimes: number[] = [];
    const apiTimes: number[] = [];
    let sqlFound = 0;
    let apiFound = 0;
    const rounds = Array.from({ length: ROUNDS }, () => queries.map((q, i) => [q, wanted[i] ?? null] as const)).flat();
    const warmup = rounds.slice(0, WARMUP);
    for (const [index, [q, meant]] of [...warmup, ...rounds].entries()) {
      let sqlLabels: string[] = [];
      let apiLabels: string[] = [];
      const repository = () =>
        timed(async () => {
          const found = await findAddresses(db, scope, placeReadings(q).flatMap(addressQueries), PLACES_MAX_CANDIDATES);
          sqlLabels = found.map((row) => row.label);
        });
      const api = async () => {
        const response = await timedInject(app, {
          method: 'GET',
          url: `/api/v1/places?q=${encodeURIComponent(q)}`,
          headers,
        });
        if (response.statusCode !== 200) throw new Error(`places answered ${response.statusCode} ${response.body}`);
        apiLabels = (JSON.parse(response.body) as PlaceCandidate[]).filter((c) => c.kind === 'address').map((c) => c.label);
        return response.ms;
      };
      const { sqlTime, apiTime } = await interleaved(index, repository, api);
      // The first round's hits: every round asks the same.
      if (index >= WARMUP) {
        sqlTimes.push(sqlTime);
        apiTimes.push(apiTime);
        if (index < WARMUP + queries.length) {
          if (holds(sqlLabels, meant)) sqlFound++;
          if (holds(apiLabels, meant)) apiFound++;
        }
      }
    }
    const [s50, s95, a50, a95] = [
      quantile(sqlTimes, 0.5),
      quantile(sqlTimes, 0.95),
      quantile(apiTimes, 0.5),
      quantile(apiTimes, 0.95),
    ];
    const ok = s95 <= TARGET_MS && a95 <= TARGET_MS;
    met &&= ok;
    log(
      `${pad(kind, 22)}${pad(`"${queries[0]}"`, 26)}${pad(ms(s50), 10)}${pad(ms(s95), 10)}${pad(ms(a50), 10)}${pad(ms(a95), 10)}SQL ${sqlFound}/${queries.length}, API ${apiFound}/${queries.length}${ok ? '' : '  MISSED'}`,
    );
  }
  await app.close();
  return met;
}

log(
  `A street address among ${ADDRESSES} (two versions: ${2 * ADDRESSES} rows), ${FACILITIES} facilities. Target p95 ≤ ${TARGET_MS} ms. The machine may be shared.`,
);
let allMet = true;
for (const engine of ENGINES) {
  const db = await openBenchDatabase(engine, FACILITIES, log, {
    variant: 'places',
    ...(POSTGRES_URL ? { postgresUrl: POSTGRES_URL } : {}),
  });
  try {
    await ensureLayer(engine, db);
    await sizes(engine, db);
    allMet = (await run(engine, db)) && allMet;
  } finally {
    await db.destroy();
  }
}
process.exitCode = allMet ? 0 : 1;
