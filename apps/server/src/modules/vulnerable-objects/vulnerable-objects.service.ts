import {
  haversineMetres,
  VULNERABLE_MAX_LISTED,
  VULNERABLE_OBJECT_KINDS,
  type VulnerableInside,
  type VulnerableObject,
  type VulnerableObjectCollection,
  type VulnerableWithinRequest,
  type VulnerableWithinResponse,
  type ZonePolygon,
} from '@fast/contracts';
import type { Db } from '../../db/database.ts';
import { drawnZone } from '../drawn-zones/drawn-zone.ts';
import { geodesicInverse, type LatLon } from '../geodesy/geodesic.ts';
import { activeVersion, type LayerVersionRow } from '../reference-layers/layer-versions.repository.ts';
import {
  findAllVulnerableObjects,
  findVulnerableObjectsNear,
  type VulnerableObjectRecord,
} from './vulnerable-objects.repository.ts';

/**
 * Schools, kindergartens, care homes and hospitals near a point (issue 37), from the active
 * version of the `vulnerable-objects` layer. Public data: no scope, whoever asks.
 */

/** An object measured from a centre on the WGS84 ellipsoid. */
function measure(record: VulnerableObjectRecord, centre: LatLon): VulnerableObject {
  const { distanceMeters, bearingDegrees } = geodesicInverse(
    centre.latitude,
    centre.longitude,
    record.latitude,
    record.longitude,
  );
  return {
    sourceId: record.source_id,
    kind: record.kind,
    name: record.name,
    address: record.address,
    municipalityId: record.municipality_id,
    latitude: record.latitude,
    longitude: record.longitude,
    capacity: record.capacity,
    distanceMeters: Math.round(distanceMeters * 10) / 10,
    bearingDegrees: (Math.round(bearingDegrees * 10) / 10) % 360,
  };
}

const nearestFirst = (a: VulnerableObject, b: VulnerableObject) =>
  a.distanceMeters - b.distanceMeters || (a.sourceId < b.sourceId ? -1 : a.sourceId > b.sourceId ? 1 : 0);

export function presentLayerVersion(version: LayerVersionRow | null): VulnerableWithinResponse['layer'] {
  return version && { version: version.version, source: version.source, loadedAt: version.loaded_at.toISOString() };
}

/** The objects of a circle or zone, nearest first, listed up to VULNERABLE_MAX_LISTED, and their totals by kind. */
export function insideOf(objects: readonly VulnerableObject[]): VulnerableInside {
  const sorted = [...objects].sort(nearestFirst);
  const totals = VULNERABLE_OBJECT_KINDS.flatMap((kind) => {
    const ofKind = sorted.filter((o) => o.kind === kind);
    if (ofKind.length === 0) return [];
    const known = ofKind.flatMap((o) => (o.capacity === null ? [] : [o.capacity]));
    return [{ kind, count: ofKind.length, capacity: known.reduce((sum, c) => sum + c, 0), capacityKnown: known.length }];
  });
  return { objects: sorted.slice(0, VULNERABLE_MAX_LISTED), totalCount: sorted.length, totals };
}

/**
 * The active version and every object within `metres` of `centre` on the ellipsoid, measured
 * from it; no objects when the layer has not been loaded.
 */
export async function vulnerableObjectsNear(
  db: Db,
  centre: LatLon,
  metres: number,
): Promise<{ version: LayerVersionRow | null; objects: VulnerableObject[] }> {
  const version = await activeVersion(db, 'vulnerable-objects');
  if (!version) return { version, objects: [] };
  const records = await findVulnerableObjectsNear(db, version.id, centre, metres);
  const objects = records.map((record) => measure(record, centre)).filter((o) => o.distanceMeters <= metres);
  return { version, objects };
}

/** POST /api/v1/vulnerable-objects/within. */
export async function vulnerableWithin(db: Db, request: VulnerableWithinRequest): Promise<VulnerableWithinResponse> {
  const { version, objects } = await vulnerableObjectsNear(db, request, request.radiusMeters);
  return { ...insideOf(objects), layer: presentLayerVersion(version) };
}

/**
 * POST /api/v1/vulnerable-objects/inside: the objects inside a drawn polygon, by the map zone's
 * own test (its facilities' list beside it), measured from its centre (the vertices' mean).
 */
export async function vulnerableInsidePolygon(db: Db, polygon: ZonePolygon): Promise<VulnerableWithinResponse> {
  const zone = drawnZone({ polygon });
  const [west, south, east, north] = zone.bbox;
  const reach = Math.max(
    ...[
      [west, south],
      [west, north],
      [east, south],
      [east, north],
    ].map((corner) => haversineMetres(zone.center, corner as [number, number])),
  );
  // The objects within the farthest corner (on the ellipsoid, a hair beyond the sphere's), then the zone's test.
  const centre = { latitude: zone.center[1], longitude: zone.center[0] };
  const { version, objects } = await vulnerableObjectsNear(db, centre, reach * 1.01);
  return { ...insideOf(objects.filter((o) => zone.contains([o.longitude, o.latitude]))), layer: presentLayerVersion(version) };
}

/** GET /api/v1/map/vulnerable-objects: the whole active layer as points, and its version for the ETag. */
export async function vulnerableObjectLayer(db: Db): Promise<{ etag: string; collection: VulnerableObjectCollection }> {
  const version = await activeVersion(db, 'vulnerable-objects');
  const records = version ? await findAllVulnerableObjects(db, version.id) : [];
  return {
    etag: version ? `"vulnerable-${version.id}"` : '"vulnerable-none"',
    collection: {
      type: 'FeatureCollection',
      features: records.map((r) => ({
        type: 'Feature',
        geometry: { type: 'Point', coordinates: [r.longitude, r.latitude] },
        properties: { sourceId: r.source_id, kind: r.kind, name: r.name, address: r.address, capacity: r.capacity },
      })),
      layer: presentLayerVersion(version),
    },
  };
}
