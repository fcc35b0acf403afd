import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import { scopeMunicipalityIds } from '../access/scope.ts';
import type { FacilityQuery } from '../facility/facility-rows.repository.ts';
import { facilitySummaries, type PlacedSummaryRow, placed } from '../facility/facility-summaries.repository.ts';
import type { Scope } from '../identity/identity.ts';

/** The municipalities of a scope as one comparable text ("0301,4601"). */
export async function scopeKey(db: Db, scope: Scope): Promise<string> {
  const rows = await scopeMunicipalityIds(db, scope).orderBy('municipality_access.municipality_id').execute();
  return rows.map((r) => r.municipality_id).join(',');
}

export interface SnapshotContent {
  contentId: string;
  scopeKey: string;
  blockSize: number;
  total: number;
}

/**
 * The facilities of the caller's scope that have a position, as of now, in id order, in blocks of
 * `blockSize`: a content taken for the same municipalities at the register's current version if
 * one is kept until at least `reusableUntil`, else a new one. Read at one instant (repeatable
 * read): the scope, the register version and the facilities agree. Shared rows are not written
 * here, so concurrent callers never conflict.
 */
export async function snapshotContent(
  db: Db,
  scope: Scope,
  options: { blockSize: number; expiresAt: Date; reusableUntil: Date },
): Promise<SnapshotContent> {
  return db
    .transaction()
    .setIsolationLevel('repeatable read')
    .execute(async (trx) => {
      const key = await scopeKey(trx, scope);
      const kept = await trx
        .selectFrom('map_snapshot_content')
        .select(['content_id', 'total_count'])
        .where('register_version', '=', sql<number>`(select version from register_version)`)
        .where('block_size', '=', options.blockSize)
        .where('scope_key', '=', key)
        .where('expires_at', '>', options.reusableUntil)
        .orderBy('created_at', 'desc')
        .limit(1)
        .executeTakeFirst();
      if (kept) return { contentId: kept.content_id, scopeKey: key, blockSize: options.blockSize, total: kept.total_count };

      const contentId = randomUUID();
      await sql`
        insert into map_snapshot_content (content_id, scope_key, register_version, block_size, total_count, expires_at)
        select ${contentId}::uuid, ${key}, version, ${options.blockSize}::int, 0, ${options.expiresAt}
        from register_version`.execute(trx);
      // facility.map_tuple is the compact facility as JSON text (see the migration that adds it).
      const facilities = trx
        .selectFrom('facility')
        .select([
          'facility.id',
          'facility.map_tuple',
          sql<number>`(row_number() over (order by facility.id) - 1) / ${options.blockSize}::int`.as('block'),
        ])
        .where('facility.municipality_id', 'in', scopeMunicipalityIds(trx, scope))
        .where('facility.map_tuple', 'is not', null);
      await sql`
        insert into map_snapshot_block (content_id, block, size, facilities)
        select ${contentId}::uuid, s.block, count(*), '[' || string_agg(s.map_tuple, ',' order by s.id) || ']'
        from (${facilities}) s
        group by s.block`.execute(trx);
      const { total } = await trx
        .updateTable('map_snapshot_content')
        .set({
          total_count: sql`(select coalesce(sum(size), 0) from map_snapshot_block where content_id = ${contentId}::uuid)`,
        })
        .where('content_id', '=', contentId)
        .returning('total_count as total')
        .executeTakeFirstOrThrow();
      return { contentId, scopeKey: key, blockSize: options.blockSize, total };
    });
}

/** A caller's pitId on a content; the content is kept at least as long. */
export async function createSnapshot(
  db: Db,
  scope: Scope,
  snapshot: { pitId: string; content: SnapshotContent; expiresAt: Date },
): Promise<void> {
  await db
    .insertInto('map_snapshot')
    .values({
      pit_id: snapshot.pitId,
      user_id: scope.userId,
      organisation_number: scope.organisationNumber,
      scope_key: snapshot.content.scopeKey,
      content_id: snapshot.content.contentId,
      expires_at: snapshot.expiresAt,
    })
    .execute();
  await keepContent(db, snapshot.content.contentId, snapshot.expiresAt);
}

export async function findSnapshot(db: Db, pitId: string) {
  return db
    .selectFrom('map_snapshot as s')
    .innerJoin('map_snapshot_content as c', 'c.content_id', 's.content_id')
    .select([
      's.pit_id',
      's.user_id',
      's.organisation_number',
      's.scope_key',
      's.content_id',
      'c.block_size',
      'c.total_count',
      's.expires_at',
    ])
    .where('s.pit_id', '=', pitId)
    .executeTakeFirst();
}

