import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { facilityRecord, importTestRecords } from '../facility-factory.ts';
import { createTestApp, DEMO_ORGANISATIONS, type TestApp } from '../test-app.ts';

/**
 * Property-based tests of every request body, path parameter and query string: whatever arrives,
 * the server answers 2xx or 4xx, every 4xx is the error body, and nothing internal (stack traces,
 * SQL, file paths) leaves. CI runs FUZZ_RUNS (10 000) inputs per endpoint; a local run fewer.
 */
const RUNS = Number(process.env.FUZZ_RUNS ?? (process.env.CI ? 10_000 : 300));
// A fixed seed makes a run reproducible (CI must not pass or fail by chance); FUZZ_SEED=random explores anew.
const SEED = process.env.FUZZ_SEED === 'random' ? Date.now() : Number(process.env.FUZZ_SEED ?? 20_261_121);
// Each property runs its inputs one after another: allow a few milliseconds each.
const TIMEOUT_MS = 60_000 + RUNS * 50;
const INTERNALS =
  /\bat [\w.<>]+ \(|node_modules|\.ts:\d+|\bselect\b.*\bfrom\b|syntax error|relation "|duplicate key|violates|PGlite|kysely/i;

let t: TestApp;
let user: Record<string, string>;
let admin: Record<string, string>;

beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_PER_USER_PER_MINUTE: '100000000', RATE_LIMIT_PER_IP_PER_MINUTE: '100000000' });
  await importTestRecords(t.db, [
    facilityRecord(1),
    facilityRecord(2, { name: 'Propanlager Øst', majorAccident: 'PARAGRAPH_SIX' }),
  ]);
  user = await t.headersFor('oslo.brann', DEMO_ORGANISATIONS.osloBrann.organisation_number);
  admin = await t.headersFor('fast.admin', DEMO_ORGANISATIONS.dsb.organisation_number);
}, 120_000);
afterAll(async () => t?.close());

type Method = 'GET' | 'POST' | 'PUT';

async function check(method: Method, url: string, headers: Record<string, string>, payload?: string) {
  const response = await t.app.inject({
    method,
    url,
    headers: payload === undefined ? headers : { ...headers, 'content-type': 'application/json' },
    ...(payload === undefined ? {} : { payload }),
  });
  const context = `${method} ${url} ${payload?.slice(0, 200) ?? ''} → ${response.statusCode} ${response.body.slice(0, 300)}`;
  expect(response.statusCode, context).toBeLessThan(500);
  if (response.statusCode >= 400) {
    const body = response.json() as Record<string, unknown>;
    expect(Object.keys(body).sort(), context).toEqual(['message', 'reference', 'type']);
  }
  const isText = /json|text|html/.test(String(response.headers['content-type'] ?? ''));
  if (isText) expect(INTERNALS.test(response.body), context).toBe(false);
}

/** JSON the way a careless or hostile client sends it: any value, any nesting, hostile strings. */
const hostileString = fc.oneof(
  fc.string({ maxLength: 60 }),
  fc.constantFrom(
    "'; drop table facility; --",
    '%',
    '_',
    '\\',
    '\u0000',
    '../../etc/passwd',
    '%2e%2e%2f',
    'æøå ÆØÅ',
    '0301',
    '1e309',
    '-1',
  ),
  fc.string({ unit: 'grapheme', maxLength: 30 }),
);
const anyJson: fc.Arbitrary<unknown> = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: 'small' },
    hostileString,
    fc.integer(),
    fc.double(),
    fc.boolean(),
    fc.constant(null),
    fc.array(tie('value'), { maxLength: 5 }),
    fc.dictionary(hostileString, tie('value'), { maxKeys: 5 }),
  ),
})).value;

/** A valid body with one field replaced by anything: this reaches past the schema into the handlers. */
function mutated(valid: Record<string, unknown>): fc.Arbitrary<unknown> {
  return fc.oneof(
    anyJson,
    fc
      .record({ key: fc.constantFrom(...Object.keys(valid)), value: anyJson })
      .map(({ key, value }) => ({ ...valid, [key]: value })),
    fc.record({ key: hostileString, value: anyJson }).map(({ key, value }) => ({ ...valid, [key]: value })),
  );
}

const SEARCH = {
  query: 'propan',
  facilityObjects: [1],
  counties: [{ id: '03', municipalityCodes: ['0301'] }],
  substanceGroups: [{ substanceGroupId: 1, substanceIds: [] }],
  majorAccidentRelations: ['PARAGRAPH_SIX'],
  hitsToSkip: 0,
  hitsToReturn: 10,
  orderBy: { property: 'name', direction: 'ASC' },
};

