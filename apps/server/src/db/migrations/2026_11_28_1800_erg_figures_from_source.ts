import type { Kysely } from 'kysely';

/**
 * The cards' distances come from the ERG's own tables (reference/erg-2016), read at start-up, no
 * longer from the card file's transcription: its Table 1 (`tih`) and guide distance columns go.
 * The reference file's new version makes the next start reload the cards.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and do not know the app's types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('hazard_card').dropColumn('tih').execute();
  await db.schema
    .alterTable('hazard_guide')
    .dropColumn('isolation_m')
    .dropColumn('isolation_solid_m')
    .dropColumn('large_spill_evacuation_m')
    .dropColumn('fire_isolation_m')
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.deleteFrom('hazard_card').execute();
  await db.deleteFrom('hazard_guide').execute();
  await db.schema.alterTable('hazard_card').addColumn('tih', 'jsonb').execute();
  await db.schema
    .alterTable('hazard_guide')
    .addColumn('isolation_m', 'integer', (c) => c.notNull())
    .addColumn('isolation_solid_m', 'integer')
    .addColumn('large_spill_evacuation_m', 'integer')
    .addColumn('fire_isolation_m', 'integer', (c) => c.notNull())
    .execute();
}
