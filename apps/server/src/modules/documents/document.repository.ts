import { jsonArrayFrom } from 'kysely/helpers/postgres';
import type { Db } from '../../db/database.ts';
import { scopeMunicipalityIds } from '../access/scope.ts';
import type { Scope } from '../identity/identity.ts';

/**
 * The stored documents of a facility inside the scope, newest first; undefined when the facility
 * does not exist or lies outside the scope (an empty list would tell that it exists).
 */
export async function listFacilityDocuments(db: Db, scope: Scope, facilityId: number) {
  const facility = await db
    .selectFrom('facility as f')
    .where('f.id', '=', facilityId)
    .where('f.municipality_id', 'in', scopeMunicipalityIds(db, scope))
    .select((eb) =>
      jsonArrayFrom(
        eb
          .selectFrom('document as d')
          .whereRef('d.facility_id', '=', 'f.id')
          .select(['d.id', 'd.kind', 'd.title', 'd.document_date', 'd.size_bytes'])
          .orderBy('d.document_date', 'desc')
          .orderBy('d.id', 'desc'),
      ).as('documents'),
    )
    .executeTakeFirst();
  return facility?.documents;
}

export type DocumentListRow = NonNullable<Awaited<ReturnType<typeof listFacilityDocuments>>>[number];

/** One document with its bytes, only if its facility is inside the scope. */
export async function findDocumentContent(db: Db, scope: Scope, documentId: number) {
  return db
    .selectFrom('document as d')
    .innerJoin('facility as f', 'f.id', 'd.facility_id')
    .where('d.id', '=', documentId)
    .where('f.municipality_id', 'in', scopeMunicipalityIds(db, scope))
    .select(['d.id', 'd.facility_id', 'd.title', 'd.content_type', 'd.content'])
    .executeTakeFirst();
}
