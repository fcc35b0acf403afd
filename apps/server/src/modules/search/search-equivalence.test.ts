import {
  NO_SEARCH_FILTER,
  SEARCH_SORT_PROPERTIES,
  type SearchExportPayload,
  type SearchFilterPayload,
  type SearchOrderBy,
  type SearchPayload,
} from '@fast/contracts';
import fc from 'fast-check';
import { type Expression, type ExpressionBuilder, type RawBuilder, type SqlBool, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BENCH_SEARCH_QUERIES } from '../../../test/search-queries.ts';
import { createTestDatabase, type TestDatabase } from '../../../test/test-database.ts';
import type { Db } from '../../db/database.ts';
import type { Database } from '../../db/types.ts';
import { generatedSourceInWorker } from '../../demo/demo-register.ts';
import { DEMO_ORGANISATIONS, seedDemoUsers } from '../../demo/demo-users.ts';
import { scopeMunicipalityIds } from '../access/scope.ts';
import type { SearchReference } from '../catalogue/search-reference.ts';
import { findExportBatch, hitRowsQuery } from '../facility/facility-rows.repository.ts';
import type { Scope } from '../identity/identity.ts';
import { importRecords } from '../register/import.service.ts';
import { oneEditPatterns, type SearchTerm } from './free-text.ts';
import { countMatches, findExportIds, findPage, SORT_KEYS } from './search.repository.ts';
import { parseSearch } from './search.service.ts';

/**
 * The search's answers (total, ids, order) against the query it replaced — EXISTS joins over
 * facility_unit and stored_substance, counties and groups as subqueries — kept here, and only
 * here, as the reference: the bench's query set and random payloads over a generated register,
 * for a scope of the whole country and a narrow one.
 */

type FacilityExpressions = ExpressionBuilder<Database, 'facility'>;

function previousTermCondition(term: SearchTerm): RawBuilder<SqlBool> {
  const like = sql<SqlBool>`facility.search_text like '%' || fast_normalise(${term.likeEscaped}) || '%'`;
  const oneEdit = term.typoTolerant ? term.oneEdit.map((pattern) => sql` or facility.search_text like ${`%${pattern}%`}`) : [];
  const similar =
    term.typoTolerant && term.similar ? sql<SqlBool>` or fast_normalise(${term.text}) <% facility.search_text` : sql``;
  const id = term.facilityId !== null ? sql<SqlBool>` or facility.id = ${term.facilityId}` : sql``;
  return sql<SqlBool>`(${like}${oneEdit.length > 0 ? sql.join(oneEdit, sql``) : sql``}${similar}${id})`;
}

function previousConditions(eb: FacilityExpressions, payload: SearchFilterPayload, terms: SearchTerm[]): Expression<SqlBool>[] {
  const conditions: Expression<SqlBool>[] = terms.map(previousTermCondition);
  if (payload.facilityObjects.length > 0) {
    conditions.push(
      eb.exists(
        eb
          .selectFrom('facility_unit')
          .select(sql`1`.as('one'))
          .whereRef('facility_unit.facility_id', '=', 'facility.id')
          .where('facility_unit.unit_type_id', 'in', payload.facilityObjects),
      ),
    );
  }
  if (payload.counties.length > 0) {
    const wholeCounties = payload.counties.filter((c) => c.municipalityCodes.length === 0).map((c) => c.id);
    const municipalities = payload.counties.flatMap((c) => c.municipalityCodes);
    const places: Expression<SqlBool>[] = [];
    if (municipalities.length > 0) places.push(eb('facility.municipality_id', 'in', municipalities));
    if (wholeCounties.length > 0) {
      places.push(
        eb(
          'facility.municipality_id',
          'in',
          eb.selectFrom('municipality').select('municipality.id').where('municipality.county_id', 'in', wholeCounties),
        ),
      );
    }
    conditions.push(eb.or(places));
  }
  if (payload.substanceGroups.length > 0) {
    const wholeGroups = payload.substanceGroups.filter((g) => g.substanceIds.length === 0).map((g) => g.substanceGroupId);
    const substances = payload.substanceGroups.flatMap((g) => g.substanceIds);
    conditions.push(
      eb.exists(
        eb
          .selectFrom('stored_substance')
          .select(sql`1`.as('one'))
          .whereRef('stored_substance.facility_id', '=', 'facility.id')
          .where((inner) => {
            const which: Expression<SqlBool>[] = [];
            if (substances.length > 0) which.push(inner('stored_substance.substance_id', 'in', substances));
            if (wholeGroups.length > 0) {
              which.push(
                inner(
                  'stored_substance.substance_id',
                  'in',
                  inner.selectFrom('substance').select('substance.id').where('substance.group_id', 'in', wholeGroups),
                ),
              );
            }
            return inner.or(which);
          }),
      ),
    );
  }
  if (payload.majorAccidentRelations.length > 0) {
    conditions.push(eb('facility.major_accident', 'in', payload.majorAccidentRelations));
  }
  return conditions;
}

