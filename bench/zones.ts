/**
 * `npm run bench:zones`: the ERG's protective zones at register scale (issue 36), on PGlite and PostgreSQL.
 *
 * Data: the search benchmark's database (112 500 generated facilities imported through the real
 * import path, kept between runs; see search-setup.ts), the caller's organisation seeing every
 * municipality: the widest scope, so the heaviest answers.
 *
 * POST /api/v1/protective-zones around 50 points (the positions of 50 facilities spread over the
 * register), for three cases: chlorine in multiple ton cylinders at night in moderate wind (a
 * 2.4 km downwind square, Table 3), ammonia from a tank truck at night in low wind (2 km), and
 * propane in fire with a 22 000 litre tank (1.85 km BLEVE circle, 800 m downwind square). The API
 * through Fastify (token, organisation and terms checks, validation, the card and figures, the
 * geometry, the point-in-polygon tests, presenter, serialisation) next to the raw SQL of the same
 * statements (the scope's facilities within reach of the spill through the nearby
 * query's band index, with what each stores; the listed facilities' details), interleaved. Targets: API p95 ≤ 50 ms; API ≤ 1.3 × SQL.
 *
 * Environment: BENCH_ENGINES=pglite,postgres  BENCH_FACILITIES=112500  BENCH_ROUNDS=3 (times each point)
 * BENCH_DATABASE_URL (else TEST_DATABASE_URL, else postgres://fast:fast@localhost:5432/postgres)  BENCH_DIR.
 */
import type { ProtectiveZonesRequest, ProtectiveZonesResponse, ZoneGeometry } from '@fast/contracts';
import { sql } from 'kysely';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import type { Db } from '../apps/server/src/db/database.ts';
import { findCircleCandidates } from '../apps/server/src/modules/facility/facilities-in-circle.repository.ts';
import { findZoneListing } from '../apps/server/src/modules/protective-zones/zone-contents.repository.ts';
import { zoneReachQuery } from '../apps/server/src/modules/protective-zones/zone-contents.ts';
import { timedInject } from './inject.ts';
import { BENCH_SERVER_ENV, interleaved, medianAndTail, ms, pad, quantile, timed } from './measure.ts';
import { BENCH_USER, benchHeaders, type Engine, openBenchDatabase } from './search-setup.ts';

const FACILITIES = Number(process.env.BENCH_FACILITIES ?? 112_500);
const ENGINES = (process.env.BENCH_ENGINES ?? 'pglite,postgres').split(',') as Engine[];
const POINTS = 50;
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const WARMUP = 5;
const API_TARGET_MS = 50;
const RATIO_TARGET = 1.3;

type Case = Omit<ProtectiveZonesRequest, 'latitude' | 'longitude'>;
const CASES: [string, Case][] = [
  [
    'chlorine, ton cylinders',
    {
      unNumber: '1017',
      spill: 'large',
      fire: false,
      container: 'multiple-ton-cylinders',
      windFromDegrees: 225,
      windSpeed: 'moderate',
      daylight: 'night',
    },
  ],
  [
    'ammonia, tank truck',
    {
      unNumber: '1005',
      spill: 'large',
      fire: false,
      container: 'highway-tank-truck',
      windFromDegrees: 200,
      windSpeed: 'low',
      daylight: 'night',
    },
  ],
  ['propane, fire, 22 000 l', { unNumber: '1978', spill: 'large', fire: true, tankLitres: 22_000, windFromDegrees: 270 }],
];

const log = (line: string) => console.log(line);

