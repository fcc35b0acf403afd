import type { Db } from '../../db/database.ts';
import { insertFromJson } from '../../db/sql.ts';
import type { AdrRecordRow } from '../reference-layers/adr-table-a-file.ts';
import { activeVersionId } from '../reference-layers/layer-versions.repository.ts';

/** Writes a batch of a loading `adr-table-a` version's entries (one statement, the rows as one JSON parameter). */
export async function insertAdrRecords(db: Db, versionId: number, rows: readonly AdrRecordRow[]): Promise<void> {
  const statement = insertFromJson(
    'adr_record',
    rows.map((row) => ({
      version_id: versionId,
      position: row.position,
      un_number: row.unNumber,
      name_en: row.nameEn,
      adr_class: row.adrClass,
      classification_code: row.classificationCode,
      packing_group: row.packingGroup,
      labels: row.labels,
      hazard_number: row.hazardNumber,
      edition: row.edition,
    })),
  );
  if (statement) await statement.execute(db);
}

/** The active `adr-table-a` version's entries in the file's order; none before its first load. */
export async function findActiveAdrRecords(db: Db) {
  return db
    .selectFrom('adr_record as r')
    .where('r.version_id', '=', activeVersionId(db, 'adr-table-a'))
    .select([
      'r.un_number',
      'r.name_en',
      'r.adr_class',
      'r.classification_code',
      'r.packing_group',
      'r.labels',
      'r.hazard_number',
      'r.edition',
    ])
    .orderBy('r.position')
    .execute();
}
