import type { ProtectiveZonesParameters, ProtectiveZonesResponse, ZoneDistance } from '@fast/contracts';
import type { TFunction } from 'i18next';
import { formatErgDistance } from '../../../components/facility-format.ts';
import { formatNumber } from '../../../lib/number-format.ts';
// Every text of the zones is under `zones.`, which comes with this feature (see zones-texts.ts).
import './zones-texts.ts';

/** The three zones of an answer, in the order the panel lists them. */
export const ZONE_KINDS = ['isolation', 'protectiveAction', 'fire'] as const;
export type ZoneKind = (typeof ZONE_KINDS)[number];

/** The eight compass points the wind is named by, clockwise from north. */
export const COMPASS_POINTS = ['N', 'NØ', 'Ø', 'SØ', 'S', 'SV', 'V', 'NV'] as const;
export type CompassPoint = (typeof COMPASS_POINTS)[number];

/** The nearest of the eight compass points to a bearing (0 and 360 are north). */
export function compassPointOf(degrees: number): CompassPoint {
  const normalised = ((degrees % 360) + 360) % 360;
  return COMPASS_POINTS[Math.round(normalised / 45) % COMPASS_POINTS.length] as CompassPoint;
}

/** Whole degrees, as the wind is given: 225.4 → "225". */
export const formatDegreesWhole = (degrees: number): string => String(Math.round(degrees));

/** "Vind fra sørvest (225°)". */
export function windFromText(degrees: number, t: TFunction): string {
  return t('zones.windFrom', { direction: t(`zones.compass.${compassPointOf(degrees)}`), degrees: formatDegreesWhole(degrees) });
}

type Role = 'isolation' | 'protect' | 'fire';

/** "Flere tonnsylindere" → "flere tonnsylindere": a name from a list, in running text (none is a proper noun). */
const inText = (text: string) => text.charAt(0).toLocaleLowerCase('nb') + text.slice(1);

/**
 * Where a distance comes from, as specific as the table is: "ERG 2016 tabell 3, flere
 * tonnsylindere, moderat vind, natt" for a protective action distance of Table 3, "ERG 2016
 * tabell 1, stort utslipp" for an isolation of Table 1, the guide's number for its own figures.
 */
function sourceText(distance: ZoneDistance, role: Role, p: ProtectiveZonesParameters, t: TFunction): string {
  const edition = p.edition;
  const protect = role === 'protect';
  const daylight = inText(t(`zones.form.${p.daylight}`));
  const spill = t(`zones.spillInText.${p.spill}`);
  const parts: (string | null)[] = [];
  switch (distance.table) {
    case '3':
      parts.push(
        t('zones.source.table3', { edition }),
        p.container ? inText(t(`zones.containers.${p.container}`)) : null,
        protect && p.windSpeed ? t(`zones.windInText.${p.windSpeed}`) : null,
        protect ? daylight : null,
      );
      break;
    case '1':
      parts.push(t('zones.source.table1', { edition }), spill, protect ? daylight : null);
      break;
    case 'BLEVE':
      parts.push(
        t('zones.source.bleve', { edition }),
        t('zones.source.tank', { litres: formatNumber(p.bleveCapacityLitres ?? 0) }),
      );
      break;
    default:
      parts.push(t('zones.source.guide', { edition, guide: String(p.guide) }), protect ? spill : null);
  }
  return parts.filter((part) => part !== null).join(', ');
}

/** The fire zone's distance: the larger of the fire isolation and the BLEVE evacuation (BLEVE on a tie: it evacuates). */
export function fireDistanceOf(p: ProtectiveZonesParameters): ZoneDistance | null {
  const { fireIsolation, bleve } = p;
  if (bleve && (!fireIsolation || bleve.metres >= fireIsolation.metres)) return bleve;
  return fireIsolation;
}

/** Each zone's label: what it is, its distance and its source; null for a zone the answer does not have. */
export type ZoneLabels = Record<ZoneKind, string | null> & { isolation: string };

/**
 * "Beskytt personer nedvinds: 2,4 km — ERG 2016 tabell 3, flere tonnsylindere, moderat vind,
 * natt": the labels of the answer's zones. A downwind distance is never called an evacuation;
 * the explosives' all-around one is.
 */
export function zoneLabelsOf(response: ProtectiveZonesResponse, t: TFunction): ZoneLabels {
  const p = response.parameters;
  const text = (key: 'isolation' | 'protect' | 'evacuateAll' | 'fire' | 'bleve', distance: ZoneDistance, role: Role) =>
    t(`zones.labels.${key}`, { distance: formatErgDistance(distance.metres), source: sourceText(distance, role, p, t) });
  const protective = response.protectiveAction && p.protectiveAction;
  const fire = response.fire ? fireDistanceOf(p) : null;
  return {
    isolation: text('isolation', p.isolation, 'isolation'),
    protectiveAction: protective ? text(protective.allDirections ? 'evacuateAll' : 'protect', protective, 'protect') : null,
    fire: fire ? text(fire.table === 'BLEVE' ? 'bleve' : 'fire', fire, 'fire') : null,
  };
}
