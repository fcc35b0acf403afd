import type { FacilityHazardDistances } from '@fast/contracts';
import { haversineMetres } from '@fast/contracts';
import { describe, expect, it, vi } from 'vitest';
import { i18next } from '../../i18n/i18n.ts';
import { nn } from '../../i18n/locales/nn.ts';
import type { Drawing } from './draw-tools.ts';
import { asksForSafetyZones, drawSafetyZones, safetyZonesBounds, safetyZonesOf } from './safety-zones.ts';

const AMMONIA = { unNumber: '1005', name: 'Ammoniakk, vannfri', nameNn: 'Ammoniakk, vassfri' };
const CHLORINE = { unNumber: '1017', name: 'Klor', nameNn: 'Klor' };

describe('safety zones', () => {
  it('labels the isolation and the evacuation ring each with the substance that sets it', () => {
    const distances: FacilityHazardDistances = {
      isolation: { metres: 100, ...CHLORINE },
      evacuation: { metres: 1200, ...AMMONIA },
    };
    expect(safetyZonesOf(distances, i18next.t, 'nb')).toEqual([
      { radiusMetres: 100, label: 'Isolasjonssone: 100 m – Klor (UN 1017)' },
      { radiusMetres: 1200, label: 'Evakueringssone: 1\u00a0200 m – Ammoniakk, vannfri (UN 1005)' },
    ]);
  });

  it('speaks Nynorsk with the substance’s Nynorsk name', () => {
    i18next.addResourceBundle('nn', 'translation', nn, true, true);
    const zones = safetyZonesOf({ isolation: { metres: 30, ...AMMONIA }, evacuation: null }, i18next.getFixedT('nn'), 'nn');
    expect(zones).toEqual([{ radiusMetres: 30, label: 'Isolasjonssone: 30 m – Ammoniakk, vassfri (UN 1005)' }]);
  });

  it('draws no ring for a distance the sources do not give', () => {
    expect(safetyZonesOf({ isolation: null, evacuation: null }, i18next.t, 'nb')).toEqual([]);
  });

  it('says the night and the day figure of a protective distance from table 1', () => {
    const [evacuation] = safetyZonesOf(
      { isolation: null, evacuation: { metres: 3700, dayMetres: 1600, ...AMMONIA } },
      i18next.t,
      'nb',
    );
    expect(evacuation?.label).toMatch(
      /^Evakueringssone: 3\s700 m om natten, 1\s600 m om dagen – Ammoniakk, vannfri \(UN 1005\)$/,
    );
    expect(evacuation?.radiusMetres).toBe(3700);
  });

  it('bounds the largest ring whole: every side of it touches the ring, none cuts it', () => {
    const center: [number, number] = [5.3, 60.4];
    const zones = [
      { radiusMetres: 100, label: 'Isolasjonssone' },
      { radiusMetres: 3700, label: 'Evakueringssone' },
    ];
    const [west, south, east, north] = safetyZonesBounds(center, zones) ?? [0, 0, 0, 0];
    // The box reaches the evacuation ring's radius in each direction (to a metre) and no farther.
    expect(haversineMetres(center, [center[0], north])).toBeCloseTo(3700, -1);
    expect(haversineMetres(center, [center[0], south])).toBeCloseTo(3700, -1);
    expect(haversineMetres(center, [east, center[1]])).toBeCloseTo(3700, -1);
    expect(haversineMetres(center, [west, center[1]])).toBeCloseTo(3700, -1);
    expect(safetyZonesBounds(center, [])).toBeNull();
  });

  it('adds the rings around the facility as labelled circles and counts those the drawing took', () => {
    const addCircle = vi.fn<Drawing['addCircle']>().mockReturnValueOnce('a').mockReturnValueOnce(null);
    const drawing = { addCircle } as unknown as Drawing;
    const zones = [
      { radiusMetres: 100, label: 'Isolasjonssone' },
      { radiusMetres: 800, label: 'Evakueringssone' },
    ];
    expect(drawSafetyZones(drawing, [5.3, 60.4], zones)).toBe(1);
    expect(addCircle.mock.calls).toEqual([
      [[5.3, 60.4], 100, 'Isolasjonssone'],
      [[5.3, 60.4], 800, 'Evakueringssone'],
    ]);
  });

  it('knows the facility page’s request in the navigation state', () => {
    expect([{ safetyZones: true }, { safetyZones: 'yes' }, null, undefined, 'safetyZones'].map(asksForSafetyZones)).toEqual([
      true,
      false,
      false,
      false,
      false,
    ]);
  });
});
