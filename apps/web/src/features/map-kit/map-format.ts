import type { TFunction } from 'i18next';
import { formatNumber } from '../../lib/number-format.ts';

/** "850 m", "2 500 m", "12,4 km": metres as long as a radius is typed in metres. */
export function formatLength(metres: number, t: TFunction): string {
  if (metres < 10_000) return t('map.units.metres', { value: formatNumber(metres) });
  return t('map.units.kilometres', { value: formatNumber(metres / 1000, 1) });
}

/** "3 142 m²", "2,35 km²". */
export function formatArea(squareMetres: number, t: TFunction): string {
  if (squareMetres < 100_000) return t('map.units.squareMetres', { value: formatNumber(squareMetres) });
  return t('map.units.squareKilometres', { value: formatNumber(squareMetres / 1e6, 2) });
}

export function formatPosition([lon, lat]: [number, number]): string {
  return `${formatNumber(lat, 5)} N, ${formatNumber(lon, 5)} Ø`;
}
