import type { ReferenceLayerName } from '@fast/contracts';
import { type Selectable, sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { ReferenceLayerVersionTable } from '../../db/reference-layer-tables.ts';

/**
 * The versions of the reference layers (migration 2026_11_29_1500): a load writes its rows under a
 * `loading` version no reader looks at, then `activateVersion` makes it the active one in one short
 * transaction. Readers ask for `activeVersionId`'s rows, so they see one version whole.
 */

export type LayerVersionRow = Selectable<ReferenceLayerVersionTable>;

export interface NewVersion {
  layer: ReferenceLayerName;
  source: string;
  fileName: string | null;
  sha256: string;
  sizeBytes: number;
  loadedBy: string;
}

/** A `loading` version with the layer's next number. One load per layer at a time (the caller's lock). */
export async function startVersion(db: Db, version: NewVersion): Promise<LayerVersionRow> {
  return db.transaction().execute(async (trx) => {
    const last = await trx
      .selectFrom('reference_layer_version')
      .select((eb) => eb.fn.max('version').as('version'))
      .where('layer', '=', version.layer)
      .executeTakeFirst();
    return trx
      .insertInto('reference_layer_version')
      .values({
        layer: version.layer,
        version: (last?.version ?? 0) + 1,
        state: 'loading',
        source: version.source,
        file_name: version.fileName,
        sha256: version.sha256,
        size_bytes: version.sizeBytes,
        loaded_by: version.loadedBy,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
  });
}

/**
 * Makes a loaded version the active one: the active becomes the previous, and the previous before
 * it goes with its rows. One transaction, so a reader sees the old layer or the new one.
 */
export async function activateVersion(db: Db, id: number, rowCount: number): Promise<LayerVersionRow> {
  return db.transaction().execute(async (trx) => {
    const loading = await trx
      .selectFrom('reference_layer_version')
      .select('layer')
      .where('id', '=', id)
      .where('state', '=', 'loading')
      .executeTakeFirstOrThrow();
    await trx.deleteFrom('reference_layer_version').where('layer', '=', loading.layer).where('state', '=', 'previous').execute();
    await trx
      .updateTable('reference_layer_version')
      .set({ state: 'previous' })
      .where('layer', '=', loading.layer)
      .where('state', '=', 'active')
      .execute();
    return trx
      .updateTable('reference_layer_version')
      .set({ state: 'active', row_count: rowCount, loaded_at: new Date() })
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirstOrThrow();
  });
}

/** Rows deleted per statement when a version goes: PGlite's one session serves readers between them. */
const DELETE_BATCH = 20_000;

/**
 * Removes the layer's previous version, its rows in batches (a layer is millions of rows), before
 * a new version is made active: the one a rollback would have brought back is replaced anyway.
 */
export async function discardPrevious(db: Db, layer: ReferenceLayerName): Promise<void> {
  const previous = await db
    .selectFrom('reference_layer_version')
    .select('id')
    .where('layer', '=', layer)
    .where('state', '=', 'previous')
    .executeTakeFirst();
  if (!previous) return;
  // Millions of addresses go in batches; the vulnerable objects (thousands) with their version, by the cascade.
  while (layer === 'addresses') {
    const deleted = await db
      .deleteFrom('address')
      .where('version_id', '=', previous.id)
      .where('id', 'in', (eb) => eb.selectFrom('address').select('id').where('version_id', '=', previous.id).limit(DELETE_BATCH))
      .executeTakeFirst();
    if (Number(deleted.numDeletedRows) === 0) break;
  }
  await db.deleteFrom('reference_layer_version').where('id', '=', previous.id).execute();
}

/** Removes a version that did not become active (a failed load) with its rows. */
export async function discardVersion(db: Db, id: number): Promise<void> {
  await db.deleteFrom('reference_layer_version').where('id', '=', id).where('state', '=', 'loading').execute();
}

/** Removes the versions a killed load left `loading`; answers how many. */
export async function discardUnfinishedVersions(db: Db): Promise<number> {
  const removed = await db.deleteFrom('reference_layer_version').where('state', '=', 'loading').executeTakeFirst();
  return Number(removed.numDeletedRows);
}

/**
 * Swaps the active and the previous version back; answers the version now active, or null when
 * the layer has no previous version.
 */
export async function rollBackVersion(db: Db, layer: ReferenceLayerName): Promise<LayerVersionRow | null> {
  return db.transaction().execute(async (trx) => {
    const previous = await trx
      .selectFrom('reference_layer_version')
      .select('id')
      .where('layer', '=', layer)
      .where('state', '=', 'previous')
      .forUpdate()
      .executeTakeFirst();
    if (!previous) return null;
    // The partial unique indexes allow one active and one previous: through `loading` to swap them.
    await trx.updateTable('reference_layer_version').set({ state: 'loading' }).where('id', '=', previous.id).execute();
    await trx
      .updateTable('reference_layer_version')
      .set({ state: 'previous' })
      .where('layer', '=', layer)
      .where('state', '=', 'active')
      .execute();
    return trx
      .updateTable('reference_layer_version')
      .set({ state: 'active' })
      .where('id', '=', previous.id)
      .returningAll()
      .executeTakeFirstOrThrow();
  });
}

/** The active and previous version of every layer that has one. */
export async function listVersions(db: Db): Promise<LayerVersionRow[]> {
  return db
    .selectFrom('reference_layer_version')
    .selectAll()
    .where('state', 'in', ['active', 'previous'])
    .orderBy('layer')
    .orderBy('version', 'desc')
    .execute();
}

/** The id of the layer's active version, as a subquery a reader compares its rows' `version_id` with. */
export const activeVersionId = (db: Db, layer: ReferenceLayerName) =>
  db.selectFrom('reference_layer_version as v').select('v.id').where('v.layer', '=', layer).where('v.state', '=', 'active');

/** Whether the layer has been loaded (has an active version), as a value to select. */
export const layerLoaded = (db: Db, layer: ReferenceLayerName) => sql<boolean>`exists(${activeVersionId(db, layer)})`;

/** The layer's active version; null before its first load. */
export async function activeVersion(db: Db, layer: ReferenceLayerName): Promise<LayerVersionRow | null> {
  const row = await db
    .selectFrom('reference_layer_version')
    .selectAll()
    .where('layer', '=', layer)
    .where('state', '=', 'active')
    .executeTakeFirst();
  return row ?? null;
}
