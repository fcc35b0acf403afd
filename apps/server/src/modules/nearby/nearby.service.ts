import { NEARBY_MAX_FACILITIES, type NearbyRequest } from '@fast/contracts';
import type { Db } from '../../db/database.ts';
import type { Scope } from '../identity/identity.ts';
import { type SubstanceTotalRow, substanceTotals } from '../map/map.repository.ts';
import { type SubstanceTotalRow as FacilitySubstanceRow, findSubstanceTotals } from '../search/search.repository.ts';
import { geodesicInverse } from './geodesic.ts';
import { type BBox, findNearbyDetails, findPositionsInBox, type NearbyDetailRow, type PositionRow } from './nearby.repository.ts';

// The shortest degree of latitude on WGS84 (at the equator) and the longest parallel degree at
// the equator: a box from them holds every point within the radius, with a margin for rounding.
const MIN_METRES_PER_DEGREE_LATITUDE = 110_574;
const EQUATOR_METRES_PER_DEGREE_LONGITUDE = 111_319;
const MARGIN = 1.01;

/** A longitude/latitude box that certainly holds the geodesic circle (the index's prefilter). */
export function circleBox(latitude: number, longitude: number, radiusMeters: number): BBox {
  const dLat = (radiusMeters / MIN_METRES_PER_DEGREE_LATITUDE) * MARGIN;
  const south = Math.max(-90, latitude - dLat);
  const north = Math.min(90, latitude + dLat);
  const poleward = Math.max(Math.abs(south), Math.abs(north));
  // Near a pole (or a circle around it) the box takes every longitude.
  if (poleward >= 89) return [-180, south, 180, north];
  const dLon = (radiusMeters / (EQUATOR_METRES_PER_DEGREE_LONGITUDE * Math.cos((poleward * Math.PI) / 180))) * MARGIN;
  if (dLon >= 180) return [-180, south, 180, north];
  // Facilities are in Norway, far from the antimeridian: a box that would cross it is cut at it.
  return [Math.max(-180, longitude - dLon), south, Math.min(180, longitude + dLon), north];
}

export interface PlacedFacility extends PositionRow {
  distanceMeters: number;
  bearingDegrees: number;
}

/** Every facility of the scope within the radius, nearest first (ties by id): the geodesic test after the box. */
export async function facilitiesWithin(db: Db, scope: Scope, request: NearbyRequest): Promise<PlacedFacility[]> {
  const { latitude, longitude, radiusMeters } = request;
  const candidates = await findPositionsInBox(db, scope, circleBox(latitude, longitude, radiusMeters));
  const inside: PlacedFacility[] = [];
  for (const candidate of candidates) {
    const { distanceMeters, bearingDegrees } = geodesicInverse(latitude, longitude, candidate.latitude, candidate.longitude);
    if (distanceMeters <= radiusMeters) inside.push({ ...candidate, distanceMeters, bearingDegrees });
  }
  return inside.sort((a, b) => a.distanceMeters - b.distanceMeters || a.id - b.id);
}

export interface NearbyResult {
  request: NearbyRequest;
  /** Every facility inside, nearest first. */
  inside: PlacedFacility[];
  /** The listed ones (the nearest NEARBY_MAX_FACILITIES), in that order, with what the list shows. */
  listed: (PlacedFacility & { detail: NearbyDetailRow; substances: FacilitySubstanceRow[] })[];
  totals: SubstanceTotalRow[];
}

/** POST /api/v1/facilities/nearby: the facilities around a point and what they store. */
export async function nearbyFacilities(db: Db, scope: Scope, request: NearbyRequest): Promise<NearbyResult> {
  const inside = await facilitiesWithin(db, scope, request);
  const first = inside.slice(0, NEARBY_MAX_FACILITIES);
  const firstIds = first.map((f) => f.id);
  const [details, substances, totals] = await Promise.all([
    findNearbyDetails(db, scope, firstIds),
    findSubstanceTotals(db, firstIds),
    substanceTotals(
      db,
      inside.map((f) => f.id),
    ),
  ]);
  const detailOf = new Map(details.map((d) => [d.id, d]));
  const substancesOf = new Map<number, FacilitySubstanceRow[]>();
  for (const s of substances) {
    const list = substancesOf.get(s.facility_id);
    if (list) list.push(s);
    else substancesOf.set(s.facility_id, [s]);
  }
  const listed = first.flatMap((f) => {
    const detail = detailOf.get(f.id);
    // Gone or moved out of the scope since the positions were read: left out, never shown.
    return detail ? [{ ...f, detail, substances: substancesOf.get(f.id) ?? [] }] : [];
  });
  return { request, inside, listed, totals };
}
