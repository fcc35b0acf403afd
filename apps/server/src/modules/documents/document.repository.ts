import type { Db } from '../../db/database.ts';
import { scopeMunicipalityIds } from '../access/scope.ts';
import type { Scope } from '../identity/identity.ts';

export interface DocumentListRow {
  id: number;
  kind: string;
  title: string;
  document_date: string;
  size_bytes: number;
}

export interface DocumentContentRow {
  id: number;
  facility_id: number;
  title: string;
  content_type: string;
  content: Uint8Array | null;
}

/**
 * The stored documents of a facility inside the scope, newest first; undefined when the facility
 * does not exist or lies outside the scope (an empty list would tell that it exists).
 */
export async function listFacilityDocuments(db: Db, scope: Scope, facilityId: number): Promise<DocumentListRow[] | undefined> {
  const rows = await db
    .selectFrom('facility as f')
    .leftJoin('document as d', 'd.facility_id', 'f.id')
    .where('f.id', '=', facilityId)
    .where('f.municipality_id', 'in', scopeMunicipalityIds(db, scope))
    .select(['d.id', 'd.kind', 'd.title', 'd.document_date', 'd.size_bytes'])
    .orderBy('d.document_date', 'desc')
    .orderBy('d.id', 'desc')
    .execute();
  if (rows.length === 0) return undefined;
  return rows.flatMap((r) =>
    r.id === null || r.kind === null || r.title === null || r.document_date === null || r.size_bytes === null
      ? []
      : [{ id: r.id, kind: r.kind, title: r.title, document_date: r.document_date, size_bytes: r.size_bytes }],
  );
}

/** One document with its bytes, only if its facility is inside the scope. */
export async function findDocumentContent(db: Db, scope: Scope, documentId: number): Promise<DocumentContentRow | undefined> {
  return db
    .selectFrom('document as d')
    .innerJoin('facility as f', 'f.id', 'd.facility_id')
    .where('d.id', '=', documentId)
    .where('f.municipality_id', 'in', scopeMunicipalityIds(db, scope))
    .select(['d.id', 'd.facility_id', 'd.title', 'd.content_type', 'd.content'])
    .executeTakeFirst();
}