async function run(engine: Engine, db: Db) {
  const config = loadConfig(BENCH_SERVER_ENV);
  const app = await buildApp(config, { db });
  await app.ready();
  const headers = await benchHeaders(db, config);
  const user = await db.selectFrom('app_user').select('id').where('username', '=', BENCH_USER).executeTakeFirstOrThrow();
  const scope = { userId: user.id, organisationNumber: headers['fast-org-number'] ?? '' };
  const rows = await db
    .selectFrom('facility')
    .select(['latitude', 'longitude'])
    .where('latitude', 'is not', null)
    .orderBy('id')
    .execute();
  const step = Math.floor(rows.length / POINTS);
  const points = Array.from({ length: POINTS }, (_, i) => rows[i * step]).flatMap((r) =>
    r?.latitude == null || r.longitude == null ? [] : [{ latitude: r.latitude, longitude: r.longitude }],
  );

  log(`\n${engine}: POST /api/v1/protective-zones around ${points.length} points, ${ROUNDS} times each`);
  log(
    `${pad('case', 26)}${pad('inside p50', 12)}${pad('inside max', 12)}${pad('SQL p50', 11)}${pad('API p50', 11)}${pad('ratio', 8)}${pad('SQL p95', 11)}${pad('API p95', 11)}ratio`,
  );
  for (const [name, base] of CASES) {
    const sqlTimes: number[] = [];
    const apiTimes: number[] = [];
    const counts: number[] = [];
    const rounds = Array.from({ length: ROUNDS }, () => points).flat();
    for (const [index, point] of [...points.slice(0, WARMUP), ...rounds].entries()) {
      const payload: ProtectiveZonesRequest = { ...base, ...point };
      let answer: ProtectiveZonesResponse | undefined;
      const api = async () => {
        const response = await timedInject(app, { method: 'POST', url: '/api/v1/protective-zones', headers, payload });
        if (response.statusCode !== 200) throw new Error(`zones answered ${response.statusCode} ${response.body}`);
        answer = JSON.parse(response.body) as ProtectiveZonesResponse;
        return response.ms;
      };
      // The statements the service runs, for the zones it drew (taken from an answer outside the
      // timing): the facilities within reach with what they store, the listed ones' details (the card
      // and figures are the process's cached lookup).
      if (!answer) await api();
      const zones: (ZoneGeometry | null)[] = [answer?.isolation ?? null, answer?.protectiveAction ?? null, answer?.fire ?? null];
      const query = zoneReachQuery(point, zones);
      const listed = [
        ...new Set(
          [answer?.facilitiesInside.isolation, answer?.facilitiesInside.protectiveAction, answer?.facilitiesInside.fire].flatMap(
            (zone) => zone?.facilities.map((f) => f.id) ?? [],
          ),
        ),
      ];
      const raw = () =>
        timed(async () => {
          if (query) await findCircleCandidates(db, scope, query);
          await findZoneListing(db, scope, listed);
        });
      const { sqlTime, apiTime } = await interleaved(index, raw, api);
      if (index >= WARMUP) {
        sqlTimes.push(sqlTime);
        apiTimes.push(apiTime);
        counts.push(
          (answer?.facilitiesInside.protectiveAction?.totalCount ?? 0) + (answer?.facilitiesInside.fire?.totalCount ?? 0),
        );
      }
    }
    const [s50, a50, s95, a95] = medianAndTail(sqlTimes, apiTimes);
    log(
      `${pad(name, 26)}${pad(String(quantile(counts, 0.5)), 12)}${pad(String(Math.max(...counts)), 12)}${pad(ms(s50), 11)}${pad(ms(a50), 11)}${pad(`${(a50 / s50).toFixed(2)}×`, 8)}${pad(ms(s95), 11)}${pad(ms(a95), 11)}${(a95 / s95).toFixed(2)}×${a95 <= API_TARGET_MS ? '' : `  API p95 over ${API_TARGET_MS} ms`}${a95 / s95 <= RATIO_TARGET ? '' : `  ratio over ${RATIO_TARGET}×`}`,
    );
  }
  await app.close();
}

log(`Protective zones at ${FACILITIES} facilities, widest scope. The machine may be shared: compare ratios from one run.`);
for (const engine of ENGINES) {
  const db = await openBenchDatabase(engine, FACILITIES, log);
  await sql`vacuum (analyze) facility`.execute(db);
  try {
    await run(engine, db);
  } finally {
    await db.destroy();
  }
}
