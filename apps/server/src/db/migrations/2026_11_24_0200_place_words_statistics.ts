import { type Kysely, sql } from 'kysely';

/**
 * No planner statistics on the word indexes' expressions (migration 2026_11_24_0030). ANALYZE
 * would run `fast_place_words` over every sampled facility and tally all its lexemes: 9–18 s on
 * PGlite for the demo register, after every import that writes (register.repository.ts), for an
 * estimate the lookup does not need: its words are rare enough for the index at the default
 * selectivity, and the plan stays a bitmap scan of the word index. With these, ANALYZE of the
 * facility table takes half a second.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and do not know the app's types
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter index facility_address_words_idx alter column 1 set statistics 0`.execute(db);
  await sql`alter index facility_name_words_idx alter column 1 set statistics 0`.execute(db);
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await sql`alter index facility_address_words_idx alter column 1 set statistics -1`.execute(db);
  await sql`alter index facility_name_words_idx alter column 1 set statistics -1`.execute(db);
}
