import type { ZoneGeometry } from '@fast/contracts';
import { geodesicBetween, geodesicDirect, type LatLon } from '../geodesy/geodesic.ts';

const position = ({ latitude, longitude }: LatLon): [number, number] => [
  Math.round(longitude * 1e9) / 1e9,
  Math.round(latitude * 1e9) / 1e9,
];

/**
 * A circle on the WGS84 ellipsoid: every vertex at the radius along the geodesic from the centre,
 * counter-clockwise as GeoJSON wants outer rings. 128 vertices: the chords cut at most 0.03 % of
 * the radius (half a metre at 1 600 m).
 */
export function geodesicCircle(center: LatLon, radiusMetres: number, vertices = 128): ZoneGeometry {
  const ring: [number, number][] = [];
  for (let i = 0; i < vertices; i++) ring.push(position(geodesicDirect(center, 360 - (360 * i) / vertices, radiusMetres)));
  ring.push(ring[0] as [number, number]);
  return { type: 'Polygon', coordinates: [ring] };
}

/**
 * The ERG's protective action zone: a square whose side is the protective action distance, its
 * upwind side centred on the spill, lying downwind. The upwind corners lie half a side to each
 * side of the spill, at right angles to the wind; the downwind corners one side further on, along
 * the geodesics that leave the upwind corners in the downwind direction. Each side is subdivided so
 * that the drawn edges follow the geodesics.
 */
export function downwindSquare(spill: LatLon, downwindDegrees: number, sideMetres: number, perSide = 16): ZoneGeometry {
  const left = geodesicDirect(spill, downwindDegrees - 90, sideMetres / 2);
  const right = geodesicDirect(spill, downwindDegrees + 90, sideMetres / 2);
  // The downwind direction at each upwind corner: the spill's downwind azimuth carried along the cross-wind geodesic.
  const leftFar = geodesicDirect(left, left.azimuth + 90, sideMetres);
  const rightFar = geodesicDirect(right, right.azimuth - 90, sideMetres);
  const edge = (from: LatLon, to: LatLon): [number, number][] => {
    const { metres, azimuth } = geodesicBetween(from, to);
    return Array.from({ length: perSide }, (_, i) => position(geodesicDirect(from, azimuth, (metres * i) / perSide)));
  };
  // Counter-clockwise seen from above: left upwind, right upwind, right downwind, left downwind.
  const ring = [...edge(left, right), ...edge(right, rightFar), ...edge(rightFar, leftFar), ...edge(leftFar, left)];
  ring.push(ring[0] as [number, number]);
  return { type: 'Polygon', coordinates: [ring] };
}

/** The direction the wind blows to, from the direction it blows from (0 ≤ d < 360). */
export function downwindOf(windFromDegrees: number): number {
  return (((windFromDegrees + 180) % 360) + 360) % 360;
}