function previousFilter(db: Db, scope: Scope, payload: SearchFilterPayload, terms: SearchTerm[]) {
  return db
    .selectFrom('facility')
    .where('facility.municipality_id', 'in', scopeMunicipalityIds(db, scope))
    .where((eb) => eb.and(previousConditions(eb, payload, terms)));
}

type PreviousQuery = ReturnType<typeof previousFilter>;

function previousOrder(query: PreviousQuery, orderBy: SearchOrderBy | null | undefined, terms: SearchTerm[]): PreviousQuery {
  if (orderBy) {
    const direction = orderBy.direction === 'DESC' ? sql`desc` : sql`asc`;
    return query.orderBy(sql`${SORT_KEYS[orderBy.property]} ${direction} nulls last`).orderBy('facility.id', 'asc');
  }
  if (terms.length === 0) return query.orderBy('facility.id', 'asc');
  const ids = terms.flatMap((t) => (t.facilityId === null ? [] : [t.facilityId]));
  const exactId = ids.length > 0 ? sql`case when facility.id in (${sql.join(ids)}) then 1 else 0 end + ` : sql``;
  const words = terms.map((t) => t.text).join(' ');
  return query
    .orderBy(sql`${exactId}word_similarity(fast_normalise(${words}), facility.search_text) desc`)
    .orderBy('facility.id', 'asc');
}

interface Answer {
  total: number;
  page: number[];
  exported: number[];
}

/**
 * The terms with every one-edit pattern of a typo, not only those that occur in the scope (what
 * the search service keeps): the pruning must not change an answer.
 */
async function withEveryOneEditPattern(db: Db, terms: SearchTerm[]): Promise<SearchTerm[]> {
  return Promise.all(
    terms.map(async (term) => {
      if (!term.typoTolerant) return term;
      const { normalised } = await sql<{ normalised: string }>`select fast_normalise(${term.text}) as normalised`
        .execute(db)
        .then((r) => r.rows[0] ?? { normalised: term.text });
      return { ...term, oneEdit: oneEditPatterns(normalised) };
    }),
  );
}

async function previousAnswer(db: Db, scope: Scope, payload: SearchPayload): Promise<Answer> {
  const terms = await withEveryOneEditPattern(db, (await parseSearch(db, scope, payload)).terms);
  const count = await previousFilter(db, scope, payload, terms)
    .select((eb) => eb.fn.countAll<number>().as('total'))
    .executeTakeFirstOrThrow();
  const page =
    payload.hitsToReturn === 0
      ? []
      : await previousOrder(previousFilter(db, scope, payload, terms), payload.orderBy, terms)
          .select('facility.id')
          .offset(payload.hitsToSkip)
          .limit(payload.hitsToReturn)
          .execute();
  const exported = await previousOrder(
    previousFilter(db, scope, payload, terms).where('facility.is_explosives', '=', false),
    payload.orderBy,
    terms,
  )
    .select('facility.id')
    .execute();
  return { total: Number(count.total), page: page.map((r) => r.id), exported: exported.map((r) => r.id) };
}

async function currentAnswer(db: Db, scope: Scope, payload: SearchPayload): Promise<Answer> {
  const search = await parseSearch(db, scope, payload);
  const exportPayload: SearchExportPayload = { ...payload, hitsToSkip: 0, hitsToReturn: 10_000_000 };
  const { total, rows } = await findPage(db, scope, search);
  // The total on its own (the tally's sum, or a count) as well as the page's (on PGlite a page
  // with free text counts its own scan, falling back to the count past the last hit).
  expect(await countMatches(db, scope, search)).toBe(total);
  return {
    total,
    page: rows.map((r) => r.id),
    exported: await findExportIds(db, scope, { ...search, payload: exportPayload }),
  };
}

