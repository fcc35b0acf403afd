import { MAP_ZONE_MAX_VERTICES } from '@fast/contracts';

type Point = readonly [number, number];

/**
 * The farthest latitude the map can show (Web Mercator's edge, where MapLibre stops): a zone is
 * drawn on that map, and nothing beyond it can be.
 */
const MAX_ZONE_LATITUDE = 85.051_128_78;

/**
 * Why FAST cannot take a drawn polygon as the zone it looks like on the map; null when it can.
 * A polygon's longitude and latitude are read as on the map (straight edges between its
 * corners), which is what the user drew only where the polygon is one simple shape on the map:
 * no edge may cross the antimeridian (180°), where the map's two edges meet, or span half the
 * earth, whose direction is ambiguous; no ring may go round a pole (no map shows one); no edge may
 * cross another (a bow tie has no inside). Rings are closed (first corner = last).
 */
export function zoneProblem(rings: readonly (readonly Point[])[]): string | null {
  const vertices = rings.reduce((sum, ring) => sum + Math.max(0, ring.length - 1), 0);
  if (vertices > MAP_ZONE_MAX_VERTICES) {
    return `Sonen har for mange hjørner (${vertices}); FAST tar høyst ${MAP_ZONE_MAX_VERTICES}.`;
  }
  for (const ring of rings) {
    if (ring.some(([, lat]) => Math.abs(lat) > MAX_ZONE_LATITUDE)) {
      return 'Sonen går nærmere polen enn kartet kan vise (85° nord eller sør). Tegn den lenger fra polen.';
    }
    const pole = enclosedPole(ring);
    if (pole) {
      return `Sonen går rundt ${pole === 'north' ? 'Nordpolen' : 'Sydpolen'}. FAST kan ikke tegne en sone rundt en pol; tegn den uten polen.`;
    }
    if (ring.some((point, i) => i > 0 && Math.abs(point[0] - (ring[i - 1] as Point)[0]) >= 180)) {
      return 'Sonen krysser datolinjen (180° øst/vest), og der kan ikke FAST tegne den. Del den i to soner, én på hver side.';
    }
  }
  if (selfIntersects(rings)) {
    return 'Sonens kanter krysser hverandre. Tegn den uten at kantene krysser.';
  }
  return null;
}

/**
 * Whether a ring goes once round a pole: the longitudes of its edges, each taken the short way
 * round, add up to a full turn (a ring that does not enclose a pole adds up to none).
 */
function enclosedPole(ring: readonly Point[]): 'north' | 'south' | null {
  let turn = 0;
  for (let i = 1; i < ring.length; i++) {
    let step = (ring[i] as Point)[0] - (ring[i - 1] as Point)[0];
    if (step > 180) step -= 360;
    else if (step < -180) step += 360;
    turn += step;
  }
  if (Math.abs(turn) < 180) return null;
  const meanLatitude = ring.reduce((sum, [, lat]) => sum + lat, 0) / Math.max(1, ring.length);
  return meanLatitude >= 0 ? 'north' : 'south';
}

interface Edge {
  ring: number;
  index: number;
  a: Point;
  b: Point;
  minX: number;
  maxX: number;
  /** The ring's number of edges, to tell neighbours apart (its first and last edge meet too). */
  count: number;
}

const cross = (o: Point, a: Point, b: Point) => (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0]);

function onSegment(p: Point, a: Point, b: Point): boolean {
  return (
    Math.min(a[0], b[0]) <= p[0] && p[0] <= Math.max(a[0], b[0]) && Math.min(a[1], b[1]) <= p[1] && p[1] <= Math.max(a[1], b[1])
  );
}

/** Whether two segments share any point (crossing, touching or overlapping). */
function segmentsMeet(p1: Point, p2: Point, q1: Point, q2: Point): boolean {
  const d1 = cross(q1, q2, p1);
  const d2 = cross(q1, q2, p2);
  const d3 = cross(p1, p2, q1);
  const d4 = cross(p1, p2, q2);
  if (((d1 > 0 && d2 < 0) || (d1 < 0 && d2 > 0)) && ((d3 > 0 && d4 < 0) || (d3 < 0 && d4 > 0))) return true;
  return (
    (d1 === 0 && onSegment(p1, q1, q2)) ||
    (d2 === 0 && onSegment(p2, q1, q2)) ||
    (d3 === 0 && onSegment(q1, p1, p2)) ||
    (d4 === 0 && onSegment(q2, p1, p2))
  );
}

/** Neighbouring edges of one ring share their common corner, and only that may they share. */
function neighbours(e: Edge, f: Edge): boolean {
  if (e.ring !== f.ring) return false;
  const gap = Math.abs(e.index - f.index);
  return gap === 1 || gap === e.count - 1;
}

const same = (p: Point, q: Point) => p[0] === q[0] && p[1] === q[1];

/**
 * Neighbouring edges meet at their shared corner, and that is all right; they overlap (a spike, a
 * ring that goes back the way it came) when the one runs back along the other.
 */
function foldsBack(e: Edge, f: Edge): boolean {
  const shared = same(e.a, f.a) || same(e.a, f.b) ? e.a : e.b;
  const far = same(e.a, shared) ? e.b : e.a;
  const otherFar = same(f.a, shared) ? f.b : f.a;
  const dot = (far[0] - shared[0]) * (otherFar[0] - shared[0]) + (far[1] - shared[1]) * (otherFar[1] - shared[1]);
  return cross(shared, far, otherFar) === 0 && dot > 0;
}

/**
 * Whether any two edges of the polygon meet other than neighbours at their shared corner: a sweep
 * over the edges sorted by their west end, each compared with the edges still open at it.
 */
function selfIntersects(rings: readonly (readonly Point[])[]): boolean {
  const edges: Edge[] = [];
  rings.forEach((ring, r) => {
    // Repeated corners (a double click) are one corner.
    const corners = ring.filter((p, i) => i === 0 || p[0] !== (ring[i - 1] as Point)[0] || p[1] !== (ring[i - 1] as Point)[1]);
    const count = corners.length - 1;
    for (let i = 0; i < count; i++) {
      const a = corners[i] as Point;
      const b = corners[i + 1] as Point;
      edges.push({ ring: r, index: i, a, b, minX: Math.min(a[0], b[0]), maxX: Math.max(a[0], b[0]), count });
    }
  });
  edges.sort((e, f) => e.minX - f.minX);
  let open: Edge[] = [];
  for (const edge of edges) {
    open = open.filter((o) => o.maxX >= edge.minX);
    for (const other of open) {
      if (neighbours(edge, other)) {
        if (foldsBack(edge, other)) return true;
        continue;
      }
      if (segmentsMeet(edge.a, edge.b, other.a, other.b)) return true;
    }
    open.push(edge);
  }
  return false;
}
