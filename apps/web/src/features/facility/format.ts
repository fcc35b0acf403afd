import type { QuantityTotal, QuantityUnit, SubstanceGroupTotal } from '@fast/contracts';
import type { TFunction } from 'i18next';
import { formatQuantity } from '../../lib/number-format.ts';

/** "12,5 m³", "3 000 liter": a quantity in the register's unit. */
export function formatQuantityWithUnit(value: number, unit: QuantityUnit, t: TFunction): string {
  return `${formatQuantity(value)} ${t(`facility.quantityUnits.${unit}`)}`;
}

/** UTM metres as written on maps: whole metres, no grouping ("6643119"). */
export function formatMetres(value: number): string {
  return Math.round(value).toString();
}

/** Decimal degrees with six decimals (about 10 cm), with a point, as GPS units and map services take them. */
export function formatDegrees(value: number): string {
  return value.toFixed(6);
}

export interface ChartBar {
  groupId: number;
  name: string;
  nameNn: string;
  quantity: number;
  /** Share of the largest bar of the same unit, 0–1. */
  share: number;
}

export interface ChartSeries {
  unit: QuantityTotal['unit'];
  bars: ChartBar[];
}

/**
 * The bar chart's data: one series per unit of measure (m³ and tonnes cannot share an axis),
 * the groups in catalogue order, each bar relative to the largest of its series.
 */
export function chartSeries(groups: readonly SubstanceGroupTotal[]): ChartSeries[] {
  const byUnit = new Map<QuantityTotal['unit'], ChartBar[]>();
  for (const group of groups) {
    for (const total of group.totals) {
      const bars = byUnit.get(total.unit) ?? [];
      bars.push({ groupId: group.groupId, name: group.name, nameNn: group.nameNn, quantity: total.quantity, share: 0 });
      byUnit.set(total.unit, bars);
    }
  }
  return [...byUnit].map(([unit, bars]) => {
    const max = Math.max(...bars.map((b) => b.quantity));
    return { unit, bars: bars.map((b) => ({ ...b, share: max > 0 ? b.quantity / max : 0 })) };
  });
}