export async function renewSnapshot(db: Db, snapshot: { pitId: string; contentId: string }, expiresAt: Date): Promise<void> {
  await db.updateTable('map_snapshot').set({ expires_at: expiresAt }).where('pit_id', '=', snapshot.pitId).execute();
  await keepContent(db, snapshot.contentId, expiresAt);
}

function keepContent(db: Db, contentId: string, until: Date) {
  return db
    .updateTable('map_snapshot_content')
    .set({ expires_at: sql`greatest(expires_at, ${until})` })
    .where('content_id', '=', contentId)
    .execute();
}

/** Blocks `first` to `last` (inclusive) of a content, in order, each a JSON array of compact facilities as text. */
export async function readSnapshotBlocks(db: Db, contentId: string, first: number, last: number): Promise<string[]> {
  const rows = await db
    .selectFrom('map_snapshot_block')
    .select('facilities')
    .where('content_id', '=', contentId)
    .where('block', '>=', first)
    .where('block', '<=', last)
    .orderBy('block')
    .execute();
  return rows.map((r) => r.facilities);
}

/**
 * Removes expired pitIds and contents (a content's expiry is its last pitId's, so its pitIds go
 * with it), and a caller's oldest pitIds beyond `keep`. One request prunes at a time on a
 * database, the others skip it: these deletes lock many rows, each in another order (by expiry,
 * by caller, through the contents' cascade), and two requests pruning side by side deadlocked
 * (seen under 200 connections on two servers). What a skipped prune leaves, the next one takes.
 */
export async function pruneSnapshots(db: Db, scope: Scope, now: Date, keep: number): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const { rows } = await sql<{ pruning: boolean }>`
      select pg_try_advisory_xact_lock(hashtext('map_snapshot pruning')) as pruning`.execute(trx);
    if (!rows[0]?.pruning) return;
    await trx.deleteFrom('map_snapshot').where('expires_at', '<', now).execute();
    await trx.deleteFrom('map_snapshot_content').where('expires_at', '<', now).execute();
    const surplus = trx
      .selectFrom('map_snapshot')
      .select('pit_id')
      .where('user_id', '=', scope.userId)
      .where('organisation_number', '=', scope.organisationNumber)
      .orderBy('created_at', 'desc')
      .offset(keep);
    await trx.deleteFrom('map_snapshot').where('pit_id', 'in', surplus).execute();
  });
}

/**
 * The facilities of a search (the search module's scoped filter) that have a position, compact,
 * in id order: the filtered map. Each is JSON text (facility.map_tuple).
 */
export async function compactFacilitiesOfSearch(query: FacilityQuery): Promise<string[]> {
  const rows = await query
    .select('facility.map_tuple')
    .where('facility.map_tuple', 'is not', null)
    .orderBy('facility.id')
    .execute();
  return rows.flatMap((r) => (r.map_tuple === null ? [] : [r.map_tuple]));
}

/** One facility of the scope that has a position, for the map's popup. */
export async function findPopupFacility(db: Db, scope: Scope, id: number): Promise<PlacedSummaryRow | undefined> {
  const [row] = placed(await facilitySummaries(db, scope).where('f.id', '=', id).execute());
  return row;
}

/** The scope's facilities inside a bounding box [west, south, east, north]. */
export async function findFacilitiesInBox(
  db: Db,
  scope: Scope,
  [west, south, east, north]: [number, number, number, number],
): Promise<PlacedSummaryRow[]> {
  const rows = await facilitySummaries(db, scope)
    .where('f.latitude', '>=', south)
    .where('f.latitude', '<=', north)
    .where('f.longitude', '>=', west)
    .where('f.longitude', '<=', east)
    .orderBy('f.id')
    .execute();
  return placed(rows);
}

export async function listGasPipelines(db: Db) {
  return db
    .selectFrom('gas_pipeline')
    .select([
      'id',
      'name',
      'owner',
      'pressure_class',
      'substance',
      'mop_bar',
      'diameter_mm',
      'material',
      'year_built',
      'geometry',
    ])
    .orderBy('id')
    .execute();
}

export type GasPipelineRow = Awaited<ReturnType<typeof listGasPipelines>>[number];

/** Changes whenever a pipeline is added, changed or removed: the gas pipes' ETag. */
export async function gasPipelineVersion(db: Db): Promise<string> {
  const row = await db
    .selectFrom('gas_pipeline')
    .select(sql<string>`md5(coalesce(string_agg(id || ':' || record_hash, ',' order by id), ''))`.as('version'))
    .executeTakeFirstOrThrow();
  return row.version;
}
