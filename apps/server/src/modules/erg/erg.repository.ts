import type { Db } from '../../db/database.ts';
import { insertFromJson } from '../../db/sql.ts';
import type { ErgRecordRow } from '../reference-layers/hazard-tables-file.ts';
import { activeVersionId } from '../reference-layers/layer-versions.repository.ts';

/** Writes a batch of a loading `hazard-tables` version's records (one statement, the rows as one JSON parameter). */
export async function insertErgRecords(db: Db, versionId: number, rows: readonly ErgRecordRow[]): Promise<void> {
  const statement = insertFromJson(
    'erg_record',
    rows.map((row) => ({
      version_id: versionId,
      position: row.position,
      id_num: row.idNum,
      guide_num: row.guideNum,
      material: row.material,
      edition: row.edition,
      record: row.record,
    })),
  );
  if (statement) await statement.execute(db);
}

/** The active `hazard-tables` version's records in the file's order; none before its first load. */
export async function findActiveErgRecords(db: Db) {
  return db
    .selectFrom('erg_record as r')
    .where('r.version_id', '=', activeVersionId(db, 'hazard-tables'))
    .select(['r.edition', 'r.record'])
    .orderBy('r.position')
    .execute();
}
