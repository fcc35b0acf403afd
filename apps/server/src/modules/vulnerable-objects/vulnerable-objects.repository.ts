import type { Db } from '../../db/database.ts';
import { insertFromJson } from '../../db/sql.ts';
import type { LatLon } from '../geodesy/geodesic.ts';
import type { VulnerableObjectRow } from '../reference-layers/vulnerable-objects-file.ts';

/** Writes a batch of a loading version's objects (one statement, the rows as one JSON parameter). */
export async function insertVulnerableObjects(db: Db, versionId: number, rows: readonly VulnerableObjectRow[]): Promise<void> {
  const statement = insertFromJson(
    'vulnerable_object',
    rows.map((row) => ({
      version_id: versionId,
      source_id: row.sourceId,
      kind: row.kind,
      name: row.name,
      address: row.address,
      municipality_id: row.municipalityId,
      capacity: row.capacity,
      latitude: row.latitude,
      longitude: row.longitude,
    })),
  );
  if (statement) await statement.execute(db);
}

const COLUMNS = ['source_id', 'kind', 'name', 'address', 'municipality_id', 'capacity', 'latitude', 'longitude'] as const;

function activeObjects(db: Db, versionId: number) {
  return db.selectFrom('vulnerable_object').select(COLUMNS).where('version_id', '=', versionId);
}

export type VulnerableObjectRecord = Awaited<ReturnType<typeof findAllVulnerableObjects>>[number];

/** Metres per degree of latitude, at least (the meridian degree is 110 574 m at the equator). */
const METRES_PER_DEGREE = 110_500;

/**
 * The version's objects in the latitude and longitude band around `centre` that holds every point
 * within `metres` of it (a little more: the caller measures each on the ellipsoid).
 */
export async function findVulnerableObjectsNear(db: Db, versionId: number, centre: LatLon, metres: number) {
  const dLatitude = metres / METRES_PER_DEGREE;
  const cosine = Math.max(Math.cos(((Math.abs(centre.latitude) + dLatitude) * Math.PI) / 180), 0.01);
  const dLongitude = Math.min(dLatitude / cosine, 180);
  return activeObjects(db, versionId)
    .where('latitude', '>=', centre.latitude - dLatitude)
    .where('latitude', '<=', centre.latitude + dLatitude)
    .where('longitude', '>=', centre.longitude - dLongitude)
    .where('longitude', '<=', centre.longitude + dLongitude)
    .execute();
}

/** Every object of the version, for the map layer. */
export async function findAllVulnerableObjects(db: Db, versionId: number) {
  return activeObjects(db, versionId).orderBy('source_id').execute();
}
