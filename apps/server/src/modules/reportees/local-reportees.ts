import type { Db } from '../../db/database.ts';
import type { ReporteeProvider } from './reportee-provider.ts';

/** Reportees from the user_organisation table (development, tests, and installations without Altinn). */
export function localReportees(db: Db): ReporteeProvider {
  return {
    async list(user) {
      const rows = await db
        .selectFrom('user_organisation')
        .innerJoin('organisation', 'organisation.organisation_number', 'user_organisation.organisation_number')
        .select(['organisation.name', 'organisation.organisation_number'])
        .where('user_organisation.user_id', '=', user.id)
        .orderBy('organisation.name')
        .execute();
      return rows.map((r) => ({ name: r.name, organizationNumber: r.organisation_number }));
    },
    async represents(user, organisationNumber) {
      const row = await db
        .selectFrom('user_organisation')
        .select('organisation_number')
        .where('user_id', '=', user.id)
        .where('organisation_number', '=', organisationNumber)
        .executeTakeFirst();
      return row !== undefined;
    },
  };
}
