import type { ProtectiveZonesResponse } from '@fast/contracts';
import { describe, expect, it } from 'vitest';
import { i18next } from '../../../i18n/i18n.ts';
import { nn } from '../../../i18n/locales/nn.ts';
import { chlorineZones } from './test-fixtures.ts';
import { compassPointOf, windFromText, zoneLabelsOf } from './zone-labels.ts';

const ring = chlorineZones().isolation;

/** Propane: the guide's large spill downwind, the fire's isolation against the BLEVE table's evacuation. */
function propaneZones(bleveMetres: number | null): ProtectiveZonesResponse {
  const base = chlorineZones();
  return {
    ...base,
    fire: ring,
    parameters: {
      ...base.parameters,
      unNumber: '1978',
      name: 'Propan',
      nameNn: 'Propan',
      guide: 115,
      table: 'guide',
      material: null,
      fire: true,
      container: null,
      windSpeed: null,
      daylight: 'day',
      tankLitres: bleveMetres === null ? null : 4500,
      bleveCapacityLitres: bleveMetres === null ? null : 7600,
      isolation: { metres: 100, table: 'guide', allDirections: true },
      protectiveAction: { metres: 800, table: 'guide', allDirections: false },
      fireIsolation: { metres: 1600, table: 'guide', allDirections: true },
      bleve: bleveMetres === null ? null : { metres: bleveMetres, table: 'BLEVE', allDirections: true },
    },
  };
}

describe('the zones’ labels', () => {
  it('say what each zone is, its distance and its source: edition, table, container, wind and night', () => {
    expect(zoneLabelsOf(chlorineZones(), i18next.t)).toEqual({
      isolation: 'Isoler i alle retninger: 300\u00a0m — ERG 2016 tabell 3, flere tonnsylindere',
      protectiveAction: 'Beskytt personer nedvinds: 2,4\u00a0km — ERG 2016 tabell 3, flere tonnsylindere, moderat vind, natt',
      fire: null,
    });
  });

  it('speak Nynorsk', () => {
    i18next.addResourceBundle('nn', 'translation', nn, true, true);
    expect(zoneLabelsOf(chlorineZones(), i18next.getFixedT('nn'))).toEqual({
      isolation: 'Isoler i alle retningar: 300\u00a0m — ERG 2016 tabell 3, fleire tonnsylindrar',
      protectiveAction: 'Vern personar nedvinds: 2,4\u00a0km — ERG 2016 tabell 3, fleire tonnsylindrar, moderat vind, natt',
      fire: null,
    });
  });

  it('name Table 1 with the spill and the day or night of its protective distance', () => {
    const base = chlorineZones();
    const labels = zoneLabelsOf(
      {
        ...base,
        parameters: {
          ...base.parameters,
          spill: 'small',
          container: null,
          windSpeed: null,
          daylight: 'day',
          table: '1',
          isolation: { metres: 60, table: '1', allDirections: true },
          protectiveAction: { metres: 300, table: '1', allDirections: false },
        },
      },
      i18next.t,
    );
    expect([labels.isolation, labels.protectiveAction]).toEqual([
      'Isoler i alle retninger: 60\u00a0m — ERG 2016 tabell 1, lite utslipp',
      'Beskytt personer nedvinds: 300\u00a0m — ERG 2016 tabell 1, lite utslipp, dag',
    ]);
  });

  it('call the fire zone by the larger of the fire isolation and the BLEVE evacuation', () => {
    expect(zoneLabelsOf(propaneZones(null), i18next.t)).toEqual({
      isolation: 'Isoler i alle retninger: 100\u00a0m — ERG 2016 veiledning 115',
      protectiveAction: 'Beskytt personer nedvinds: 800\u00a0m — ERG 2016 veiledning 115, stort utslipp',
      fire: 'Brann: isoler i alle retninger: 1,6\u00a0km — ERG 2016 veiledning 115',
    });
    expect(zoneLabelsOf(propaneZones(1900), i18next.t).fire).toBe(
      'BLEVE: evakuer i alle retninger: 1,9\u00a0km — ERG 2016 BLEVE-tabellen, tank inntil 7\u00a0600 liter',
    );
    // A smaller BLEVE distance leaves the fire's isolation as the zone.
    expect(zoneLabelsOf(propaneZones(800), i18next.t).fire).toMatch(/^Brann: isoler i alle retninger: 1,6/);
  });

  it('evacuate in all directions only where the guide does (explosives), and never call a downwind distance an evacuation', () => {
    const base = propaneZones(null);
    const explosive = zoneLabelsOf(
      {
        ...base,
        parameters: {
          ...base.parameters,
          guide: 112,
          protectiveAction: { metres: 800, table: 'guide', allDirections: true },
        },
      },
      i18next.t,
    );
    expect(explosive.protectiveAction).toBe('Evakuer i alle retninger: 800\u00a0m — ERG 2016 veiledning 112, stort utslipp');
    for (const labels of [zoneLabelsOf(chlorineZones(), i18next.t), zoneLabelsOf(propaneZones(null), i18next.t)])
      expect(labels.protectiveAction).not.toMatch(/evaku/i);
  });

  it('name the wind by where it comes from, in degrees and compass points', () => {
    expect(windFromText(225, i18next.t)).toBe('Vind fra sørvest (225°)');
    expect(windFromText(224.6, i18next.getFixedT('nn'))).toBe('Vind frå sørvest (225°)');
    expect([0, 22, 23, 90, 337.4, 337.5, 360].map(compassPointOf)).toEqual(['N', 'N', 'NØ', 'Ø', 'NV', 'N', 'N']);
  });
});
