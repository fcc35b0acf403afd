import type { Db } from '../../db/database.ts';

/** Organisations that have asked for or hold access: the choices of the console's organisation filter. */
export async function organisationsWithAccessEntries(db: Db) {
  return db
    .selectFrom('organisation as o')
    .select(['o.organisation_number', 'o.name'])
    .where((eb) =>
      eb.exists(
        eb.selectFrom('municipality_access as a').select('a.id').whereRef('a.organisation_number', '=', 'o.organisation_number'),
      ),
    )
    .orderBy('o.name')
    .execute();
}

export async function userExists(db: Db, userId: string): Promise<boolean> {
  return (await db.selectFrom('app_user').select('id').where('id', '=', userId).executeTakeFirst()) !== undefined;
}

export async function municipalityExists(db: Db, code: string): Promise<boolean> {
  return (await db.selectFrom('municipality').select('id').where('id', '=', code).executeTakeFirst()) !== undefined;
}

export async function countyExists(db: Db, id: string): Promise<boolean> {
  return (await db.selectFrom('county').select('id').where('id', '=', id).executeTakeFirst()) !== undefined;
}

export async function organisationExists(db: Db, organisationNumber: string): Promise<boolean> {
  return (
    (await db
      .selectFrom('organisation')
      .select('organisation_number')
      .where('organisation_number', '=', organisationNumber)
      .executeTakeFirst()) !== undefined
  );
}