const BODIES: { url: string; method: Method; valid: Record<string, unknown>; headers: () => Record<string, string> }[] = [
  { method: 'POST', url: '/api/v1/facilities/search', valid: SEARCH, headers: () => user },
  { method: 'POST', url: '/api/v1/facilities/search/export', valid: { ...SEARCH, hitsToReturn: 100 }, headers: () => user },
  { method: 'POST', url: '/api/v1/map/facilities', valid: { pageSize: 100 }, headers: () => user },
  { method: 'POST', url: '/api/v1/map/facilities/filtered', valid: SEARCH, headers: () => user },
  {
    method: 'POST',
    url: '/api/v1/map/zone',
    valid: { circle: { center: [10.75, 59.91], radiusMetres: 1000 } },
    headers: () => user,
  },
  {
    method: 'POST',
    url: '/api/v1/facilities/nearby',
    valid: { latitude: 59.91, longitude: 10.75, radiusMeters: 5000 },
    headers: () => user,
  },
  { method: 'POST', url: '/api/v1/municipality-access', valid: { municipalityCodes: ['3203'] }, headers: () => user },
  { method: 'POST', url: '/api/v1/terms/accept', valid: { version: 1 }, headers: () => user },
  { method: 'POST', url: '/api/v1/admin/municipality-access/approve', valid: { ids: ['1'] }, headers: () => admin },
  {
    method: 'POST',
    url: '/api/v1/admin/municipality-access/deny',
    valid: { ids: ['1'], reason: 'Ikke behov' },
    headers: () => admin,
  },
  { method: 'POST', url: '/api/v1/admin/status-messages', valid: { type: 'INFO', message: 'Hei' }, headers: () => admin },
];

const PATHS: { template: (segment: string) => string; headers: () => Record<string, string> }[] = [
  { template: (s) => `/api/v1/facilities/${s}`, headers: () => user },
  { template: (s) => `/api/v1/facilities/${s}/attachments`, headers: () => user },
  { template: (s) => `/api/v1/facilities/${s}/substance-report`, headers: () => user },
  { template: (s) => `/api/v1/documents/${s}`, headers: () => user },
  { template: (s) => `/api/v1/map/facilities/${s}`, headers: () => user },
  { template: (s) => `/api/v1/admin/status-messages/${s}/end`, headers: () => admin },
  { template: (s) => `/api/v1/map/basemap/3/${s}/2`, headers: () => ({}) },
];

const QUERIES: { url: string; headers: () => Record<string, string> }[] = [
  { url: '/api/v1/places', headers: () => user },
  { url: '/api/v1/weather/wind', headers: () => user },
  { url: '/api/v1/admin/municipality-access', headers: () => admin },
  { url: '/api/v1/admin/access-log', headers: () => admin },
  { url: '/api/v1/admin/audit-log', headers: () => admin },
];

const pathSegment = fc.oneof(
  fc.integer().map(String),
  fc.bigInt().map(String),
  hostileString.map((s) => encodeURIComponent(s)),
  fc.constantFrom('..', '%2e%2e', '..%2f..%2fetc%2fpasswd', '%00', '0', '-5', '1.5', '99999999999999999999', 'NaN'),
);

describe('fuzzing', () => {
  for (const body of BODIES) {
    it(
      `${body.method} ${body.url}: any body`,
      async () => {
        await fc.assert(
          fc.asyncProperty(mutated(body.valid), async (payload) => {
            await check(body.method, body.url, body.headers(), JSON.stringify(payload) ?? 'null');
          }),
          { numRuns: RUNS, seed: SEED },
        );
      },
      TIMEOUT_MS,
    );
  }

  for (const path of PATHS) {
    it(
      `${path.template(':param')}: any path parameter`,
      async () => {
        await fc.assert(
          fc.asyncProperty(pathSegment, async (segment) => {
            const url = path.template(segment);
            await check(url.endsWith('/end') ? 'POST' : 'GET', url, path.headers(), url.endsWith('/end') ? '{}' : undefined);
          }),
          { numRuns: RUNS, seed: SEED },
        );
      },
      TIMEOUT_MS,
    );
  }

  for (const query of QUERIES) {
    it(
      `${query.url}: any query string`,
      async () => {
        await fc.assert(
          fc.asyncProperty(fc.dictionary(fc.string({ maxLength: 12 }), hostileString, { maxKeys: 4 }), async (params) => {
            await check('GET', `${query.url}?${new URLSearchParams(params).toString()}`, query.headers());
          }),
          { numRuns: RUNS, seed: SEED },
        );
      },
      TIMEOUT_MS,
    );
  }
});
