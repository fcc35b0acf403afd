import type { Db } from '../../db/database.ts';
import type { ReporteeProvider } from './reportee-provider.ts';
import { findLocalReportees, representsLocally } from './reportees.repository.ts';

/** Reportees from the user_organisation table (development, tests, and installations without Altinn). */
export function localReportees(db: Db): ReporteeProvider {
  return {
    list: (user) => findLocalReportees(db, user.id),
    represents: (user, organisationNumber) => representsLocally(db, user.id, organisationNumber),
  };
}
