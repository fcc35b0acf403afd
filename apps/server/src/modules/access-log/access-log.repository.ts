import type { Db } from '../../db/database.ts';
import { idArray } from '../../db/sql.ts';

export const AccessAction = { VIEW: 'VIEW', DOWNLOAD: 'DOWNLOAD', EXPORT: 'EXPORT', IMPORT: 'IMPORT' } as const;
export type AccessAction = (typeof AccessAction)[keyof typeof AccessAction];

export interface AccessEntry {
  userId: string;
  organisationNumber: string;
  action: AccessAction;
  /** Every facility the action revealed: one for a view or download, all rows of an export; those an import wrote. */
  facilityIds: readonly number[];
  /** The downloaded document, for DOWNLOAD. */
  documentId?: number | null;
  /** Free text such as the export's filter, for later questions about why. */
  detail?: string | null;
}

/**
 * What one answer revealed, as its route's handler names it (plugins/access-log.ts adds who asked,
 * for which organisation, and the action the route declares).
 */
export type AccessFacts = Omit<AccessEntry, 'userId' | 'organisationNumber' | 'action'>;

/** A written entry: what was recorded, with its id and time. */
export type AccessRecord = Required<AccessEntry> & { id: number; occurredAt: Date };

/**
 * Records who read, downloaded, exported or imported which facilities. The server writes it only
 * through plugins/access-log.ts, the one path every route that reveals facility data declares.
 */
export async function recordAccess(db: Db, entry: AccessEntry): Promise<void> {
  await db
    .insertInto('access_log')
    .values({
      user_id: entry.userId,
      organisation_number: entry.organisationNumber,
      action: entry.action,
      facility_ids: idArray(entry.facilityIds),
      document_id: entry.documentId ?? null,
      detail: entry.detail ?? null,
    })
    .execute();
}

/** The log entries that touched a facility, newest first. */
export async function findAccessToFacility(db: Db, facilityId: number, limit = 100): Promise<AccessRecord[]> {
  const rows = await db
    .selectFrom('access_log')
    .selectAll()
    .where('facility_ids', '@>', idArray([facilityId]))
    .orderBy('occurred_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
  return rows.map((r) => ({
    id: r.id,
    occurredAt: r.occurred_at,
    userId: r.user_id,
    organisationNumber: r.organisation_number,
    action: r.action as AccessAction,
    facilityIds: r.facility_ids,
    documentId: r.document_id,
    detail: r.detail,
  }));
}
