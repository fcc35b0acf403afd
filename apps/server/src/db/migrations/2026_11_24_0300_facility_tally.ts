import { type Kysely, sql } from 'kysely';

/**
 * The search's total without free text, from a tally instead of the facilities: one row per
 * combination of the columns the filters read (municipality, major-accident relation, unit types,
 * substances) with how many facilities have it. Counting 112 500 facilities visits each of them
 * (30–40 ms on PostgreSQL, 100 ms on PGlite, however they are indexed); the same filters over the
 * tally visit one row per combination (7 500 for the benchmark's register: 3–5 ms), and the sum is
 * the same exact number. Free text cannot use it: its words are in the facility's own text.
 *
 * The database keeps it, like the search arrays (migration search_filter_arrays): statement-level
 * triggers on facility add what a statement inserted and subtract what it deleted, an update both,
 * from its transition tables, so every writer — the import, a cascade, the triggers that rewrite a
 * facility's arrays when its units change — keeps it exact in the same transaction. A combination
 * that no facility has any more is deleted. A count below zero fails the statement instead of
 * miscounting (a tripwire: it means the tally lost a facility; a check constraint cannot say it,
 * since an upsert checks the proposed row, the negative change itself, before it merges).
 * `fast_tally_rebuild()` counts it afresh (this migration, and the repair `db:check` names).
 */
const KEYS = 'municipality_id, major_accident, unit_type_ids, substance_ids';

// What each statement's transition tables add (+1) and take away (-1).
const CHANGES = {
  insert: `select ${KEYS}, 1 as d from new_rows`,
  delete: `select ${KEYS}, -1 as d from old_rows`,
  update: `select ${KEYS}, -1 as d from old_rows union all select ${KEYS}, 1 as d from new_rows`,
} as const;

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and do not know the app's types
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create table facility_tally (
      municipality_id text not null,
      major_accident text not null,
      unit_type_ids smallint[] not null,
      substance_ids smallint[] not null,
      facilities integer not null,
      primary key (municipality_id, major_accident, unit_type_ids, substance_ids)
    )`.execute(db);
  // Only the rows a statement just emptied (or overdrew): each change looks for them here.
  await sql`create index facility_tally_empty_idx on facility_tally (facilities) where facilities <= 0`.execute(db);

  await sql
    .raw(`
    create function fast_tally_rebuild() returns void
    language sql volatile
    as $$
      delete from facility_tally;
      insert into facility_tally (${KEYS}, facilities) select ${KEYS}, count(*) from facility group by ${KEYS};
    $$`)
    .execute(db);

  for (const [event, change] of Object.entries(CHANGES)) {
    await sql
      .raw(`
      create function fast_tally_${event}() returns trigger
      language plpgsql
      as $$
      begin
        insert into facility_tally as t (${KEYS}, facilities)
        select ${KEYS}, sum(d) from (${change}) c group by ${KEYS} having sum(d) <> 0
        on conflict (${KEYS}) do update set facilities = t.facilities + excluded.facilities;
        if exists (select from facility_tally where facilities < 0) then
          raise exception 'facility_tally is out of step with facility: run select fast_tally_rebuild()';
        end if;
        delete from facility_tally where facilities = 0;
        return null;
      end
      $$`)
      .execute(db);
  }
  await sql`create trigger facility_tally_insert after insert on facility
    referencing new table as new_rows for each statement execute function fast_tally_insert()`.execute(db);
  await sql`create trigger facility_tally_update after update on facility
    referencing old table as old_rows new table as new_rows for each statement execute function fast_tally_update()`.execute(db);
  await sql`create trigger facility_tally_delete after delete on facility
    referencing old table as old_rows for each statement execute function fast_tally_delete()`.execute(db);
  await sql`
    create function fast_tally_truncate() returns trigger
    language plpgsql
    as $$ begin delete from facility_tally; return null; end $$`.execute(db);
  await sql`create trigger facility_tally_truncate after truncate on facility
    for each statement execute function fast_tally_truncate()`.execute(db);

  await sql`select fast_tally_rebuild()`.execute(db);
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  for (const event of [...Object.keys(CHANGES), 'truncate']) {
    await sql.raw(`drop trigger facility_tally_${event} on facility`).execute(db);
    await sql.raw(`drop function fast_tally_${event}()`).execute(db);
  }
  await sql`drop function fast_tally_rebuild()`.execute(db);
  await sql`drop table facility_tally`.execute(db);
}
