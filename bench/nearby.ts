/**
 * `npm run bench:nearby`: the incident lookup at register scale (issue 15), on PGlite and PostgreSQL.
 *
 * Data: the search benchmark's database (112 500 generated facilities imported through the real
 * import path, kept between runs; see search-setup.ts), the caller's organisation seeing every
 * municipality: the widest scope, so the heaviest answers.
 *
 * 1. POST /api/v1/facilities/nearby for radii of 500 m, 5 km and 50 km around 50 points (the
 *    positions of 50 facilities spread over the register): the API through Fastify (token,
 *    organisation and terms checks, validation, geodesic test, presenter, serialisation) next to
 *    the raw SQL of the same statements, run as the service runs them (the circle query: the
 *    scope's facilities in the box as bands of a B-tree, haversine in the database, only the candidates
 *    the geodesic test needs returned, the rest counted and summed per substance group from the
 *    index; the listed facilities' details and substances in one statement; the hazard cards are
 *    reference data, read once), interleaved. Targets: SQL p95 ≤ 10 ms at 5 km; API ≤ 1.3 × SQL.
 * 2. GET /api/v1/places for 50 addresses of the register, 50 postal codes and 50 coordinates
 *    (decimal degrees, UTM and MGRS in turn). Target: p95 ≤ 20 ms each.
 *
 * Environment: BENCH_ENGINES=pglite,postgres  BENCH_FACILITIES=112500  BENCH_ROUNDS=3 (times each point)
 * BENCH_DATABASE_URL (else TEST_DATABASE_URL, else postgres://fast:fast@localhost:5432/postgres)  BENCH_DIR.
 */
import { NEARBY_MAX_FACILITIES, type NearbyRequest, type NearbyResponse } from '@fast/contracts';
import { sql } from 'kysely';
import mgrs from 'mgrs';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import type { Db } from '../apps/server/src/db/database.ts';
import { findCircleCandidates } from '../apps/server/src/modules/facility/facilities-in-circle.repository.ts';
import { circleQuery } from '../apps/server/src/modules/facility/facilities-in-circle.ts';
import { findNearbyListing } from '../apps/server/src/modules/nearby/nearby.repository.ts';
import { byHaversine, facilitiesWithin, listingCandidates } from '../apps/server/src/modules/nearby/nearby.service.ts';
import { toUtm } from '../apps/server/src/modules/position/utm.ts';
import { loadPostalCodeRecords } from '../apps/server/src/modules/reference/postal-codes.ts';
import { timedInject } from './inject.ts';
import { BENCH_SERVER_ENV, interleaved, medianAndTail, ms, pad, quantile, timed } from './measure.ts';
import { BENCH_USER, benchHeaders, type Engine, openBenchDatabase } from './search-setup.ts';

const FACILITIES = Number(process.env.BENCH_FACILITIES ?? 112_500);
const ENGINES = (process.env.BENCH_ENGINES ?? 'pglite,postgres').split(',') as Engine[];
const POINTS = 50;
// Each point this many times: a p95 over one run of 50 is the third-slowest single sample.
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const WARMUP = 5;
const RADII = [500, 5_000, 50_000];
const SQL_TARGET_MS = 10;
const RATIO_TARGET = 1.3;
const PLACES_TARGET_MS = 20;

const log = (line: string) => console.log(line);

interface Sample {
  latitude: number;
  longitude: number;
  address: string;
}

/** 50 facilities spread evenly over the register by id: their positions are the points, their addresses the address queries. */
async function samples(db: Db): Promise<Sample[]> {
  const rows = await db
    .selectFrom('facility')
    .select(['latitude', 'longitude', 'street_address', 'postal_place'])
    .where('latitude', 'is not', null)
    .where('street_address', 'is not', null)
    .orderBy('id')
    .execute();
  const step = Math.floor(rows.length / POINTS);
  return Array.from({ length: POINTS }, (_, i) => rows[i * step]).flatMap((r) =>
    r?.latitude == null || r.longitude == null
      ? []
      : [{ latitude: r.latitude, longitude: r.longitude, address: `${r.street_address}, ${r.postal_place}` }],
  );
}

