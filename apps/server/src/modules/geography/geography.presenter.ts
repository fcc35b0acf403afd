import type { County, Municipality } from '@fast/contracts';
import type { allMunicipalities, municipalitiesInScope } from './geography.repository.ts';

type Rows<F extends (...args: never[]) => Promise<unknown[]>> = Awaited<ReturnType<F>>;

/** Municipality rows (by county, then name) → the counties with their municipalities, in that order. */
export function presentCounties(rows: Rows<typeof municipalitiesInScope>): County[] {
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

export function presentMunicipalities(rows: Rows<typeof allMunicipalities>): Municipality[] {
  return rows.map((r) => ({ id: r.id, name: r.name, countyId: r.county_id, countyName: r.county_name }));
}
