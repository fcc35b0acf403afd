import {
  haversineMetres,
  MAP_ZONE_MAX_FACILITIES,
  type MapZoneResult,
  type ProtectiveZonesVulnerable,
  type ZoneGeometry,
} from '@fast/contracts';
import booleanPointInPolygon from '@turf/boolean-point-in-polygon';
import type { Db } from '../../db/database.ts';
import { searchReference } from '../catalogue/search-reference.ts';
import { type CircleQuery, findCircleCandidates, type MeasuredRow } from '../facility/facilities-in-circle.repository.ts';
import { addGroupAmounts, circleQuery, namedGroupTotals } from '../facility/facilities-in-circle.ts';
import { presentSubstanceTotal, presentZoneFacility } from '../facility/facility-summary.presenter.ts';
import type { LatLon } from '../geodesy/geodesic.ts';
import type { Scope } from '../identity/identity.ts';
import { insideOf, presentLayerVersion, vulnerableObjectsNear } from '../vulnerable-objects/vulnerable-objects.service.ts';
import { findZoneListing } from './zone-contents.repository.ts';

/** A metre beyond the farthest vertex, so the haversine prefilter never clips a zone's corner. */
const REACH_MARGIN_METRES = 1;
/** Well beyond a 128-gon's chord depth (0.03 %) and the haversine's own error against the ring. */
const RING_MARGIN = 0.001;

/**
 * A zone's membership test. Every zone is convex and holds the spill (a circle around it, or the
 * square whose upwind side runs through it), so a point nearer the spill than every vertex (less
 * a margin) is inside and one beyond every vertex is outside: the point-in-polygon test is left
 * for the ring's neighbourhood, a few per cent of a dense zone's facilities.
 */
function zoneTest(zone: ZoneGeometry, from: [number, number]): (point: [number, number], distance: number) => boolean {
  const ring = zone.coordinates[0] ?? [];
  const reach = ring.map((v) => haversineMetres(from, [v[0], v[1]]));
  const [inner, outer] = [Math.min(...reach) * (1 - RING_MARGIN), Math.max(...reach) * (1 + RING_MARGIN)];
  return (point, distance) => distance < inner || (distance <= outer && booleanPointInPolygon(point, zone));
}

/** How far from the spill the farthest zone reaches (a metre more); null without a zone. */
function zoneReach(spill: LatLon, zones: readonly (ZoneGeometry | null)[]): number | null {
  const from: [number, number] = [spill.longitude, spill.latitude];
  const vertices = zones.flatMap((zone) => zone?.coordinates[0] ?? []);
  if (vertices.length === 0) return null;
  return Math.max(...vertices.map((v) => haversineMetres(from, [v[0], v[1]]))) + REACH_MARGIN_METRES;
}

/** The nearby query that finds every facility within reach of the spill, each with what it stores. */
export function zoneReachQuery(spill: LatLon, zones: readonly (ZoneGeometry | null)[]): CircleQuery | null {
  const reach = zoneReach(spill, zones);
  if (reach === null) return null;
  // innerMetres < 0: every facility within reach is measured and carries what it stores.
  return { ...circleQuery({ ...spill, radiusMeters: reach }, Number.POSITIVE_INFINITY), innerMetres: -1 };
}

/**
 * The caller's facilities inside each zone, nearest to the spill first, and what they store: one
 * read of the scope's facilities within reach of the spill (the nearby query's band index, with
 * what each stores per group), the point-in-polygon test per zone here, and one read of the
 * listed facilities' details. Two statements for three zones, however many facilities they hold.
 */
export async function facilitiesInZones(
  db: Db,
  scope: Scope,
  spill: LatLon,
  zones: readonly (ZoneGeometry | null)[],
): Promise<(MapZoneResult | null)[]> {
  const query = zoneReachQuery(spill, zones);
  if (query === null) return zones.map(() => null);
  const from: [number, number] = [spill.longitude, spill.latitude];
  const [candidates, reference] = await Promise.all([findCircleCandidates(db, scope, query), searchReference(db)]);
  const measured = candidates.measured.map((row) => ({ row, distance: haversineMetres(from, [row.longitude, row.latitude]) }));
  measured.sort((a, b) => a.distance - b.distance || a.row.id - b.row.id);
  const inside = zones.map((zone) => {
    if (zone === null) return null;
    const contains = zoneTest(zone, from);
    return measured.filter(({ row, distance }) => contains([row.longitude, row.latitude], distance));
  });
  const listed = [...new Set(inside.flatMap((list) => (list ?? []).slice(0, MAP_ZONE_MAX_FACILITIES).map((f) => f.row.id)))];
  const detailOf = new Map((await findZoneListing(db, scope, listed)).map((d) => [d.id, d]));
  return inside.map((list) => {
    if (list === null) return null;
    const amounts = list.flatMap(({ row }: { row: MeasuredRow }) => (row.amounts ? [row.amounts] : []));
    return {
      facilities: list.slice(0, MAP_ZONE_MAX_FACILITIES).flatMap(({ row, distance }) => {
        const detail = detailOf.get(row.id);
        // Gone or moved out of the scope since the positions were read: left out, never shown.
        return detail ? [presentZoneFacility({ ...detail, distance })] : [];
      }),
      totalCount: list.length,
      substanceTotals: namedGroupTotals(addGroupAmounts([], amounts), reference).map(presentSubstanceTotal),
    };
  });
}

/**
 * The schools, kindergartens, care homes and hospitals inside each zone (public data: not scoped),
 * nearest to the spill first, by the same membership test as the facilities.
 */
export async function vulnerableInZones(
  db: Db,
  spill: LatLon,
  zones: readonly [ZoneGeometry, ZoneGeometry | null, ZoneGeometry | null],
): Promise<ProtectiveZonesVulnerable> {
  const { version, objects } = await vulnerableObjectsNear(db, spill, zoneReach(spill, zones) ?? 0);
  const from: [number, number] = [spill.longitude, spill.latitude];
  const inside = (zone: ZoneGeometry | null) => {
    if (zone === null) return null;
    const contains = zoneTest(zone, from);
    return insideOf(objects.filter((o) => contains([o.longitude, o.latitude], haversineMetres(from, [o.longitude, o.latitude]))));
  };
  const [isolation, protectiveAction, fire] = zones;
  return {
    isolation: inside(isolation) ?? insideOf([]),
    protectiveAction: inside(protectiveAction),
    fire: inside(fire),
    layer: presentLayerVersion(version),
  };
}
