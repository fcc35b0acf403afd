import { type SqlBool, sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import { scopeMunicipalityIds } from '../access/scope.ts';
import type { Scope } from '../identity/identity.ts';
import { type FacilitySummaryRow, facilitySummaries } from '../map/map.repository.ts';

/** [west, south, east, north] in degrees. */
export type BBox = [number, number, number, number];

export interface PositionRow {
  id: number;
  longitude: number;
  latitude: number;
  is_explosives: boolean;
}

/**
 * The scope's facilities with a position inside a longitude/latitude box, through the GiST index
 * on point(longitude, latitude) (migration 2026_11_23_1800): the prefilter of a radius search.
 */
export async function findPositionsInBox(db: Db, scope: Scope, [west, south, east, north]: BBox): Promise<PositionRow[]> {
  const rows = await db
    .selectFrom('facility')
    .select(['facility.id', 'facility.longitude', 'facility.latitude', 'facility.is_explosives'])
    .where(
      sql<SqlBool>`point(facility.longitude, facility.latitude) <@ box(point(${west}::float8, ${south}::float8), point(${east}::float8, ${north}::float8))`,
    )
    .where('facility.municipality_id', 'in', scopeMunicipalityIds(db, scope))
    .execute();
  return rows.flatMap((r) =>
    r.longitude === null || r.latitude === null ? [] : [{ ...r, longitude: r.longitude, latitude: r.latitude }],
  );
}

/** What the list shows of each facility (at most NEARBY_MAX_FACILITIES), in no particular order; the scope is applied again. */
export async function findNearbyDetails(db: Db, scope: Scope, ids: readonly number[]): Promise<FacilitySummaryRow[]> {
  if (ids.length === 0) return [];
  return facilitySummaries(db, scope).where('f.id', 'in', ids).execute();
}
