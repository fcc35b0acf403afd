import type { Reportee } from '@fast/contracts';
import type { Db } from '../../db/database.ts';

/** The organisations the user_organisation table lets a user represent, by name. */
export async function findLocalReportees(db: Db, userId: string): Promise<Reportee[]> {
  const rows = await db
    .selectFrom('user_organisation')
    .innerJoin('organisation', 'organisation.organisation_number', 'user_organisation.organisation_number')
    .select(['organisation.name', 'organisation.organisation_number'])
    .where('user_organisation.user_id', '=', userId)
    .orderBy('organisation.name')
    .execute();
  return rows.map((r) => ({ name: r.name, organizationNumber: r.organisation_number }));
}

export async function representsLocally(db: Db, userId: string, organisationNumber: string): Promise<boolean> {
  const row = await db
    .selectFrom('user_organisation')
    .select('organisation_number')
    .where('user_id', '=', userId)
    .where('organisation_number', '=', organisationNumber)
    .executeTakeFirst();
  return row !== undefined;
}

/** Altinn's reportees kept as organisations (names brought up to date), for the access tables to refer to. */
export async function saveOrganisations(db: Db, reportees: readonly Reportee[]): Promise<void> {
  if (reportees.length === 0) return;
  await db
    .insertInto('organisation')
    .values(reportees.map((r) => ({ organisation_number: r.organizationNumber, name: r.name })))
    .onConflict((oc) => oc.column('organisation_number').doUpdateSet((eb) => ({ name: eb.ref('excluded.name') })))
    .execute();
}
