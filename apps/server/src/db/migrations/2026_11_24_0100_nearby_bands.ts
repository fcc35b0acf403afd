import { type Kysely, sql } from 'kysely';

/**
 * Facilities around a point (issue 15): a B-tree on bands of latitude instead of the GiST index on
 * point(longitude, latitude) (migration 2026_11_23_1800).
 *
 * The nearby query reads every facility in a box around the circle: 6 000 in central Oslo at
 * 5 km. A GiST index-only scan costs several times more per entry than a B-tree's, so the box is
 * now read as a few bands of 0.05° latitude (5.6 km), each a range of longitude in a B-tree on
 * (band, longitude): 2–3 ranges at 5 km, 20 at 50 km, and only the box's own entries are read
 * (68 pages against the GiST's 101, and a third of the time, for central Oslo at 5 km). It carries
 * what the query needs (INCLUDE), so that it is an index-only scan; the same SQL on PGlite and
 * PostgreSQL, no extension. Nothing else read the GiST index.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and do not know the app's types
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create index facility_band_idx on facility ((floor(latitude * 20)::integer), longitude)
    include (latitude, id, municipality_id, is_explosives)`.execute(db);
  await sql`drop index if exists facility_point_idx`.execute(db);
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await sql`
    create index facility_point_idx on facility using gist (point(longitude, latitude))
    include (municipality_id, id, is_explosives, longitude, latitude)`.execute(db);
  await sql`drop index if exists facility_band_idx`.execute(db);
}
