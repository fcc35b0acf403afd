import { haversineMetres } from '@fast/contracts';
import { describe, expect, it } from 'vitest';
import {
  boundsOf,
  circleOfRing,
  circleRing,
  destination,
  type LonLat,
  lineLengthMetres,
  polygonAreaSquareMetres,
} from './geometry.ts';

describe('map geometry', () => {
  it('measures a line along the surface: one degree of latitude is about 111.2 km', () => {
    expect(
      lineLengthMetres([
        [10, 60],
        [10, 61],
      ]),
    ).toBeCloseTo(111_195, -1);
    expect(
      lineLengthMetres([
        [10, 60],
        [10, 60.5],
        [10, 61],
      ]),
    ).toBeCloseTo(111_195, -1);
    expect(lineLengthMetres([[10, 60]])).toBe(0);
  });

  it('puts every vertex of a circle exactly at the radius, and reads centre and radius back', () => {
    const center: LonLat = [5.3221, 60.3913];
    const ring = circleRing(center, 1000);
    expect(ring).toHaveLength(65);
    expect(ring[0]).toEqual(ring[64]);
    for (const vertex of ring) expect(haversineMetres(center, vertex)).toBeCloseTo(1000, 3);
    const read = circleOfRing(ring);
    expect(haversineMetres(read.center, center)).toBeLessThan(0.001);
    expect(read.radius).toBeCloseTo(1000, 1);
  });

  it('computes areas on the sphere: a 1 km circle is about π km², a hole is subtracted', () => {
    const center: LonLat = [10.75, 59.91];
    const big = circleRing(center, 1000, 720);
    const small = circleRing(center, 100, 720);
    expect(polygonAreaSquareMetres([big]) / (Math.PI * 1e6)).toBeCloseTo(1, 3);
    expect(polygonAreaSquareMetres([big, small])).toBeCloseTo(Math.PI * (1000 ** 2 - 100 ** 2), -3);
    // A square of 0.01° × 0.01° at 60° N: 1 112 m × 556 m.
    const square: LonLat[] = [
      [10, 60],
      [10.01, 60],
      [10.01, 60.01],
      [10, 60.01],
      [10, 60],
    ];
    expect(polygonAreaSquareMetres([square])).toBeCloseTo(1_111.95 * 555.9, -3);
  });

  it('finds the destination point and the bounds of points', () => {
    const east = destination([10, 60], 1000, 90);
    expect(haversineMetres([10, 60], east)).toBeCloseTo(1000, 6);
    expect(east[1]).toBeCloseTo(60, 3);
    expect(
      boundsOf([
        [5, 60],
        [10, 58],
        [7, 62],
      ]),
    ).toEqual([5, 58, 10, 62]);
    expect(boundsOf([])).toBeNull();
  });
});
