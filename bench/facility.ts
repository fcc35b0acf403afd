/**
 * `npm run bench:facility`: GET /api/v1/facilities/{id} for a facility with 50 substance rows and
 * 20 inspections, against the bare SQL of the same record (the repository's one statement,
 * compiled once and executed straight on the driver). Target: API median ≤ 1.2 × SQL median.
 *
 * The API figure is the whole request through Fastify (light-my-request, no socket): token
 * check, organisation and terms, the scoped query, the presenter with proj4, and JSON
 * serialisation against the response schema, and the access-log entry, written before the answer
 * leaves. Runs on PGlite; also on PostgreSQL
 * when BENCH_DATABASE_URL (or TEST_DATABASE_URL) names a server.
 */
import type { ImportFacilityRecord, ImportInspection } from '@fast/contracts';
import { facilityRecordQuery } from '../apps/server/src/modules/facility/facility.repository.ts';
import { facilityRecord, importTestRecords } from '../apps/server/test/facility-factory.ts';
import { createTestApp, DEMO_ORGANISATIONS } from '../apps/server/test/test-app.ts';

const ID = 4_200_001;
const WARMUP = 100;
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 400);
const TARGET = 1.2;

const SUBSTANCES = ['PROPAN', 'BUTAN', 'LPG', 'BENSIN', 'DIESEL', 'ETANOL', 'AMMONIAKK', 'AN_GJODSEL', 'OKSYGEN', 'NITROGEN'];
const UNIT_TYPES = ['TANK', 'LAGER', 'FORBRUK', 'PROSESS', 'KULDE'];

function benchRecord(): ImportFacilityRecord {
  const units = UNIT_TYPES.map((type, u) => ({
    type,
    name: `Enhet ${u + 1}`,
    substances: SUBSTANCES.map((substance, s) => ({
      substance,
      quantity: 1 + u * 10 + s,
      unit: s % 2 ? ('tonn' as const) : ('m3' as const),
    })),
  }));
  const inspections: ImportInspection[] = Array.from({ length: 20 }, (_, i) => ({
    year: 2004 + i,
    type: 'ON_SITE',
    authority: 'FIRE_SERVICE',
    status: 'DONE',
    contactPerson: `Inspektør ${i + 1}`,
    caseNumber: `${2004 + i}/${1000 + i}`,
    inspectedOn: `${2004 + i}-06-01`,
    deviations: i % 3,
    remarks: i % 2,
    reaction: 'NONE',
    report: null,
  }));
  return facilityRecord(ID, { name: 'Benkemerket Tankanlegg', majorAccident: 'PARAGRAPH_SIX', units, inspections });
}

const median = (xs: number[]) => quantile(xs, 0.5);
function quantile(xs: number[], q: number): number {
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? Number.NaN;
}

async function run(engine: string) {
  // Thousands of requests a minute from one user: the rate limits would answer 429.
  const t = await createTestApp({ RATE_LIMIT_PER_USER_PER_MINUTE: '100000000', RATE_LIMIT_PER_IP_PER_MINUTE: '100000000' });
  try {
    await importTestRecords(t.db, [benchRecord()]);
    const headers = await t.headersFor('oslo.brann', DEMO_ORGANISATIONS.osloBrann.organisation_number);
    const user = await t.db.selectFrom('app_user').select('id').where('username', '=', 'oslo.brann').executeTakeFirstOrThrow();
    const scope = { userId: user.id, organisationNumber: DEMO_ORGANISATIONS.osloBrann.organisation_number };
    const compiled = facilityRecordQuery(t.db, scope, ID).compile();

    // The access-log entry is written before the answer leaves (plugins/access-log.ts): it is part
    // of the API's time, as a user waits for it.
    const api = async () => {
      const started = performance.now();
      const response = await t.app.inject({ method: 'GET', url: `/api/v1/facilities/${ID}`, headers });
      const elapsed = performance.now() - started;
      if (response.statusCode !== 200) throw new Error(`API answered ${response.statusCode}: ${response.body}`);
      return elapsed;
    };
    // The platform's floor: the same request up to and through the access checks, answered 400
    // by validation before any facility code runs (token, user, organisation, terms).
    const floor = async () => {
      const started = performance.now();
      const response = await t.app.inject({ method: 'GET', url: '/api/v1/facilities/x', headers });
      const elapsed = performance.now() - started;
      if (response.statusCode !== 400) throw new Error(`floor request answered ${response.statusCode}`);
      return elapsed;
    };
    const raw = async () => {
      const started = performance.now();
      const result = await t.db.executeQuery(compiled);
      const elapsed = performance.now() - started;
      if (result.rows.length !== 1) throw new Error('the raw statement found no facility');
      return elapsed;
    };

    const body = (await t.app.inject({ method: 'GET', url: `/api/v1/facilities/${ID}`, headers })).json() as {
      substanceGroups: { substances: unknown[] }[];
      inspections: unknown[];
    };
    const rows = body.substanceGroups.reduce((n, g) => n + g.substances.length, 0);
    if (rows !== 50 || body.inspections.length !== 20)
      throw new Error(`unexpected record: ${rows} substances, ${body.inspections.length} inspections`);

    for (let i = 0; i < WARMUP; i++) {
      await api();
      await raw();
      await floor();
    }
    const apiTimes: number[] = [];
    const rawTimes: number[] = [];
    const floorTimes: number[] = [];
    // Interleaved, so that drift on a shared machine touches both alike.
    for (let i = 0; i < ROUNDS; i++) {
      apiTimes.push(await api());
      rawTimes.push(await raw());
      floorTimes.push(await floor());
    }
    const ratio = median(apiTimes) / median(rawTimes);
    const fmt = (ms: number) => `${ms.toFixed(2)} ms`;
    console.log(
      `${engine.padEnd(10)} SQL p50 ${fmt(median(rawTimes))} p95 ${fmt(quantile(rawTimes, 0.95))} | ` +
        `API p50 ${fmt(median(apiTimes))} p95 ${fmt(quantile(apiTimes, 0.95))} | ratio p50 ${ratio.toFixed(2)}× ` +
        `(target ≤ ${TARGET}×) ${ratio <= TARGET ? 'OK' : 'OVER'}`,
    );
    const floorMedian = median(floorTimes);
    console.log(
      `${''.padEnd(10)} platform floor (access checks, no facility code) p50 ${fmt(floorMedian)}; ` +
        `API minus floor over SQL ${((median(apiTimes) - floorMedian) / median(rawTimes)).toFixed(2)}×`,
    );
    return ratio;
  } finally {
    await t.close();
  }
}

console.log(`facility detail: 50 substance rows, 20 inspections; ${ROUNDS} interleaved rounds after ${WARMUP} warm-up`);
const postgres = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
delete process.env.TEST_DATABASE_URL;
const ratios = [await run('PGlite')];
if (postgres) {
  process.env.TEST_DATABASE_URL = postgres;
  ratios.push(await run('PostgreSQL'));
}
process.exitCode = ratios.every((r) => r <= TARGET) ? 0 : 1;
