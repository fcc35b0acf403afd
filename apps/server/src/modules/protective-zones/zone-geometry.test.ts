import geographiclib from 'geographiclib-geodesic';
import { describe, expect, it } from 'vitest';
import { downwindOf, downwindSquare, geodesicCircle } from './zone-geometry.ts';

const WGS84 = geographiclib.Geodesic.WGS84;
const BERGEN = { latitude: 60.3913, longitude: 5.3221 };
const inverse = (lon: number, lat: number) => WGS84.Inverse(BERGEN.latitude, BERGEN.longitude, lat, lon);

describe('downwindOf', () => {
  it('turns where the wind blows from into where it blows to', () => {
    expect([225, 0, 360, 90, 180, 359.5].map(downwindOf)).toEqual([45, 180, 180, 270, 0, 179.5]);
  });
});

describe('downwindSquare', () => {
  for (const [windFrom, side] of [
    [225, 2_400],
    [0, 11_000],
    [90, 100],
    [300, 5_400],
  ] as const) {
    it(`wind from ${windFrom}°, ${side} m: its centre lies downwind at half the side, its sides the distance`, () => {
      const downwind = downwindOf(windFrom);
      const ring = downwindSquare(BERGEN, downwind, side).coordinates[0] ?? [];
      expect(ring[0]).toEqual(ring[ring.length - 1]);
      // The corners: every 16th vertex.
      const corners = [0, 16, 32, 48].map((i) => ring[i] as [number, number]);
      const sides = corners.map((c, i) => {
        const next = corners[(i + 1) % 4] as [number, number];
        return WGS84.Inverse(c[1], c[0], next[1], next[0]).s12 as number;
      });
      for (const s of sides) expect(Math.abs(s - side) / side).toBeLessThan(0.01);
      // The upwind side is centred on the spill.
      const [a, b] = [corners[0] as [number, number], corners[1] as [number, number]];
      expect(Math.abs((inverse(...a).s12 as number) - side / 2) / side).toBeLessThan(0.001);
      expect(Math.abs((inverse(...b).s12 as number) - side / 2) / side).toBeLessThan(0.001);
      const centreLon = corners.reduce((s, c) => s + c[0], 0) / 4;
      const centreLat = corners.reduce((s, c) => s + c[1], 0) / 4;
      const centre = inverse(centreLon, centreLat);
      const bearing = ((centre.azi1 as number) + 360) % 360;
      const off = Math.abs(((bearing - downwind + 540) % 360) - 180);
      expect(off).toBeLessThan(1);
      expect(Math.abs((centre.s12 as number) - side / 2) / (side / 2)).toBeLessThan(0.01);
      // Counter-clockwise (GeoJSON's outer ring): the shoelace area is positive.
      const area = ring.slice(0, -1).reduce((sum, p, i) => {
        const q = ring[i + 1] as [number, number];
        return sum + (p[0] * q[1] - q[0] * p[1]);
      }, 0);
      expect(area).toBeGreaterThan(0);
    });
  }
});

describe('geodesicCircle', () => {
  it('puts every vertex at the radius along the geodesic', () => {
    for (const radius of [30, 800, 1_600, 11_000]) {
      const ring = geodesicCircle(BERGEN, radius).coordinates[0] ?? [];
      expect(ring).toHaveLength(129);
      for (const [lon, lat] of ring) expect(Math.abs((inverse(lon, lat).s12 as number) - radius)).toBeLessThan(0.01);
    }
  });
});
