import type { County, Municipality } from '@fast/contracts';
import type { Db } from '../../db/database.ts';
import { scopeMunicipalityIds } from '../access/scope.ts';
import type { Scope } from '../identity/identity.ts';

/** The counties with the municipalities of the caller's scope, both sorted by name. */
export async function countiesInScope(db: Db, scope: Scope): Promise<County[]> {
  const rows = await db
    .selectFrom('municipality as m')
    .innerJoin('county as c', 'c.id', 'm.county_id')
    .select(['c.id as county_id', 'c.name as county_name', 'm.id', 'm.display_name as name'])
    .where('m.id', 'in', scopeMunicipalityIds(db, scope))
    .orderBy('c.name')
    .orderBy('m.display_name')
    .execute();
  const counties = new Map<string, County>();
  for (const row of rows) {
    let county = counties.get(row.county_id);
    if (!county) {
      county = { id: row.county_id, name: row.county_name, children: [] };
      counties.set(row.county_id, county);
    }
    county.children.push({ id: row.id, name: row.name });
  }
  return [...counties.values()];
}

export async function allMunicipalities(db: Db): Promise<Municipality[]> {
  const rows = await db
    .selectFrom('municipality as m')
    .innerJoin('county as c', 'c.id', 'm.county_id')
    .select(['m.id', 'm.display_name as name', 'm.county_id', 'c.name as county_name'])
    .orderBy('m.id')
    .execute();
  return rows.map((r) => ({ id: r.id, name: r.name, countyId: r.county_id, countyName: r.county_name }));
}
