import { type Kysely, sql } from 'kysely';

// Hazard cards: ERG guides and one card per UN number. Reference data, filled on every start from
// apps/server/reference/hazard-cards (db/seed/hazard-cards.ts), like the municipalities.

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and do not know the app's types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('hazard_guide')
    .addColumn('guide', 'smallint', (c) => c.primaryKey().check(sql`guide between 111 and 175`))
    .addColumn('title_nb', 'text', (c) => c.notNull())
    .addColumn('title_nn', 'text', (c) => c.notNull())
    .addColumn('essentials_nb', 'jsonb', (c) => c.notNull())
    .addColumn('essentials_nn', 'jsonb', (c) => c.notNull())
    .addColumn('isolation_m', 'integer', (c) => c.notNull().check(sql`isolation_m > 0`))
    .addColumn('isolation_solid_m', 'integer')
    .addColumn('large_spill_evacuation_m', 'integer')
    .addColumn('fire_isolation_m', 'integer', (c) => c.notNull())
    .addCheckConstraint('hazard_guide_fire_beyond_isolation', sql`fire_isolation_m >= isolation_m`)
    .execute();

  await db.schema
    .createTable('hazard_card')
    .addColumn('un_number', 'text', (c) => c.primaryKey().check(sql`un_number ~ '^[0-9]{4}$'`))
    .addColumn('name_nb', 'text', (c) => c.notNull())
    .addColumn('name_nn', 'text', (c) => c.notNull())
    .addColumn('name_en', 'text', (c) => c.notNull())
    .addColumn('adr_class', 'text', (c) => c.notNull())
    .addColumn('classification_code', 'text', (c) => c.notNull())
    .addColumn('packing_group', 'text', (c) => c.check(sql`packing_group in ('I', 'II', 'III')`))
    .addColumn('labels', 'jsonb', (c) => c.notNull())
    .addColumn('hazard_number', 'text', (c) => c.check(sql`hazard_number ~ '^X?[0-9]{2,3}$'`))
    .addColumn('guide', 'smallint', (c) => c.references('hazard_guide.guide'))
    .addColumn('guide_polymerisation', 'boolean', (c) => c.notNull())
    .addColumn('guide_basis', 'text', (c) => c.check(sql`guide_basis in ('index', 'title')`))
    .addColumn('tih', 'jsonb')
    .addColumn('reference_version', 'text', (c) => c.notNull())
    .execute();
}
