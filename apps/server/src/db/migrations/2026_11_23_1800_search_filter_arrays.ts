import { type Kysely, sql } from 'kysely';

/**
 * Facility search without joins: each facility carries the unit types of its units and the
 * substances it stores as arrays, kept true by the database itself (statement triggers on
 * facility_unit and stored_substance, so any writer keeps them), and one GIN index answers both
 * filters together. The EXISTS joins they replace probed the children of every facility of the
 * chosen places.
 *
 * - unit_type_ids: the units' types in unit order, repeats kept: what the results table shows,
 *   and the unit-type filter (`&&`).
 * - substance_ids: the distinct substances stored in any unit: the substance and substance-group
 *   filter (a group is its substances).
 *
 * The municipality is not in the GIN index (btree_gin): a list of municipalities makes GIN repeat
 * the whole scan once per municipality (PostgreSQL, "filters only": 410 ms against 200 ms with the
 * municipality's own B-tree and a BitmapAnd, on a loaded machine).
 *
 * Two orders get the index they lacked: dates newest first (the other direction has one), and the
 * id with the municipality beside it, so that a deep page in id order skips its rows in the index
 * alone.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and do not know the app's types
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    alter table facility
      add column unit_type_ids smallint[] not null default '{}',
      add column substance_ids smallint[] not null default '{}'`.execute(db);

  // Recomputes the arrays of the given facilities from their rows; rows already right are not
  // written again (no dead tuple, no index entry).
  await sql`
    create function fast_refresh_unit_types(ids integer[]) returns void
    language sql volatile
    as $$
      update facility f set unit_type_ids = n.types
      from (
        select i.id, coalesce(array_agg(u.unit_type_id order by u.position) filter (where u.facility_id is not null), '{}') as types
        from unnest(ids) as i(id) left join facility_unit u on u.facility_id = i.id
        group by i.id
      ) n
      where f.id = n.id and f.unit_type_ids <> n.types
    $$`.execute(db);
  await sql`
    create function fast_refresh_substances(ids integer[]) returns void
    language sql volatile
    as $$
      update facility f set substance_ids = n.substances
      from (
        select i.id, coalesce(array_agg(distinct s.substance_id order by s.substance_id) filter (where s.facility_id is not null), '{}') as substances
        from unnest(ids) as i(id) left join stored_substance s on s.facility_id = i.id
        group by i.id
      ) n
      where f.id = n.id and f.substance_ids <> n.substances
    $$`.execute(db);

  // One trigger function per child table, fired once per statement with the statement's rows
  // (transition tables): an import batch of 200 facilities costs one update, not one per row.
  for (const [table, refresh] of [
    ['facility_unit', 'fast_refresh_unit_types'],
    ['stored_substance', 'fast_refresh_substances'],
  ] as const) {
    await sql`
      create function ${sql.raw(`${refresh}_changed`)}() returns trigger
      language plpgsql
      as $$
      begin
        if tg_op = 'INSERT' then
          perform ${sql.raw(refresh)}(array(select distinct facility_id from new_rows));
        elsif tg_op = 'DELETE' then
          perform ${sql.raw(refresh)}(array(select distinct facility_id from old_rows));
        else
          perform ${sql.raw(refresh)}(array(select facility_id from old_rows union select facility_id from new_rows));
        end if;
        return null;
      end
      $$`.execute(db);
    const fn = sql.raw(`${refresh}_changed()`);
    const name = (event: string) => sql.raw(`${table}_search_${event}`);
    await sql`create trigger ${name('insert')} after insert on ${sql.table(table)}
      referencing new table as new_rows for each statement execute function ${fn}`.execute(db);
    await sql`create trigger ${name('update')} after update on ${sql.table(table)}
      referencing old table as old_rows new table as new_rows for each statement execute function ${fn}`.execute(db);
    await sql`create trigger ${name('delete')} after delete on ${sql.table(table)}
      referencing old table as old_rows for each statement execute function ${fn}`.execute(db);
  }

  // The facilities already there.
  await sql`
    update facility f set unit_type_ids = u.types
    from (select facility_id, array_agg(unit_type_id order by position) as types from facility_unit group by facility_id) u
    where f.id = u.facility_id`.execute(db);
  await sql`
    update facility f set substance_ids = s.substances
    from (select facility_id, array_agg(distinct substance_id order by substance_id) as substances from stored_substance group by facility_id) s
    where f.id = s.facility_id`.execute(db);

  await sql`create index facility_search_filter_idx on facility using gin (unit_type_ids, substance_ids)`.execute(db);
  await sql`create index facility_first_notification_desc_idx on facility (first_notification_on desc nulls last, id)`.execute(
    db,
  );
  await sql`create index facility_id_municipality_idx on facility (id) include (municipality_id)`.execute(db);
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index facility_id_municipality_idx`.execute(db);
  await sql`drop index facility_first_notification_desc_idx`.execute(db);
  await sql`drop index facility_search_filter_idx`.execute(db);
  for (const table of ['facility_unit', 'stored_substance']) {
    for (const event of ['insert', 'update', 'delete']) {
      await sql`drop trigger ${sql.raw(`${table}_search_${event}`)} on ${sql.table(table)}`.execute(db);
    }
  }
  for (const fn of ['fast_refresh_unit_types_changed()', 'fast_refresh_substances_changed()']) {
    await sql`drop function ${sql.raw(fn)}`.execute(db);
  }
  await sql`drop function fast_refresh_unit_types(integer[])`.execute(db);
  await sql`drop function fast_refresh_substances(integer[])`.execute(db);
  await sql`alter table facility drop column unit_type_ids, drop column substance_ids`.execute(db);
}
