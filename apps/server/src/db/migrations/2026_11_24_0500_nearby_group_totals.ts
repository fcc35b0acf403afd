import { type Kysely, sql } from 'kysely';

/**
 * The nearby totals from the band index alone (issue 15). The incident screen sums what every
 * facility inside the circle stores, by substance group: 5 000 facilities in central Oslo at 5 km,
 * whose stored substances were found one index probe each (20–40 ms on PostgreSQL). Each facility
 * now carries its own amounts per group, and facility_band_idx carries them too (INCLUDE), so the
 * circle query sums the facilities it finds inside in the same index-only scan.
 *
 * `group_cubic_metres[g]` (m³, litres / 1000) and `group_tonnes[g]` (tonnes, kilograms / 1000):
 * one slot per substance group id g, NULL where the facility stores nothing of the group (so that
 * count() counts the facilities of a group); empty arrays for a facility without substances. Sums
 * by slot are plain aggregates, several times cheaper per facility than unnesting a list of
 * groups. Each amount is the exact decimal sum of the facility's rows, rounded once to float8.
 *
 * Kept like the search arrays (migration search_filter_arrays): fast_refresh_substances, which the
 * statement triggers on stored_substance call, now writes these two columns as well (the import
 * writes them with the facility, as it writes substance_ids, so the triggers find them right). A
 * migration that adds a group or moves a substance to another must refresh the facilities
 * (`select fast_refresh_substances(array(select id from facility))`).
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and do not know the app's types
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    alter table facility
      add column group_cubic_metres float8[] not null default '{}',
      add column group_tonnes float8[] not null default '{}'`.execute(db);

  // As before for substance_ids; rows already right are not written again.
  await sql`
    create or replace function fast_refresh_substances(ids integer[]) returns void
    language sql volatile
    as $$
      update facility f set
        substance_ids = n.substances, group_cubic_metres = n.cubic_metres, group_tonnes = n.tonnes
      from (
        select i.id,
          coalesce((select array_agg(distinct s.substance_id order by s.substance_id)
            from stored_substance s where s.facility_id = i.id), '{}') as substances,
          coalesce(g.cubic_metres, '{}') as cubic_metres,
          coalesce(g.tonnes, '{}') as tonnes
        from unnest(ids) as i(id)
        left join lateral (
          select array_agg(p.cubic_metres order by slot.g) as cubic_metres, array_agg(p.tonnes order by slot.g) as tonnes
          from generate_series(1, (select max(id) from substance_group)) as slot(g)
          left join (
            select c.group_id,
              sum(case s.unit when 'm3' then s.quantity when 'liter' then s.quantity / 1000 else 0 end)::float8 as cubic_metres,
              sum(case s.unit when 'tonn' then s.quantity when 'kg' then s.quantity / 1000 else 0 end)::float8 as tonnes
            from stored_substance s join substance c on c.id = s.substance_id
            where s.facility_id = i.id
            group by c.group_id
          ) p on p.group_id = slot.g
          having count(p.group_id) > 0
        ) g on true
      ) n
      where f.id = n.id
        and (f.substance_ids, f.group_cubic_metres, f.group_tonnes)
          is distinct from (n.substances, n.cubic_metres, n.tonnes)
    $$`.execute(db);
  await sql`select fast_refresh_substances(array(select distinct facility_id from stored_substance))`.execute(db);

  await sql`drop index facility_band_idx`.execute(db);
  await sql`
    create index facility_band_idx on facility ((floor(latitude * 20)::integer), longitude)
    include (latitude, id, municipality_id, is_explosives, group_cubic_metres, group_tonnes)`.execute(db);
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index facility_band_idx`.execute(db);
  await sql`
    create index facility_band_idx on facility ((floor(latitude * 20)::integer), longitude)
    include (latitude, id, municipality_id, is_explosives)`.execute(db);
  await sql`
    create or replace function fast_refresh_substances(ids integer[]) returns void
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
  await sql`alter table facility drop column group_cubic_metres, drop column group_tonnes`.execute(db);
}
