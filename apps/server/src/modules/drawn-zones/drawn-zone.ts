import { haversineMetres, type MapZoneRequest, type ZoneCircle, type ZonePolygon } from '@fast/contracts';
import booleanPointInPolygon from '@turf/boolean-point-in-polygon';
import { validationError } from '../../errors.ts';
import { zoneProblem } from './zone-polygon.ts';

/**
 * A zone drawn on the map (a circle, or a polygon or rectangle) as the server tests it: what the map
 * screen lists the facilities of and the vulnerable objects' layer lists its objects of, by one test.
 */

type Point = [number, number];
type BBox = [number, number, number, number];

const METRES_PER_DEGREE_LATITUDE = 111_195;

/** A zone as the server tests it: a box to ask the database with, and the exact test. */
interface Zone {
  bbox: BBox;
  center: Point;
  contains(point: Point): boolean;
}

function circleZone({ center, radiusMetres }: ZoneCircle): Zone {
  const [lon, lat] = center;
  // A little margin so that the box certainly holds the circle; the haversine test decides.
  const dLat = (radiusMetres / METRES_PER_DEGREE_LATITUDE) * 1.01;
  const cosLat = Math.cos((Math.min(Math.abs(lat) + dLat, 89.9) * Math.PI) / 180);
  const dLon = Math.min(180, dLat / cosLat);
  // A circle over the antimeridian takes in longitudes on both sides: the box is then every longitude.
  const wraps = lon - dLon < -180 || lon + dLon > 180;
  return {
    bbox: wraps ? [-180, lat - dLat, 180, lat + dLat] : [lon - dLon, lat - dLat, lon + dLon, lat + dLat],
    center: [lon, lat],
    contains: (point) => haversineMetres(center, point) <= radiusMetres,
  };
}

function closeRing(ring: Point[]): Point[] {
  const first = ring[0];
  const last = ring[ring.length - 1];
  if (!first || !last) return ring;
  return first[0] === last[0] && first[1] === last[1] ? ring : [...ring, first];
}

function polygonZone(polygon: ZonePolygon): Zone {
  const rings = polygon.coordinates.map((ring) => closeRing(ring.map(([x, y]) => [x, y] as Point)));
  // Read as the map shows it, which holds only for a simple shape away from the antimeridian and the poles.
  const problem = zoneProblem(rings);
  if (problem) throw validationError(problem);
  const outer = rings[0] ?? [];
  const bbox: BBox = [Infinity, Infinity, -Infinity, -Infinity];
  let sumX = 0;
  let sumY = 0;
  for (const [x, y] of outer.slice(0, -1)) {
    bbox[0] = Math.min(bbox[0], x);
    bbox[1] = Math.min(bbox[1], y);
    bbox[2] = Math.max(bbox[2], x);
    bbox[3] = Math.max(bbox[3], y);
    sumX += x;
    sumY += y;
  }
  const vertices = Math.max(1, outer.length - 1);
  if (outer.length < 4 || bbox[0] === bbox[2] || bbox[1] === bbox[3]) {
    throw validationError('Sonen må være et polygon med minst tre ulike hjørner.');
  }
  const geometry = { type: 'Polygon' as const, coordinates: rings };
  return {
    bbox,
    center: [sumX / vertices, sumY / vertices],
    contains: (point) => booleanPointInPolygon(point, geometry),
  };
}

/** A drawn zone as the server tests it; throws a validation error for a polygon it cannot read as drawn. */
export const drawnZone = (request: MapZoneRequest): Zone =>
  'circle' in request ? circleZone(request.circle) : polygonZone(request.polygon);