const FACILITIES = 3000;
let database: TestDatabase;
let db: Db;
let reference: SearchReference;
let country: Scope;
let vestland: Scope;
let words: string[];
let facilityIds: number[];

beforeAll(async () => {
  database = await createTestDatabase();
  db = database.db;
  await seedDemoUsers(db);
  const summary = await importRecords(db, () =>
    generatedSourceInWorker({ facilities: FACILITIES, seed: 'search-equivalence', documents: false }),
  );
  expect(summary.invalid).toBe(0);
  const user = (name: string) => db.selectFrom('app_user').select('id').where('username', '=', name).executeTakeFirstOrThrow();
  const oslo = await user('oslo.brann');
  country = { userId: oslo.id, organisationNumber: DEMO_ORGANISATIONS.osloBrann.organisation_number };
  const municipalities = await db.selectFrom('municipality').select('id').execute();
  await db
    .insertInto('municipality_access')
    .values(
      municipalities.map((m) => ({
        user_id: oslo.id,
        organisation_number: country.organisationNumber,
        municipality_id: m.id,
        given: true,
        decided_at: new Date(),
      })),
    )
    .onConflict((oc) => oc.columns(['user_id', 'organisation_number', 'municipality_id']).doUpdateSet({ given: true }))
    .execute();
  vestland = { userId: (await user('vest.110')).id, organisationNumber: DEMO_ORGANISATIONS.vest110.organisation_number };
  await sql`analyze`.execute(db);

  reference = (await parseSearch(db, vestland, NO_SEARCH_FILTER)).reference;
  const texts = await db.selectFrom('facility').select(['id', 'name', 'postal_place', 'street_address']).execute();
  facilityIds = texts.map((t) => t.id);
  words = [
    ...new Set(
      texts.flatMap((t) => [t.name, t.postal_place, t.street_address].flatMap((s) => (s ?? '').split(/\s+/u).slice(0, 2))),
    ),
  ].filter((w) => w.length > 0);
}, 600_000);

afterAll(async () => {
  await database?.destroy();
});

// A word as people type it: whole, its beginning, with a letter changed or two swapped (typos), or odd input.
const wordArbitrary = () =>
  fc.oneof(
    fc.constantFrom(...words),
    fc.tuple(fc.constantFrom(...words), fc.integer({ min: 2, max: 6 })).map(([w, n]) => w.slice(0, n)),
    fc
      .tuple(fc.constantFrom(...words), fc.nat(), fc.constantFrom('a', 'e', 'r', 'ø'))
      .map(([w, i, c]) => (w.length < 3 ? w : `${w.slice(0, i % w.length)}${c}${w.slice((i % w.length) + 1)}`)),
    fc.tuple(fc.constantFrom(...words), fc.nat()).map(([w, n]) => {
      const i = n % Math.max(1, w.length - 1);
      return w.length < 2 ? w : `${w.slice(0, i)}${w[i + 1]}${w[i]}${w.slice(i + 2)}`;
    }),
    fc.constantFrom(...facilityIds).map(String),
    fc.constantFrom('50%', 'a_b', 'gass', 'propan', 'æøå', '"', "'", '\\'),
  );

