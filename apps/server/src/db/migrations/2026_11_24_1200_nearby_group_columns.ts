import { type Kysely, sql } from 'kysely';

/**
 * The nearby totals from plain columns (issue 15). The circle query summed what the facilities
 * certainly inside store as `sum(group_cubic_metres[g])`, `sum(group_tonnes[g])` and
 * `count(group_cubic_metres[g])` for each of the seven groups: 21 array subscripts per facility,
 * which at the densest 5 km circle (6 300 facilities) cost more than reading and measuring them
 * (PostgreSQL ~3 ms of 15, PGlite ~9 ms of 23, prototyped on the 112 500-facility benchmark
 * register). Sums of plain columns cost next to nothing, so each slot is now also a stored
 * generated column, and facility_band_idx carries those instead of the arrays (a NULL slot takes
 * no room in an index tuple: the index shrank from 15 to 10 MB).
 *
 * The arrays stay what the import and fast_refresh_substances write and what the database check
 * compares; PostgreSQL keeps the columns equal to them on every write. Seven: the catalogue's
 * substance groups (reference data). A migration that adds a group adds its two columns here and
 * to the index, as well as refreshing the facilities (see nearby_group_totals).
 */
const NEARBY_GROUPS = [1, 2, 3, 4, 5, 6, 7] as const;

const columns = (g: number) => [`group_cubic_metres_${g}`, `group_tonnes_${g}`];

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and do not know the app's types
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table facility ${sql.join(
    NEARBY_GROUPS.flatMap((g) => [
      sql`add column ${sql.ref(`group_cubic_metres_${g}`)} float8 generated always as (group_cubic_metres[${sql.lit(g)}]) stored`,
      sql`add column ${sql.ref(`group_tonnes_${g}`)} float8 generated always as (group_tonnes[${sql.lit(g)}]) stored`,
    ]),
  )}`.execute(db);
  await sql`drop index facility_band_idx`.execute(db);
  await sql`
    create index facility_band_idx on facility ((floor(latitude * 20)::integer), longitude)
    include (latitude, id, municipality_id, is_explosives, ${sql.join(NEARBY_GROUPS.flatMap(columns).map((c) => sql.ref(c)))})`.execute(
    db,
  );
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index facility_band_idx`.execute(db);
  await sql`
    create index facility_band_idx on facility ((floor(latitude * 20)::integer), longitude)
    include (latitude, id, municipality_id, is_explosives, group_cubic_metres, group_tonnes)`.execute(db);
  await sql`alter table facility ${sql.join(NEARBY_GROUPS.flatMap(columns).map((c) => sql`drop column ${sql.ref(c)}`))}`.execute(
    db,
  );
}
