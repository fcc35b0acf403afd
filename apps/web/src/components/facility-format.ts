import type {
  DistanceSetter,
  ErgTable,
  QuantityTotal,
  QuantityUnit,
  SubstanceGroupTotal,
  Table3Container,
} from '@fast/contracts';
import type { TFunction } from 'i18next';
import { formatNumber, formatQuantity } from '../lib/number-format.ts';
// Every hazard text is under `hazard.`, which comes with the screens that use it (see hazard-texts.ts).
import './hazard-texts.ts';

/** "12,5 m³", "3 000 liter": a quantity in the register's unit. */
export function formatQuantityWithUnit(value: number, unit: QuantityUnit, t: TFunction): string {
  return `${formatQuantity(value)} ${t(`facility.quantityUnits.${unit}`)}`;
}

const kilometres = new Intl.NumberFormat('nb-NO', { minimumFractionDigits: 1, maximumFractionDigits: 1 });

/**
 * An ERG distance as the guidebook prints it: whole metres below a kilometre ("300 m"),
 * kilometres with one decimal from there ("1,0 km", "11,0 km"). A non-breaking space keeps the
 * unit with its number when a narrow column wraps.
 */
export function formatErgDistance(metres: number): string {
  return metres < 1000 ? `${formatNumber(metres)}\u00a0m` : `${kilometres.format(metres / 1000)}\u00a0km`;
}

/** Where an ERG figure comes from; `container` for a Table 3 figure (read at low wind, the row's largest), `guide` for the guide's number. */
export interface ErgSource {
  edition: string;
  table: ErgTable;
  container?: Table3Container | undefined;
  guide?: number | undefined;
}

/** "ERG 2016, tabell 1", "ERG 2016, tabell 3: flere tonnsylindere, svak vind", "ERG 2016, veiledning 124", "ERG 2016, BLEVE-tabellen". */
export function ergSourceText(source: ErgSource, t: TFunction): string {
  const { edition } = source;
  switch (source.table) {
    case '1':
      return t('hazard.source.table1', { edition });
    case '3':
      return source.container
        ? t('hazard.source.table3Container', {
            edition,
            container: t(`hazard.containers.${source.container}`),
            wind: t('hazard.wind.low'),
          })
        : t('hazard.source.table3', { edition });
    case 'BLEVE':
      return t('hazard.source.bleve', { edition });
    default:
      return source.guide === undefined
        ? t('hazard.source.guide', { edition })
        : t('hazard.source.guideNumber', { edition, guide: String(source.guide) });
  }
}

/**
 * The label of a facility's largest protective-action distance: downwind ("Beskytt personer
 * nedvinds"), or in all directions where the setter is an explosive's evacuation. Never the word
 * "evakuering" for a downwind distance.
 */
export function protectiveLabelKey(setter: Pick<DistanceSetter, 'allDirections'>) {
  return setter.allDirections ? ('hazard.largest.evacuateAll' as const) : ('hazard.largest.protect' as const);
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
