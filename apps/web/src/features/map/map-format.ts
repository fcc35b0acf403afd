import type { TFunction } from 'i18next';

const number = (language: string, digits: number) =>
  new Intl.NumberFormat(language === 'nn' ? 'nn-NO' : 'nb-NO', { maximumFractionDigits: digits });

/** "850 m", "2 500 m", "12,4 km": metres as long as a radius is typed in metres. */
export function formatLength(metres: number, t: TFunction, language: string): string {
  if (metres < 10_000) return t('map.units.metres', { value: number(language, 0).format(metres) });
  return t('map.units.kilometres', { value: number(language, 1).format(metres / 1000) });
}

/** "3 142 m²", "2,35 km²". */
export function formatArea(squareMetres: number, t: TFunction, language: string): string {
  if (squareMetres < 100_000) return t('map.units.squareMetres', { value: number(language, 0).format(squareMetres) });
  return t('map.units.squareKilometres', { value: number(language, 2).format(squareMetres / 1e6) });
}

export function formatQuantity(value: number, language: string): string {
  return number(language, 3).format(value);
}

export function formatPosition([lon, lat]: [number, number], language: string): string {
  const f = number(language, 5);
  return `${f.format(lat)} N, ${f.format(lon)} Ø`;
}

/** Counts with Norwegian digit grouping: "1 336". */
export function formatCount(value: number, language: string): string {
  return number(language, 0).format(value);
}
