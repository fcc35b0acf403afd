import type { SubstanceGroupTotal } from '@fast/contracts';
import { describe, expect, it } from 'vitest';
import { i18next } from '../i18n/i18n.ts';
import { nn } from '../i18n/locales/nn.ts';
import { formatQuantity } from '../lib/number-format.ts';
import {
  chartSeries,
  ergSourceText,
  formatDegrees,
  formatErgDistance,
  formatMetres,
  protectiveLabelKey,
} from './facility-format.ts';

const group = (groupId: number, totals: SubstanceGroupTotal['totals']): SubstanceGroupTotal => ({
  groupId,
  name: `G${groupId}`,
  nameNn: `G${groupId} nn`,
  totals,
  substances: [],
});

describe('facility formats', () => {
  it('writes quantities the Norwegian way and coordinates the map way', () => {
    expect(formatQuantity(42.5)).toBe('42,5');
    expect(formatQuantity(12000).replace(/\s/g, ' ')).toBe('12 000');
    expect(formatQuantity(0.0004)).toBe('0');
    expect(formatMetres(6643118.9914)).toBe('6643119');
    expect(formatDegrees(59.9139)).toBe('59.913900');
  });
});

describe('chartSeries', () => {
  it('makes one series per unit, each bar relative to the largest of its unit', () => {
    const series = chartSeries([
      group(1, [{ unit: 'm3', quantity: 5 }]),
      group(2, [
        { unit: 'tonn', quantity: 1 },
        { unit: 'm3', quantity: 20 },
      ]),
      group(5, [{ unit: 'tonn', quantity: 4 }]),
    ]);
    expect(series.map((s) => [s.unit, s.bars.map((b) => [b.groupId, b.share])])).toEqual([
      [
        'm3',
        [
          [1, 0.25],
          [2, 1],
        ],
      ],
      [
        'tonn',
        [
          [2, 0.25],
          [5, 1],
        ],
      ],
    ]);
  });

  it('draws no bar for a series of zeros', () => {
    expect(chartSeries([group(1, [{ unit: 'kg', quantity: 0 }])])[0]?.bars[0]?.share).toBe(0);
  });
});

describe('ERG figures', () => {
  it('writes metres below a kilometre and kilometres with one decimal from there, the unit kept with its number', () => {
    expect([0, 30, 800, 999, 1000, 2100, 11000].map(formatErgDistance)).toEqual([
      '0\u00a0m',
      '30\u00a0m',
      '800\u00a0m',
      '999\u00a0m',
      '1,0\u00a0km',
      '2,1\u00a0km',
      '11,0\u00a0km',
    ]);
  });

  it('names the source of every figure with its edition', () => {
    const t = i18next.t;
    expect(ergSourceText({ edition: '2016', table: '1' }, t)).toBe('ERG 2016, tabell 1');
    expect(ergSourceText({ edition: '2016', table: '3' }, t)).toBe('ERG 2016, tabell 3');
    expect(ergSourceText({ edition: '2016', table: '3', container: 'rail-tank-car' }, t)).toBe(
      'ERG 2016, tabell 3: jernbanetankvogn, svak vind',
    );
    expect(ergSourceText({ edition: '2016', table: 'guide' }, t)).toBe('ERG 2016, veiledningen');
    expect(ergSourceText({ edition: '2016', table: 'guide', guide: 124 }, t)).toBe('ERG 2016, veiledning 124');
    expect(ergSourceText({ edition: '2016', table: 'BLEVE' }, t)).toBe('ERG 2016, BLEVE-tabellen');
    i18next.addResourceBundle('nn', 'translation', nn, true, true);
    expect(ergSourceText({ edition: '2016', table: '3', container: 'multiple-ton-cylinders' }, i18next.getFixedT('nn'))).toBe(
      'ERG 2016, tabell 3: fleire tonnsylindrar, svak vind',
    );
  });

  it('calls a protective distance evacuation only where it is in all directions', () => {
    expect(protectiveLabelKey({ allDirections: false })).toBe('hazard.largest.protect');
    expect(protectiveLabelKey({ allDirections: true })).toBe('hazard.largest.evacuateAll');
    expect(i18next.t(protectiveLabelKey({ allDirections: false }))).toBe('Beskytt personer nedvinds');
  });
});