const payloadArbitrary = (): fc.Arbitrary<SearchPayload> => {
  const counties = [...reference.counties].map(([id, set]) => ({ id, municipalities: [...set] }));
  const groups = [...reference.groups].map(([id, set]) => ({ id, substances: [...set] }));
  const county = fc.constantFrom(...counties).chain((c) =>
    fc.oneof(
      fc.constant({ id: c.id, municipalityCodes: [] as string[] }),
      fc
        .subarray(c.municipalities, { minLength: 1, maxLength: Math.min(4, c.municipalities.length) })
        .map((m) => ({ id: c.id, municipalityCodes: m })),
    ),
  );
  const group = fc.constantFrom(...groups).chain((g) =>
    fc.oneof(
      fc.constant({ substanceGroupId: g.id, substanceIds: [] as number[] }),
      fc
        .subarray(g.substances, { minLength: 1, maxLength: Math.min(3, g.substances.length) })
        .map((s) => ({ substanceGroupId: g.id, substanceIds: s })),
    ),
  );
  const orderBy = fc.option(
    fc.record({
      property: fc.constantFrom(...SEARCH_SORT_PROPERTIES),
      direction: fc.constantFrom('ASC' as const, 'DESC' as const),
    }),
    { nil: undefined },
  );
  return fc
    .record({
      query: fc.array(wordArbitrary(), { maxLength: 3 }).map((ws) => ws.join(' ')),
      facilityObjects: fc.subarray([...reference.unitTypes.keys()], { maxLength: 3 }),
      counties: fc.uniqueArray(county, { maxLength: 3, selector: (c) => c.id }),
      substanceGroups: fc.uniqueArray(group, { maxLength: 2, selector: (g) => g.substanceGroupId }),
      majorAccidentRelations: fc.subarray(['NOT_AFFECTED', 'PARAGRAPH_SIX', 'PARAGRAPH_NINE'] as const),
      hitsToSkip: fc.oneof(fc.constant(0), fc.nat(60), fc.nat(FACILITIES)),
      hitsToReturn: fc.integer({ min: 0, max: 50 }),
      orderBy,
    })
    .map(({ orderBy: order, ...rest }) => (order ? { ...rest, orderBy: order } : rest));
};

describe('search answers equal those of the query they replaced', () => {
  it("for the benchmark's query set, in a country-wide and a narrow scope", async () => {
    for (const scope of [country, vestland]) {
      for (const [name, payload] of BENCH_SEARCH_QUERIES) {
        const skip = Math.min(payload.hitsToSkip, FACILITIES / 2);
        const scaled = { ...payload, hitsToSkip: skip };
        expect(await currentAnswer(db, scope, scaled), name).toEqual(await previousAnswer(db, scope, scaled));
      }
    }
  }, 120_000);

  it('for misspelt words: one letter left out, added, changed or two swapped', async () => {
    const long = words.filter((w) => [...w].length >= 6);
    const typo = fc
      .tuple(fc.constantFrom(...long), fc.nat(), fc.constantFrom(0, 1, 2, 3), fc.constantFrom('a', 'e', 'ø'))
      .map(([w, n, kind, c]) => {
        const i = 1 + (n % (w.length - 2));
        const edits = [
          w.slice(0, i) + w.slice(i + 1),
          w.slice(0, i) + c + w.slice(i),
          w.slice(0, i) + c + w.slice(i + 1),
          `${w.slice(0, i)}${w[i + 1]}${w[i]}${w.slice(i + 2)}`,
        ];
        return edits[kind] as string;
      });
    await fc.assert(
      fc.asyncProperty(typo, fc.boolean(), async (query, wide) => {
        const scope = wide ? country : vestland;
        const payload: SearchPayload = { ...NO_SEARCH_FILTER, query, hitsToSkip: 0, hitsToReturn: 50 };
        expect(await currentAnswer(db, scope, payload)).toEqual(await previousAnswer(db, scope, payload));
      }),
      { numRuns: 60 },
    );
  }, 300_000);

  it('for random payloads: free text, filters, order and paging', async () => {
    await fc.assert(
      fc.asyncProperty(payloadArbitrary(), fc.boolean(), async (payload, wide) => {
        const scope = wide ? country : vestland;
        expect(await currentAnswer(db, scope, payload)).toEqual(await previousAnswer(db, scope, payload));
      }),
      { numRuns: 150 },
    );
  }, 600_000);
});

describe("the export's rows", () => {
  it('are the rows the hit query selects, in the order asked, whatever the engine sends them as', async () => {
    // Every facility, shuffled: out of scope and explosives ones are asked for too and left out.
    const ids = [...facilityIds].sort((a, b) => ((a * 7919) % 3001) - ((b * 7919) % 3001));
    for (const scope of [country, vestland]) {
      const byId = new Map((await hitRowsQuery(db, scope, ids, true).execute()).map((row) => [row.id, row]));
      const expected = ids.flatMap((id) => byId.get(id) ?? []);
      expect(expected.length).toBeGreaterThan(0);
      expect(expected.length).toBeLessThan(ids.length);
      const rows = await findExportBatch(db, scope, ids);
      expect(rows.map(({ substances: _, ...row }) => row)).toEqual(expected);
      expect(rows.some((row) => row.substances.length > 1)).toBe(true);
    }
  }, 120_000);
});
