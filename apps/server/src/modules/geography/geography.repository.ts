import type { Db } from '../../db/database.ts';
import { scopeMunicipalityIds } from '../access/scope.ts';
import type { Scope } from '../identity/identity.ts';

/** The municipalities of the caller's scope with their counties, by county name, then name. */
export async function municipalitiesInScope(db: Db, scope: Scope) {
  return db
    .selectFrom('municipality as m')
    .innerJoin('county as c', 'c.id', 'm.county_id')
    .select(['c.id as county_id', 'c.name as county_name', 'm.id', 'm.display_name as name'])
    .where('m.id', 'in', scopeMunicipalityIds(db, scope))
    .orderBy('c.name')
    .orderBy('m.display_name')
    .execute();
}

export async function allMunicipalities(db: Db) {
  return db
    .selectFrom('municipality as m')
    .innerJoin('county as c', 'c.id', 'm.county_id')
    .select(['m.id', 'm.display_name as name', 'm.county_id', 'c.name as county_name'])
    .orderBy('m.id')
    .execute();
}
