import type { SubstanceGroupTotal } from '@fast/contracts';
import { describe, expect, it } from 'vitest';
import { formatQuantity } from '../../lib/number-format.ts';
import { chartSeries, formatDegrees, formatMetres } from './format.ts';

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
