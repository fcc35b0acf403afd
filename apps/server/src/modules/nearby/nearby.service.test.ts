import fc from 'fast-check';
import geographiclib from 'geographiclib-geodesic';
import { describe, expect, it } from 'vitest';
import { circleBox } from '../facility/facilities-in-circle.ts';
import { byHaversine, listingCandidates, placeWithin } from './nearby.service.ts';

const WGS84 = geographiclib.Geodesic.WGS84;

const norwegianCentre = fc.record({
  latitude: fc.double({ min: 57, max: 71, noNaN: true }),
  longitude: fc.double({ min: 4, max: 31, noNaN: true }),
});
const radius = fc.double({ min: 1, max: 50_000, noNaN: true });

/** Facilities at [azimuth, metres] from `center` on the geodesic, ids 1, 2, … */
const spotsAround = (center: { latitude: number; longitude: number }, spots: readonly (readonly [number, number])[]) =>
  spots.map(([azimuth, metres], index) => {
    const point = WGS84.Direct(center.latitude, center.longitude, azimuth, metres);
    return { id: index + 1, latitude: point.lat2 as number, longitude: point.lon2 as number, is_explosives: false };
  });

describe('placeWithin', () => {
  it('finds exactly the facilities within the radius and the nearest of them, as GeographicLib alone would', () => {
    fc.assert(
      fc.property(
        norwegianCentre,
        radius,
        fc.array(fc.tuple(fc.double({ min: 0, max: 360, noNaN: true }), fc.double({ min: 0, max: 1.3, noNaN: true })), {
          maxLength: 60,
        }),
        fc.integer({ min: 1, max: 20 }),
        (center, radiusMeters, spots, limit) => {
          const candidates = spotsAround(
            center,
            spots.map(([azimuth, share]) => [azimuth, share * radiusMeters] as const),
          );
          const exact = candidates
            .map((c) => ({
              id: c.id,
              distance: WGS84.Inverse(center.latitude, center.longitude, c.latitude, c.longitude).s12 as number,
            }))
            .filter((c) => c.distance <= radiusMeters)
            .sort((a, b) => a.distance - b.distance || a.id - b.id);
          const request = { ...center, radiusMeters };
          const { inside, nearest } = placeWithin(byHaversine(candidates, request), request, limit);
          expect(inside.map((c) => c.id).sort((a, b) => a - b)).toEqual(exact.map((c) => c.id).sort((a, b) => a - b));
          expect(nearest.map((c) => c.id)).toEqual(exact.slice(0, limit).map((c) => c.id));
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe('listingCandidates', () => {
  it('holds every facility placeWithin lists, whatever the order by haversine', () => {
    fc.assert(
      fc.property(
        norwegianCentre,
        radius,
        // Many at almost one distance in different directions, where haversine and the geodesic
        // order them differently.
        fc.double({ min: 0.05, max: 1.3, noNaN: true }),
        fc.array(fc.tuple(fc.double({ min: 0, max: 360, noNaN: true }), fc.double({ min: 0.998, max: 1.002, noNaN: true })), {
          maxLength: 60,
        }),
        fc.integer({ min: 1, max: 20 }),
        (center, radiusMeters, share, spots, limit) => {
          const candidates = spotsAround(
            center,
            spots.map(([azimuth, spread]) => [azimuth, share * spread * radiusMeters]),
          );
          const request = { ...center, radiusMeters };
          const near = byHaversine(candidates, request);
          const listed = new Set(listingCandidates(near, request, limit));
          for (const f of placeWithin(near, request, limit).nearest) expect(listed.has(f.id)).toBe(true);
        },
      ),
      { numRuns: 1000 },
    );
  });

  it('reads little more than the nearest when many are certainly inside', () => {
    const center = { latitude: 60.39, longitude: 5.32 };
    const candidates = spotsAround(
      center,
      Array.from({ length: 200 }, (_, i): [number, number] => [(i * 37) % 360, 10 * (i + 1)]),
    );
    const request = { ...center, radiusMeters: 5_000 };
    expect(listingCandidates(byHaversine(candidates, request), request, 50)).toEqual(Array.from({ length: 51 }, (_, i) => i + 1));
  });
});

describe('circleBox', () => {
  it('holds every point of the circle', () => {
    fc.assert(
      fc.property(
        fc.double({ min: -89.9, max: 89.9, noNaN: true }),
        fc.double({ min: -170, max: 170, noNaN: true }),
        fc.double({ min: 1, max: 50_000, noNaN: true }),
        fc.double({ min: 0, max: 360, noNaN: true }),
        (latitude, longitude, radius, azimuth) => {
          const [west, south, east, north] = circleBox(latitude, longitude, radius);
          const edge = WGS84.Direct(latitude, longitude, azimuth, radius);
          const lat = edge.lat2 as number;
          const lon = edge.lon2 as number;
          expect(lat).toBeGreaterThanOrEqual(south);
          expect(lat).toBeLessThanOrEqual(north);
          // A box cut at the antimeridian loses only what lies beyond it, where no facility is.
          if (Math.abs(lon - longitude) < 180) {
            expect(lon).toBeGreaterThanOrEqual(west);
            expect(lon).toBeLessThanOrEqual(east);
          }
        },
      ),
      { numRuns: 2000 },
    );
  });
});
