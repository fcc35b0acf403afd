import type { ProtectiveZonesResponse } from '@fast/contracts';
import { destination, type LonLat } from '../geometry.ts';
import type { AreaLine, AreaOverlay, LabelAnchor, MapArea, MapArrow } from '../map-view.ts';
import { fireDistanceOf, type ZoneKind, type ZoneLabels } from './zone-labels.ts';

/**
 * Each zone's colour and line: red and solid for the isolation, purple and dashed for the
 * protective action, dark orange and dotted for fire, so that they tell apart on the map, in the
 * panel's legend and in black and white. Dark enough for their labels on a light basemap (≥ 4.5:1).
 */
export const ZONE_STYLES: Record<ZoneKind, { colour: string; line: AreaLine }> = {
  isolation: { colour: '#b3261e', line: 'solid' },
  protectiveAction: { colour: '#5b2a86', line: 'dashed' },
  fire: { colour: '#8f4400', line: 'dotted' },
};
const WIND_COLOUR = '#0b4f6c';

/** Clockwise from north: the anchor whose text runs that way from its point. */
const AWAY: LabelAnchor[] = ['bottom', 'bottom-left', 'left', 'top-left', 'top', 'top-right', 'right', 'bottom-right'];

/** The anchor that puts a label at this bearing from the spill outside its circle: south-east of it, the text runs south-east. */
export function anchorAway(bearing: number): LabelAnchor {
  const b = ((bearing % 360) + 360) % 360;
  return AWAY[Math.round(b / 45) % AWAY.length] as LabelAnchor;
}

/**
 * The wind arrow: it comes from upwind and points at the spill, its head just outside the largest
 * all-around circle; long enough to be seen beside the downwind zone (a quarter of its side).
 */
export function windArrow(
  point: LonLat,
  windFromDegrees: number,
  outerMetres: number,
  downwindMetres: number,
  label: string,
): MapArrow {
  const gap = Math.max(outerMetres * 0.15, 30);
  const length = Math.max(outerMetres * 0.9, downwindMetres * 0.25, 200);
  const headLength = length * 0.3;
  const tip = destination(point, outerMetres + gap, windFromDegrees);
  const base = destination(point, outerMetres + gap + headLength, windFromDegrees);
  const tail = destination(point, outerMetres + gap + length, windFromDegrees);
  const left = destination(base, headLength * 0.55, windFromDegrees - 90);
  const right = destination(base, headLength * 0.55, windFromDegrees + 90);
  return { shaft: [tail, base], head: [tip, left, right, tip], colour: WIND_COLOUR, label };
}

/**
 * The answer as the map draws it: each zone's polygon (as the server drew it) in its style with
 * its label, the downwind zone's label in its middle and the circles' on their upwind side (where
 * the square is not), either side of the wind arrow. Labels in priority order (the map drops
 * colliding ones last first): the protective action, the isolation, fire, then the wind.
 */
export function zoneOverlayOf(
  response: ProtectiveZonesResponse,
  labels: ZoneLabels,
  point: LonLat,
  windLabel: string | null,
): AreaOverlay {
  const p = response.parameters;
  const axis = p.downwindDegrees ?? 0;
  const upwind = axis + 180;
  const areas: MapArea[] = [];
  const ringOf = (polygon: { coordinates: [number, number][][] }) => (polygon.coordinates[0] ?? []) as LonLat[];
  const protective = p.protectiveAction;
  if (response.protectiveAction && protective && labels.protectiveAction) {
    areas.push({
      ring: ringOf(response.protectiveAction),
      ...ZONE_STYLES.protectiveAction,
      label: labels.protectiveAction,
      labelAt:
        protective.allDirections || p.downwindDegrees === null
          ? destination(point, protective.metres * 0.8, axis)
          : destination(point, protective.metres / 2, p.downwindDegrees),
      labelAnchor: 'center',
    });
  }
  areas.push({
    ring: ringOf(response.isolation),
    ...ZONE_STYLES.isolation,
    label: labels.isolation,
    labelAt: destination(point, p.isolation.metres, upwind - 75),
    labelAnchor: anchorAway(upwind - 75),
  });
  const fire = fireDistanceOf(p);
  if (response.fire && fire && labels.fire) {
    areas.push({
      ring: ringOf(response.fire),
      ...ZONE_STYLES.fire,
      label: labels.fire,
      labelAt: destination(point, fire.metres, upwind + 75),
      labelAnchor: anchorAway(upwind + 75),
    });
  }
  const circles = [p.isolation.metres, fire?.metres ?? 0, protective?.allDirections ? protective.metres : 0];
  const arrow =
    p.windFromDegrees !== null && windLabel !== null
      ? windArrow(
          point,
          p.windFromDegrees,
          Math.max(...circles),
          protective?.allDirections ? 0 : (protective?.metres ?? 0),
          windLabel,
        )
      : null;
  return { point, areas, arrow };
}