async function run(engine: Engine, db: Db) {
  const config = loadConfig(BENCH_SERVER_ENV);
  const app = await buildApp(config, { db });
  await app.ready();
  const headers = await benchHeaders(db, config);
  const user = await db.selectFrom('app_user').select('id').where('username', '=', BENCH_USER).executeTakeFirstOrThrow();
  const scope = { userId: user.id, organisationNumber: headers['fast-org-number'] ?? '' };
  const points = await samples(db);

  log(
    `\n${engine}: POST /api/v1/facilities/nearby around ${points.length} points, ${ROUNDS} times each (API through Fastify vs the raw SQL of its statements)`,
  );
  log(
    "(the nearby query: the scope's facilities in the circle's box through the latitude-band B-tree, sorted out by haversine and summed per group in the database; SQL: it, and the list's details and substances)",
  );
  log(
    `${pad('radius', 10)}${pad('inside p50', 12)}${pad('inside max', 12)}${pad('query p50', 11)}${pad('query p95', 11)}${pad('SQL p50', 11)}${pad('API p50', 11)}${pad('ratio', 8)}${pad('SQL p95', 11)}${pad('API p95', 11)}ratio`,
  );
  for (const radiusMeters of RADII) {
    const sqlTimes: number[] = [];
    const apiTimes: number[] = [];
    const indexTimes: number[] = [];
    const counts: number[] = [];
    const rounds = Array.from({ length: ROUNDS }, () => points).flat();
    for (const [index, point] of [...points.slice(0, WARMUP), ...rounds].entries()) {
      const request: NearbyRequest = { latitude: point.latitude, longitude: point.longitude, radiusMeters };
      // What the service finds, found outside the timing: the SQL below is what it runs, the
      // details read for the same superset of the nearest.
      const { count } = await facilitiesWithin(db, scope, request, NEARBY_MAX_FACILITIES);
      const circle = circleQuery(request, NEARBY_MAX_FACILITIES);
      const { measured } = await findCircleCandidates(db, scope, circle);
      const listed = listingCandidates(byHaversine(measured, request), request, NEARBY_MAX_FACILITIES);
      let indexTime = 0;
      const raw = () =>
        timed(async () => {
          indexTime = await timed(async () => findCircleCandidates(db, scope, circle));
          await findNearbyListing(db, scope, listed);
        });
      // The server's answer, received whole; the client's parse of it (1–2 ms at 500 facilities)
      // is checked after the timing.
      const api = async () => {
        const response = await timedInject(app, { method: 'POST', url: '/api/v1/facilities/nearby', headers, payload: request });
        if (response.statusCode !== 200) throw new Error(`nearby answered ${response.statusCode} ${response.body}`);
        const body = JSON.parse(response.body) as NearbyResponse;
        if (body.totalCount !== count) throw new Error(`nearby counted ${body.totalCount}, the SQL ${count}`);
        return response.ms;
      };
      const { sqlTime, apiTime } = await interleaved(index, raw, api);
      if (index >= WARMUP) {
        sqlTimes.push(sqlTime);
        apiTimes.push(apiTime);
        indexTimes.push(indexTime);
        counts.push(count);
      }
    }
    const [s50, a50, s95, a95] = medianAndTail(sqlTimes, apiTimes);
    const [q50, q95] = [quantile(indexTimes, 0.5), quantile(indexTimes, 0.95)];
    log(
      `${pad(`${radiusMeters / 1000} km`, 10)}${pad(String(quantile(counts, 0.5)), 12)}${pad(String(Math.max(...counts)), 12)}${pad(ms(q50), 11)}${pad(ms(q95), 11)}${pad(ms(s50), 11)}${pad(ms(a50), 11)}${pad(`${(a50 / s50).toFixed(2)}×`, 8)}${pad(ms(s95), 11)}${pad(ms(a95), 11)}${(a95 / s95).toFixed(2)}×`,
    );
    if (radiusMeters === 5_000) {
      log(
        `  5 km: nearby query p95 ${ms(q95)}, all its SQL p95 ${ms(s95)} (target ≤ ${SQL_TARGET_MS} ms) ${q95 <= SQL_TARGET_MS ? 'met' : 'MISSED'}; API/SQL p50 ${(a50 / s50).toFixed(2)}×, p95 ${(a95 / s95).toFixed(2)}× (target ≤ ${RATIO_TARGET}×)`,
      );
    }
  }

  const postcodes = (await loadPostalCodeRecords())
    .filter((_, i, all) => i % Math.floor(all.length / POINTS) === 0)
    .slice(0, POINTS);
  const coordinates = points.map((p, i) => {
    if (i % 3 === 0) return `${p.latitude.toFixed(5)}, ${p.longitude.toFixed(5)}`;
    if (i % 3 === 1) {
      const utm = toUtm(p.longitude, p.latitude, 33);
      return `33 ${Math.round(utm.east)} ${Math.round(utm.north)}`;
    }
    return mgrs.forward([p.longitude, p.latitude], 5);
  });
  const kinds: [string, string[]][] = [
    ['addresses', points.map((p) => p.address)],
    ['postal codes', postcodes.map((p) => p.postcode)],
    ['coordinates', coordinates],
  ];
  log(`\n${engine}: GET /api/v1/places, ${POINTS} queries of each kind (target p95 ≤ ${PLACES_TARGET_MS} ms)`);
  log(`${pad('kind', 16)}${pad('p50', 11)}${pad('p95', 11)}found`);
  for (const [kind, queries] of kinds) {
    const times: number[] = [];
    let found = 0;
    for (const [index, q] of [...queries.slice(0, WARMUP), ...queries].entries()) {
      let candidates = 0;
      const elapsed = await timed(async () => {
        const response = await app.inject({ method: 'GET', url: '/api/v1/places', query: { q }, headers });
        if (response.statusCode !== 200) throw new Error(`places answered ${response.statusCode} ${response.body}`);
        candidates = (response.json() as unknown[]).length;
      });
      if (index >= WARMUP) {
        times.push(elapsed);
        if (candidates > 0) found++;
      }
    }
    const p95 = quantile(times, 0.95);
    log(
      `${pad(kind, 16)}${pad(ms(quantile(times, 0.5)), 11)}${pad(ms(p95), 11)}${found}/${queries.length}${p95 <= PLACES_TARGET_MS ? '' : '  MISSED'}`,
    );
  }
  await app.close();
}

log(`Incident lookup at ${FACILITIES} facilities, widest scope. The machine may be shared: compare ratios from one run.`);
for (const engine of ENGINES) {
  const db = await openBenchDatabase(engine, FACILITIES, log);
  // As autovacuum keeps it on a running PostgreSQL (PGlite has none): the visibility map lets the
  // nearby query read its covering index only.
  await sql`vacuum (analyze) facility`.execute(db);
  try {
    await run(engine, db);
  } finally {
    await db.destroy();
  }
}
