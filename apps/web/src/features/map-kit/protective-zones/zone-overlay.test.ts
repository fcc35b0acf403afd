import { haversineMetres } from '@fast/contracts';
import { describe, expect, it } from 'vitest';
import { i18next } from '../../../i18n/i18n.ts';
import type { LonLat } from '../geometry.ts';
import { chlorineZones, WATERWORKS_POSITION } from './test-fixtures.ts';
import { windFromText, zoneLabelsOf } from './zone-labels.ts';
import { anchorAway, ZONE_STYLES, zoneOverlayOf } from './zone-overlay.ts';

/** The initial bearing from one point to another, degrees clockwise from north. */
function bearing([lon1, lat1]: LonLat, [lon2, lat2]: LonLat): number {
  const r = Math.PI / 180;
  const y = Math.sin((lon2 - lon1) * r) * Math.cos(lat2 * r);
  const x = Math.cos(lat1 * r) * Math.sin(lat2 * r) - Math.sin(lat1 * r) * Math.cos(lat2 * r) * Math.cos((lon2 - lon1) * r);
  return (((Math.atan2(y, x) / r) % 360) + 360) % 360;
}

describe('the zones on the map', () => {
  const response = chlorineZones();
  const labels = zoneLabelsOf(response, i18next.t);
  const overlay = zoneOverlayOf(response, labels, WATERWORKS_POSITION, windFromText(225, i18next.t));

  it('draws the server’s polygons in each zone’s style, with its label; the downwind label in the square’s middle', () => {
    expect(overlay.point).toEqual(WATERWORKS_POSITION);
    expect(overlay.areas.map((area) => [area.label, area.colour, area.line, area.ring])).toEqual([
      [labels.protectiveAction, ZONE_STYLES.protectiveAction.colour, 'dashed', response.protectiveAction?.coordinates[0]],
      [labels.isolation, ZONE_STYLES.isolation.colour, 'solid', response.isolation.coordinates[0]],
    ]);
    const [square, isolation] = overlay.areas;
    // Half the square's side downwind (north-east) of the spill.
    expect(haversineMetres(WATERWORKS_POSITION, square?.labelAt as LonLat)).toBeCloseTo(1200, 0);
    expect(bearing(WATERWORKS_POSITION, square?.labelAt as LonLat)).toBeCloseTo(45, 0);
    // The isolation's label on the circle's upwind side, where the square is not.
    expect(haversineMetres(WATERWORKS_POSITION, isolation?.labelAt as LonLat)).toBeCloseTo(300, 0);
    expect(bearing(WATERWORKS_POSITION, isolation?.labelAt as LonLat)).toBeCloseTo(150, 0);
  });

  it('points the wind arrow from the south-west at the spill, its head outside the isolation circle', () => {
    const arrow = overlay.arrow;
    if (!arrow) throw new Error('no arrow');
    expect(arrow.label).toBe('Vind fra sørvest (225°)');
    const [tail, base] = arrow.shaft as [LonLat, LonLat];
    const tip = arrow.head[0] as LonLat;
    expect(bearing(WATERWORKS_POSITION, tail)).toBeCloseTo(225, 0);
    expect(bearing(tail, tip)).toBeCloseTo(45, 0);
    expect(haversineMetres(WATERWORKS_POSITION, tip)).toBeGreaterThan(300);
    expect(haversineMetres(WATERWORKS_POSITION, tail)).toBeGreaterThan(haversineMetres(WATERWORKS_POSITION, base));
    expect(arrow.head).toHaveLength(4);
    expect(arrow.head[3]).toEqual(tip);
  });

  it('puts the circles’ and the arrow’s labels outside, the text running away from the spill', () => {
    expect(overlay.areas.map((area) => area.labelAnchor)).toEqual(['center', 'top-left']);
    // A quarter of the square's side: seen beside it.
    const [tail, base] = overlay.arrow?.shaft ?? [];
    expect(haversineMetres(tail as LonLat, base as LonLat)).toBeCloseTo(600 * 0.7, -1);
    expect([0, 22, 45, 90, 150, 180, 225, 270, 315, 350, -90].map(anchorAway)).toEqual([
      'bottom',
      'bottom',
      'bottom-left',
      'left',
      'top-left',
      'top',
      'top-right',
      'right',
      'bottom-right',
      'bottom',
      'right',
    ]);
  });

  it('draws no arrow without a wind', () => {
    const calm = {
      ...response,
      protectiveAction: null,
      parameters: { ...response.parameters, windFromDegrees: null, downwindDegrees: null },
    };
    const drawn = zoneOverlayOf(calm, zoneLabelsOf(calm, i18next.t), WATERWORKS_POSITION, null);
    expect(drawn.arrow).toBeNull();
    expect(drawn.areas.map((area) => area.line)).toEqual(['solid']);
  });
});
