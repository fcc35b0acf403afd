import { type Kysely, sql } from 'kysely';

/**
 * The ERG edition each guide's figures were read from: the reference file takes guides 112 and 114
 * (explosives) from ERG 2016 where no source of ERG 2024 held them, and the card says so.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and do not know the app's types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('hazard_guide')
    .addColumn('edition', 'text', (c) => c.notNull().defaultTo('2024').check(sql`edition ~ '^[0-9]{4}$'`))
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('hazard_guide').dropColumn('edition').execute();
}
